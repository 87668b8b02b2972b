package io.graphperf.workloads.safety;

import io.graphperf.core.measure.Closed;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Warmup;

import java.time.Duration;
import java.util.List;

/**
 * The safety study's validated options.
 *
 * @param clients  clients writing at once in each phase
 * @param duration how long each phase writes
 * @param txSizes  records a transaction writes, one phase each (e.g. 1, 10, 1000)
 * @param kills    rounds of writing, {@code kill -9} of the engine's processes at a moment drawn from the run's seed, restart and check
 *                 (0: none)
 */
public record SafetyOptions(int clients, Duration duration, List<Integer> txSizes, int kills) {
    public SafetyOptions {
        txSizes = List.copyOf(txSizes);
    }

    /** A phase's writes as a cell: the clients in the closed model, no warm-up (nothing is timed for a verdict), the phase's length. */
    public RunPlan plan() {
        return new RunPlan(new Closed(clients), new Warmup.Fixed(Duration.ZERO), duration);
    }
}
