package io.graphperf.core.results;

import java.util.List;

/** One scenario on one transport: what was run, what was measured, and whether the data checks held. */
public record ScenarioResult(String experiment, String scenario, String title, String transport,
                             String query, Measurement measurement, List<Verification> verifications,
                             Reference reference) {

    public boolean verified() {
        return verifications.stream().allMatch(Verification::passed);
    }

    /** The measured figure in the reference's unit, or NaN when there is no reference. */
    public double measuredForReference() {
        if (reference == null) return Double.NaN;
        return Reference.ENTITIES.equals(reference.unit()) ? measurement.entitiesPerSecond() : measurement.opsPerSecond();
    }
}
