/**
 * Kafka's broker in KRaft mode as E5 starts it: the launcher (format, start, kill, pause, restart, remove) and the child JVM's main.
 * A tool, not a graph engine.
 * <p>
 * May use: core and Kafka's server jars (in the child JVM).
 */
package io.graphperf.engines.kafka;
