/**
 * A user's workload file: parsing with file and line, operations and parameters, loading a CSV folder over Bolt, answers cross-
 * checked, thresholds, data and report section.
 * <p>
 * May use: the framework, cells, options, agents, E1's and E2's datasets, datagen
 * and core.
 */
package io.graphperf.workloads.workload;
