/**
 * graphperf's Neo4j plugin: the page cache, graphperf.measure() (the Runner inside the server: the embedded transport) and E2's
 * procedures.
 * <p>
 * May use: core and Neo4j's plugin API.
 */
package io.graphperf.engines.neo4j.procedures;
