/**
 * E5: Neo4j → Kafka → Neo4j, its options, pipeline, series, fault rounds, the source as oracle, data and report section.
 * <p>
 * May use:
 * the framework, cells, options, E4's scenarios, Kafka's broker launcher and core (the change stream runs inside Neo4j).
 */
package io.graphperf.workloads.cdc;
