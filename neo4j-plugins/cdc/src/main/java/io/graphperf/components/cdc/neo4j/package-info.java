/**
 * The change stream as a Neo4j plugin: the outbox capture, the relay to Kafka, the sink loop applying events in UNWIND batches with
 * its offsets, their settings, metrics and procedures.
 * <p>
 * May use: its parent package, core, Neo4j's plugin API and the Kafka client.
 */
package io.graphperf.components.cdc.neo4j;
