package io.graphperf.core.results;

/**
 * One number of a cell that a comparison tests: the cell's headline (throughput, a latency percentile, a
 * phase's time) or another measurement of its own (peak memory, store size) — never two views of one
 * measurement (ops/s and entities/s are one).
 *
 * @param higherIsBetter direction of "better" (throughput up, time down)
 */
public record Figure(String name, String unit, boolean higherIsBetter, double value) {
}
