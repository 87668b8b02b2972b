package io.graphperf.core.results;

/**
 * One number a run produced that a before/after comparison can test, e.g. "b2b 0.01 · import · rows/s".
 *
 * @param higherIsBetter direction of "better" (throughput up, time down)
 */
public record Figure(String name, String unit, boolean higherIsBetter, double value) {
}
