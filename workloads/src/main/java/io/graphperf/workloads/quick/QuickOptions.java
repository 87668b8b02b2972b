package io.graphperf.workloads.quick;

import io.graphperf.core.measure.Closed;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Steadiness;
import io.graphperf.core.measure.Warmup;

import java.time.Duration;

/**
 * The quick suite's options: how long each cell's window is, how long warm-ups may take.
 *
 * @param serverWarmup a fixed server warm-up, or null for until settled
 */
public record QuickOptions(Duration window, Duration windowMax, Duration warmupMax, Duration serverWarmup, Duration serverWarmupCap, int clients) {

    /**
     * Every cell's plan: {@code clients} in the closed model, warmed until steady (at most {@code warmupMax}), a window of
     * {@code window} recorded in intervals of {@code interval}, lengthened up to {@code windowMax} while too short to tell.
     */
    public RunPlan plan(Duration interval) {
        return new RunPlan(new Closed(clients), new Warmup.UntilSteady(warmupMax, Steadiness.Criterion.DEFAULT), window, 0, interval,
                RunPlan.DEFAULT_BATCHES, null, windowMax);
    }
}
