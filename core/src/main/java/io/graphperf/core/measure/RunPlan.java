package io.graphperf.core.measure;

import java.time.Duration;

/**
 * A load model with its phases: warm-up (run, not counted) then the measured window.
 *
 * @param operationsPerClient closed model only: each client stops after this many measured operations
 *                            (a study's repeat count), the window then ends with the last of them;
 *                            0 = run for the whole duration
 */
public record RunPlan(LoadModel model, Duration warmup, Duration duration, long operationsPerClient) {
    public RunPlan {
        if (warmup.isNegative()) throw new IllegalArgumentException("warm-up must not be negative");
        if (duration.isZero() || duration.isNegative()) throw new IllegalArgumentException("duration must be positive");
        if (operationsPerClient < 0) throw new IllegalArgumentException("operations per client must not be negative");
        if (operationsPerClient > 0 && !(model instanceof LoadModel.Closed)) {
            throw new IllegalArgumentException("an operation count needs the closed model");
        }
    }

    public RunPlan(LoadModel model, Duration warmup, Duration duration) {
        this(model, warmup, duration, 0);
    }
}
