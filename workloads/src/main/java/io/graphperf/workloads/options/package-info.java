/**
 * Option groups every experiment may include (run, engine, server, load, capacity, arrivals), variants and matrix files, with no
 * config-file knowledge.
 * <p>
 * May use: the framework, load agents, storage and core.
 */
package io.graphperf.workloads.options;
