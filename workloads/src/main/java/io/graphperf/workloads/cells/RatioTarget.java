package io.graphperf.workloads.cells;

import io.graphperf.core.engine.TransportName;

import java.util.Optional;

/**
 * A target an issue or study states as a ratio: {@code scenario}'s entities/s must be at least {@code minimum}
 * × {@code baseline}'s — on the same transport, or on the two transports named. Checked when both ran; reported, never
 * turned into a pass or fail of the run (a slower machine is a finding, not an error).
 *
 * @param across the scenario's and the baseline's transports; empty: each transport both ran over
 */
public record RatioTarget(String label, String scenario, String baseline, double minimum, Optional<Across> across) {

    /** The scenario over one transport against the baseline over another. */
    public record Across(TransportName transport, TransportName baselineTransport) {
    }

    public RatioTarget(String label, String scenario, String baseline, double minimum) {
        this(label, scenario, baseline, minimum, Optional.empty());
    }

    /** The same target between the scenario over {@code transport} and the baseline over {@code baselineTransport}. */
    public static RatioTarget across(String label, String scenario, TransportName transport, String baseline, TransportName baselineTransport,
                                     double minimum) {
        return new RatioTarget(label, scenario, baseline, minimum, Optional.of(new Across(transport, baselineTransport)));
    }
}
