/**
 * The command line: picocli commands that parse options and call a study, engine or component; the console (progress, the one
 * logger, the summary), live metrics endpoints and `graphperf serve`.
 * <p>
 * May use: everything below it: workloads, engines (by
 * ServiceLoader, and Neo4j's adapter directly), storage, datagen, components and core. Nothing uses it.
 */
package io.graphperf.cli;
