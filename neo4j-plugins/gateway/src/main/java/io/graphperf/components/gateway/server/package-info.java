/**
 * The WebSocket gateway as a Neo4j plugin on Neo4j's Netty: connections, login, limits, Cypher, stored procedures by name and batch-
 * writer submits.
 * <p>
 * May use: the protocol package, the batch writer, core, Neo4j's plugin API and Netty.
 */
package io.graphperf.components.gateway.server;
