package io.graphperf.cli;

import io.graphperf.core.measure.Interval;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.measure.RunPlan;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static io.graphperf.cli.MetricsEndpoint.counter;
import static io.graphperf.cli.MetricsEndpoint.esc;
import static io.graphperf.cli.MetricsEndpoint.gauge;
import static io.graphperf.cli.MetricsEndpoint.info;

/**
 * A run's live metrics for a dashboard ({@code --metrics-port}): the running cell's throughput, latency percentiles, operations and
 * errors, offered against achieved in the open model, and the engine's CPU, served at {@code /metrics} in the OpenMetrics text
 * format for Prometheus to scrape (docs/metrics.md). It listens to the run's progress beside the console, which it passes every
 * event on to; the figures of record stay the run's own files — these are what a long run shows while it runs.
 */
final class LiveMetrics implements ProgressListener, AutoCloseable {

    private final ProgressListener console;
    private final String experiment;
    private MetricsEndpoint endpoint;
    // written by the run's threads, read by the server's: one lock for both
    private String step = "starting", cell = "", phase = "none";
    private double opsPerSecond = Double.NaN, p50Ms = Double.NaN, p99Ms = Double.NaN, jitCores = Double.NaN, offered = Double.NaN;
    private long ops, errors, cellsStarted;
    private int clients;
    private List<Long> serverPids = List.of();

    private LiveMetrics(ProgressListener console, String experiment) {
        this.console = console;
        this.experiment = experiment;
    }

    /** Serves {@code /metrics} on {@code [HOST:]PORT} (host 127.0.0.1 unless given; port 0 picks a free one). */
    static LiveMetrics start(String address, String experiment, ProgressListener console) {
        LiveMetrics m = new LiveMetrics(console, experiment);
        m.endpoint = MetricsEndpoint.start(address, m::render);
        return m;
    }

    String address() {
        return endpoint.address();
    }

    @Override
    public synchronized void phase(String label) {
        step = label;
        if (label.startsWith("cell ") && label.contains(": ")) cell = label.substring(label.indexOf(": ") + 2);
        console.phase(label);
    }

    @Override
    public void progress(double fraction, String detail) {
        console.progress(fraction, detail);
    }

    @Override
    public void phaseDone(String outcome) {
        console.phaseDone(outcome);
    }

    @Override
    public void resume(String label, long phaseStartNanos, long warmupStartNanos) {
        console.resume(label, phaseStartNanos, warmupStartNanos);
    }

    @Override
    public synchronized void planned(RunPlan plan, List<Long> pids) {
        cellsStarted++;
        ops = 0;
        errors = 0;
        phase = "warmup";
        opsPerSecond = p50Ms = p99Ms = jitCores = Double.NaN;
        offered = plan.executor().offeredPerSecond() == null ? Double.NaN : plan.executor().offeredPerSecond();
        clients = plan.executor().clients();
        serverPids = List.copyOf(pids);
        console.planned(plan, pids);
    }

    @Override
    public void warmupStarted(long nanos) {
        console.warmupStarted(nanos);
    }

    @Override
    public synchronized void interval(Interval sample) {
        phase = sample.phase().name().toLowerCase(Locale.ROOT);
        opsPerSecond = sample.opsPerSecond();
        p50Ms = sample.p50Ms();
        p99Ms = sample.p99Ms();
        jitCores = sample.jitCores();
        ops += sample.ops();
        errors += sample.errors();
        console.interval(sample);
    }

    @Override
    public synchronized void windowStarted(long nanos, double warmupSeconds, WarmupEnd why) {
        phase = "window";
        console.windowStarted(nanos, warmupSeconds, why);
    }

    @Override
    public void windowExtended(double seconds, String why) {
        console.windowExtended(seconds, why);
    }

    @Override
    public synchronized void windowEnded(long nanos) {
        phase = "drain";
        console.windowEnded(nanos);
    }

    @Override
    public synchronized void drained(long nanos) {
        phase = "none";
        console.drained(nanos);
    }

    /** The metrics now, in the OpenMetrics text format. */
    synchronized String render() {
        String labels = "experiment=\"" + esc(experiment) + "\",cell=\"" + esc(cell) + "\",phase=\"" + phase + "\"";
        StringBuilder b = new StringBuilder();
        info(b, "graphperf_run", "What the run is doing now.", "experiment=\"" + esc(experiment) + "\",step=\"" + esc(step) + "\"");
        counter(b, "graphperf_cells_started", "Cells whose clients have started so far in this run.", "experiment=\"" + esc(experiment) + "\"", cellsStarted);
        gauge(b, "graphperf_throughput_ops_per_second", "Operations per second over the running cell's last sampling interval.", labels, opsPerSecond);
        gauge(b, "graphperf_latency_p50_seconds", "Median latency over the last interval.", labels, p50Ms / 1e3);
        gauge(b, "graphperf_latency_p99_seconds", "99th percentile latency over the last interval.", labels, p99Ms / 1e3);
        counter(b, "graphperf_operations", "Operations the running cell completed (warm-up, window and drain).", labels, ops);
        counter(b, "graphperf_errors", "Operations of the running cell that failed.", labels, errors);
        gauge(b, "graphperf_offered_ops_per_second", "The open model's offered rate (NaN in the closed model).", labels, offered);
        gauge(b, "graphperf_clients", "The running cell's client threads.", labels, clients);
        gauge(b, "graphperf_jit_cores", "Cores the engine's and the harness's JIT compilers used over the last interval.", labels, jitCores);
        counter(b, "graphperf_engine_cpu_seconds", "CPU time of the engine's processes on this machine (rate() gives cores).", labels, engineCpuSeconds());
        return b.append("# EOF\n").toString();
    }

    private double engineCpuSeconds() {
        double s = 0;
        for (long pid : serverPids) {
            Optional<Duration> cpu = ProcessHandle.of(pid).flatMap(p -> p.info().totalCpuDuration());
            if (cpu.isPresent()) s += cpu.get().toNanos() / 1e9;
        }
        return s;
    }

    @Override
    public void close() {
        endpoint.close();
    }
}
