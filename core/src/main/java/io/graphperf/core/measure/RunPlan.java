package io.graphperf.core.measure;

import java.time.Duration;

/** A load model with its phases: warm-up (run, not counted) then the measured window. */
public record RunPlan(LoadModel model, Duration warmup, Duration duration) {
    public RunPlan {
        if (warmup.isNegative()) throw new IllegalArgumentException("warm-up must not be negative");
        if (duration.isZero() || duration.isNegative()) throw new IllegalArgumentException("duration must be positive");
    }
}
