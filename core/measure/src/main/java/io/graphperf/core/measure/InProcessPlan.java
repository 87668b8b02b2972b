package io.graphperf.core.measure;

import io.graphperf.core.measure.executors.Closed;
import io.graphperf.core.measure.executors.Open;

import java.nio.file.Path;
import java.time.Duration;

/**
 * What to measure inside the database server's own process (the "embedded" transport): the operations and the
 * run plan as plain values, and where the server writes its HdrHistogram log. The server runs graphperf's
 * {@link Runner} on it, so in-process figures come from the same measuring layer as every other.
 *
 * @param load          "closed" or "open"
 * @param rate          open model: operations per second
 * @param warmupMillis  fixed warm-up, or the cap of a warm-up until steady ({@code untilSteady})
 * @param histogramLog  a path the server can write, or null
 * @param windowMaxMillis how long the window may be lengthened to while too short to tell (0: the window itself)
 */
public record InProcessPlan(PortableOperations operations, String load, int clients, double rate, long warmupMillis, boolean untilSteady,
                            long durationMillis, long operationsPerClient, long intervalMillis, int batches, String histogramLog,
                            long windowMaxMillis) {

    public static InProcessPlan of(PortableOperations operations, RunPlan plan, Path histogramLog) {
        Executor e = plan.executor();
        boolean auto = plan.warmup() instanceof Warmup.UntilSteady;
        long warm = plan.warmup() instanceof Warmup.UntilSteady u ? u.max().toMillis() : ((Warmup.Fixed) plan.warmup()).duration().toMillis();
        return new InProcessPlan(operations, e.name(), e.clients(), e.offeredPerSecond() == null ? 0 : e.offeredPerSecond(), warm, auto,
                plan.window().toMillis(), plan.operationsPerClient(), plan.interval().toMillis(), plan.batches(),
                histogramLog == null ? null : histogramLog.toAbsolutePath().toString(), plan.windowMax().toMillis());
    }

    public RunPlan runPlan() {
        Executor e = load.equals("open") ? new Open(rate, clients) : new Closed(clients);
        Warmup w = untilSteady ? new Warmup.UntilSteady(Duration.ofMillis(warmupMillis)) : new Warmup.Fixed(Duration.ofMillis(warmupMillis));
        return new RunPlan(e, w, Duration.ofMillis(durationMillis), operationsPerClient, Duration.ofMillis(intervalMillis), batches, null,
                windowMaxMillis > 0 ? Duration.ofMillis(windowMaxMillis) : null);
    }
}
