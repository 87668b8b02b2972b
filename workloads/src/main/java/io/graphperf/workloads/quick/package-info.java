/**
 * The quick suite: its options, command, run logic and headlines.
 * <p>
 * May use: the framework, cells, options, the studies it samples
 * (imports, reads, writes) and core.
 */
package io.graphperf.workloads.quick;
