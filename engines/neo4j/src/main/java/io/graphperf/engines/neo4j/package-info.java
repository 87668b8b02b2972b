/**
 * Neo4j as graphperf starts it or reaches yours: engine hosts per release, the bulk importer, and the Bolt, HTTP, WebSocket-gateway
 * and embedded transports.
 * <p>
 * May use: components (the gateway's client), core and the Neo4j driver; named by the CLI and the studies
 * that are Neo4j's own.
 */
package io.graphperf.engines.neo4j;
