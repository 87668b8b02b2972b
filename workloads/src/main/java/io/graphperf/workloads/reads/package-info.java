/**
 * E2: options, command, the read study, servers (graphperf's store or yours), the 19 queries, their dialects and oracle, data and
 * report sections.
 * <p>
 * May use: the framework, cells, options, agents, E1's dataset loading, datagen and core.
 */
package io.graphperf.workloads.reads;
