/**
 * The durable batch writer, independent of Neo4j: the write-ahead log of submitted writes (DurableLog, LogFiles, Layout), their
 * codec, pending and dead-letter bookkeeping, the UNWIND rewriting and its settings.
 * <p>
 * May use: core only (and the JDK); Neo4j's API
 * stays in the neo4j sub-package.
 */
package io.graphperf.components.batchwriter;
