/**
 * The gateway's wire protocol, shared by server and clients: formats (JSON, BSON, MessagePack), compressions and the message
 * envelope.
 * <p>
 * May use: the format and compression libraries only: no Neo4j, no Netty.
 */
package io.graphperf.components.gateway.protocol;
