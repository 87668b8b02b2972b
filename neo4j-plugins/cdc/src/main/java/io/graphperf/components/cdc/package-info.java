/**
 * The change stream's format and bookkeeping, without Neo4j: ChangeEvent (the JSON events), commit sequences, Kafka keys and handled
 * positions.
 * <p>
 * May use: core, Jackson and the JDK.
 */
package io.graphperf.components.cdc;
