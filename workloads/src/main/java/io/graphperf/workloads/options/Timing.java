package io.graphperf.workloads.options;

import java.time.Duration;

/**
 * How long an experiment warms up and measures: each cell's warm-up and window, and the server's warm-up after a start.
 *
 * @param warmupFixed     a fixed warm-up per cell, or null for until steady
 * @param warmupMax       the longest a warm-up until steady may take
 * @param duration        each cell's measured window
 * @param serverWarmup    a fixed server warm-up, or null for until settled
 * @param serverWarmupCap the longest a server warm-up until settled may take
 */
public record Timing(Duration warmupFixed, Duration warmupMax, Duration duration, Duration serverWarmup, Duration serverWarmupCap) {

    /** The same with each cell's window {@code factor} times as long (a precision run's choice). */
    public Timing withLongerWindows(double factor) {
        return new Timing(warmupFixed, warmupMax, Duration.ofMillis(Math.round(duration.toMillis() * factor)), serverWarmup, serverWarmupCap);
    }
}
