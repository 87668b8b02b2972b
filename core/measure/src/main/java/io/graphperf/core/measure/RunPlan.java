package io.graphperf.core.measure;


import java.time.Duration;

/**
 * How one cell is measured: the executor (load model), how its warm-up ends, the measured window, and how
 * the timeline is sampled.
 *
 * @param operationsPerClient closed model only: each client stops after this many operations in the window (a
 *                            study's repeat count), the window then ends with the last of them; 0 = the whole window
 * @param interval            sampling interval of the timeline (and of the steady-state test)
 * @param batches             equal parts of the window whose rates give a confidence interval of the cell's rate
 * @param drain               how long operations scheduled before the window's end may still run before the rest are
 *                            dropped; null for the default, the window's length but at least 30 s
 * @param windowMax           the longest the window may be lengthened to while it is too short to tell whether the cell is steady
 *                            ({@link Steadiness.State#UNDECIDED}); null or the window itself: never lengthened
 */
public record RunPlan(Executor executor, Warmup warmup, Duration window, long operationsPerClient, Duration interval, int batches,
                      Duration drain, Duration windowMax) {

    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);
    public static final int DEFAULT_BATCHES = 5;

    public RunPlan {
        if (window.isZero() || window.isNegative()) throw new IllegalArgumentException("duration must be positive");
        if (operationsPerClient < 0) throw new IllegalArgumentException("operations per client must not be negative");
        if (operationsPerClient > 0 && !(executor instanceof Closed)) throw new IllegalArgumentException("an operation count needs the closed model");
        if (interval.isZero() || interval.isNegative()) throw new IllegalArgumentException("the sampling interval must be positive");
        if (batches < 2) throw new IllegalArgumentException("at least 2 batches");
        if (windowMax == null || windowMax.compareTo(window) < 0) windowMax = window;
    }

    public RunPlan(Executor executor, Warmup warmup, Duration window, long operationsPerClient, Duration interval, int batches, Duration drain) {
        this(executor, warmup, window, operationsPerClient, interval, batches, drain, null);
    }

    /** With a sampling interval that gives the window ten intervals (0.1–1 s) and the default batches and drain. */
    public RunPlan(Executor executor, Warmup warmup, Duration window) {
        this(executor, warmup, window, 0, intervalFor(window), DEFAULT_BATCHES, null, null);
    }

    /** A tenth of the window, between 100 ms and 1 s: enough intervals to judge a short window's steadiness. */
    public static Duration intervalFor(Duration window) {
        long ms = Math.max(100, Math.min(1000, window.toMillis() / 10));
        return Duration.ofMillis(ms);
    }

    /** The same plan with a measured window of {@code w} (the batches' interval kept; a window that was never lengthened still is not). */
    public RunPlan withWindow(Duration w) {
        return new RunPlan(executor, warmup, w, operationsPerClient, interval, batches, drain, windowMax.equals(window) ? w : windowMax);
    }

    public RunPlan withExecutor(Executor e) {
        return new RunPlan(e, warmup, window, operationsPerClient, interval, batches, drain, windowMax);
    }

    public RunPlan withOperations(long perClient) {
        return new RunPlan(executor, warmup, window, perClient, interval, batches, drain, windowMax);
    }

    public RunPlan withInterval(Duration i) {
        return new RunPlan(executor, warmup, window, operationsPerClient, i, batches, drain, windowMax);
    }

    public RunPlan withWarmup(Warmup w) {
        return new RunPlan(executor, w, window, operationsPerClient, interval, batches, drain, windowMax);
    }

    public RunPlan withDrain(Duration d) {
        return new RunPlan(executor, warmup, window, operationsPerClient, interval, batches, d, windowMax);
    }

    /** The same plan whose window may be lengthened up to {@code max} while it is too short to tell whether the cell is steady. */
    public RunPlan withWindowMax(Duration max) {
        return new RunPlan(executor, warmup, window, operationsPerClient, interval, batches, drain, max);
    }

    /** How long operations scheduled before the window's end may still run before the rest are dropped. */
    public Duration drainLimit() {
        if (drain != null) return drain;
        Duration min = Duration.ofSeconds(30);
        return windowMax.compareTo(min) > 0 ? windowMax : min;
    }

    /** The steady-state criterion for the window's verdict (the warm-up's, or the default). */
    public Steadiness.Criterion criterion() {
        return warmup instanceof Warmup.UntilSteady u ? u.criterion() : Steadiness.Criterion.DEFAULT;
    }
}
