package io.graphperf.workloads.orientdb;

import io.graphperf.core.measure.Closed;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Steadiness;
import io.graphperf.core.measure.Warmup;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/** The options of E4's writes on OrientDB. */
public record OrientWritesOptions(List<String> scenarios, int clients, Duration duration, Duration warmupMax, int diskCacheMb, String heap,
                                  Map<String, String> settings) {

    /** Each scenario's plan: {@code clients} in the closed model, warmed until steady (at most {@code warmupMax}), one window. */
    public RunPlan plan() {
        return new RunPlan(new Closed(clients), new Warmup.UntilSteady(warmupMax, Steadiness.Criterion.DEFAULT), duration);
    }
}
