package io.graphperf.workloads.cells;

/**
 * A target an issue or study states as a ratio: {@code scenario}'s entities/s must be at least {@code minimum}
 * × {@code baseline}'s — on the same transport, or on the two transports named. Checked when both ran; reported, never
 * turned into a pass or fail of the run (a slower machine is a finding, not an error).
 *
 * @param transport         the scenario's transport, or null: each transport both ran over
 * @param baselineTransport the baseline's transport (with {@code transport})
 */
public record RatioTarget(String label, String scenario, String baseline, double minimum, String transport, String baselineTransport) {

    public RatioTarget(String label, String scenario, String baseline, double minimum) {
        this(label, scenario, baseline, minimum, null, null);
    }

    /** The same target between the scenario over {@code transport} and the baseline over {@code baselineTransport}. */
    public static RatioTarget across(String label, String scenario, String transport, String baseline, String baselineTransport, double minimum) {
        return new RatioTarget(label, scenario, baseline, minimum, transport, baselineTransport);
    }
}
