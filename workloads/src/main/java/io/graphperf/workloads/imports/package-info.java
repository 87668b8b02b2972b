/**
 * E1 (and E3's export import): options, command, the phases of an import study, schema, warm-up methods, probes, data and report
 * sections.
 * <p>
 * May use: the framework, options, datagen and core.
 */
package io.graphperf.workloads.imports;
