package io.graphperf.core.measure;

import java.nio.file.Path;
import java.time.Duration;

/**
 * What to measure inside the database server's own process (the "embedded" transport): the operations and the
 * run plan as plain values, and where the server writes its HdrHistogram log. The server runs graphperf's
 * {@link Runner} on it, so in-process figures come from the same measuring layer as every other.
 *
 * @param executor      the load model, as the options built it
 * @param warmupMillis  fixed warm-up, or the cap of a warm-up until steady ({@code untilSteady})
 * @param histogramLog  a path the server can write, or null
 * @param windowMaxMillis how long the window may be lengthened to while too short to tell (0: the window itself)
 */
public record InProcessPlan(PortableOperations operations, Executor executor, long warmupMillis, boolean untilSteady,
                            long durationMillis, long operationsPerClient, long intervalMillis, int batches, String histogramLog,
                            long windowMaxMillis) {

    public static InProcessPlan of(PortableOperations operations, RunPlan plan, Path histogramLog) {
        boolean auto = plan.warmup() instanceof Warmup.UntilSteady;
        long warm = plan.warmup() instanceof Warmup.UntilSteady u ? u.max().toMillis() : ((Warmup.Fixed) plan.warmup()).duration().toMillis();
        return new InProcessPlan(operations, plan.executor(), warm, auto,
                plan.window().toMillis(), plan.operationsPerClient(), plan.interval().toMillis(), plan.batches(),
                histogramLog == null ? null : histogramLog.toAbsolutePath().toString(), plan.windowMax().toMillis());
    }

    public RunPlan runPlan() {
        Warmup w = untilSteady ? new Warmup.UntilSteady(Duration.ofMillis(warmupMillis)) : new Warmup.Fixed(Duration.ofMillis(warmupMillis));
        return new RunPlan(executor, w, Duration.ofMillis(durationMillis), operationsPerClient, Duration.ofMillis(intervalMillis), batches, null,
                windowMaxMillis > 0 ? Duration.ofMillis(windowMaxMillis) : null);
    }
}
