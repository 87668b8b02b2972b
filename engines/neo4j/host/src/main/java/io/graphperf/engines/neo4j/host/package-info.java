/**
 * The child JVM's main that runs a Neo4j server with graphperf's plugins (its own classpath: no Netty clash with the driver). <p>
 * May use: Neo4j's server and core.
 */
package io.graphperf.engines.neo4j.host;
