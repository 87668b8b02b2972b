package io.graphperf.core.results;

import java.util.List;
import java.util.Map;

/**
 * One scenario on one transport: what was run, what was measured, and whether the data checks held.
 *
 * @param component figures of a server-side component the writes went through (the batch writer's
 *                  batches, fsyncs, lags), or null
 * @param targets   ratio targets this scenario was checked against (filled in once its baselines ran)
 */
public record ScenarioResult(String experiment, String scenario, String title, String transport,
                             String query, Measurement measurement, List<Verification> verifications,
                             Reference reference, Map<String, Object> component, List<TargetCheck> targets) {

    public ScenarioResult {
        targets = targets == null ? List.of() : List.copyOf(targets);
    }

    public ScenarioResult(String experiment, String scenario, String title, String transport, String query,
                          Measurement measurement, List<Verification> verifications, Reference reference) {
        this(experiment, scenario, title, transport, query, measurement, verifications, reference, null, List.of());
    }

    public ScenarioResult withTargets(List<TargetCheck> checks) {
        return new ScenarioResult(experiment, scenario, title, transport, query, measurement, verifications, reference, component, checks);
    }

    public boolean verified() {
        return verifications.stream().allMatch(Verification::passed);
    }

    /** The measured figure in the reference's unit, or NaN when there is no reference. */
    public double measuredForReference() {
        if (reference == null) return Double.NaN;
        return Reference.ENTITIES.equals(reference.unit()) ? measurement.entitiesPerSecond() : measurement.opsPerSecond();
    }
}
