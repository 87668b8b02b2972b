/**
 * E4: options, command, write scenarios, their dialects, the batch-writer probe, data and report section.
 * <p>
 * May use: the framework,
 * cells, options, agents and core.
 */
package io.graphperf.workloads.writes;
