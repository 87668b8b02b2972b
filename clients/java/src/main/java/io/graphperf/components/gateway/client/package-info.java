/**
 * The gateway's Java client: connection pool, pipelining, submits coalesced into messages, responses with their byte and time costs.
 * <p> May use: the gateway's protocol package and Netty; never its server.
 */
package io.graphperf.components.gateway.client;
