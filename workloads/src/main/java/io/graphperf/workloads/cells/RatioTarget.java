package io.graphperf.workloads.cells;

/**
 * A target an issue or study states as a ratio: {@code scenario}'s entities/s must be at least {@code minimum}
 * × {@code baseline}'s on the same transport. Checked when both ran; reported, never turned into a pass or fail
 * of the run (a slower machine is a finding, not an error).
 */
public record RatioTarget(String label, String scenario, String baseline, double minimum) {
}
