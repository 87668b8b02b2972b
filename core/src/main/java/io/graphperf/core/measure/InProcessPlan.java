package io.graphperf.core.measure;

/**
 * What to measure inside the database server's own process (the "embedded" transport): the mix, the
 * load model and phases, and where the server writes its HdrHistogram log. The server runs graphperf's
 * {@link Runner} on it, so in-process figures come from the same measuring layer as every other.
 *
 * @param load                "closed" or "open"
 * @param rate                open model: operations per second
 * @param histogramLog        a path the server can write, or null
 */
public record InProcessPlan(OperationMix mix, String load, int clients, double rate, long warmupMillis, long durationMillis,
                            long operationsPerClient, String histogramLog) {

    public static InProcessPlan of(OperationMix mix, RunPlan plan, java.nio.file.Path histogramLog) {
        LoadModel m = plan.model();
        return new InProcessPlan(mix, m instanceof LoadModel.Open ? "open" : "closed", m.clients(),
                m instanceof LoadModel.Open o ? o.ratePerSecond() : 0, plan.warmup().toMillis(), plan.duration().toMillis(),
                plan.operationsPerClient(), histogramLog == null ? null : histogramLog.toAbsolutePath().toString());
    }

    public RunPlan runPlan() {
        LoadModel m = load.equals("open") ? new LoadModel.Open(rate, clients) : new LoadModel.Closed(clients);
        return new RunPlan(m, java.time.Duration.ofMillis(warmupMillis), java.time.Duration.ofMillis(durationMillis), operationsPerClient);
    }
}
