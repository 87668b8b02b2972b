package io.graphperf.cli;

import com.sun.net.httpserver.HttpServer;
import io.graphperf.core.UserError;
import io.graphperf.core.measure.Interval;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.measure.RunPlan;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A run's live metrics for a dashboard ({@code --metrics-port}): the running cell's throughput, latency percentiles, operations and
 * errors, offered against achieved in the open model, and the engine's CPU, served at {@code /metrics} in the OpenMetrics text
 * format for Prometheus to scrape (docs/metrics.md). It listens to the run's progress beside the console, which it passes every
 * event on to; the figures of record stay the run's own files — these are what a long run shows while it runs.
 */
final class LiveMetrics implements ProgressListener, AutoCloseable {

    static final String CONTENT_TYPE = "application/openmetrics-text; version=1.0.0; charset=utf-8";
    private final ProgressListener console;
    private final String experiment;
    private final HttpServer server;
    // written by the run's threads, read by the server's: one lock for both
    private String step = "starting", cell = "", phase = "none";
    private double opsPerSecond = Double.NaN, p50Ms = Double.NaN, p99Ms = Double.NaN, jitCores = Double.NaN, offered = Double.NaN;
    private long ops, errors, cellsStarted;
    private int clients;
    private List<Long> serverPids = List.of();

    private LiveMetrics(ProgressListener console, String experiment, HttpServer server) {
        this.console = console;
        this.experiment = experiment;
        this.server = server;
    }

    /** Serves {@code /metrics} on {@code [HOST:]PORT} (host 127.0.0.1 unless given; port 0 picks a free one). */
    static LiveMetrics start(String address, String experiment, ProgressListener console) {
        int colon = address.lastIndexOf(':');
        String host = colon < 0 ? "127.0.0.1" : address.substring(0, colon);
        int port;
        try {
            port = Integer.parseInt(address.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new UserError("--metrics-port " + address + ": give a port, or HOST:PORT (e.g. 9464 or 0.0.0.0:9464)");
        }
        if (port < 0 || port > 65535) throw new UserError("--metrics-port " + address + ": a port is 0 to 65535");
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(host, port), 16);
        } catch (IOException e) {
            throw new UserError("--metrics-port " + address + ": cannot listen there (" + e.getMessage() + ")");
        }
        LiveMetrics m = new LiveMetrics(console, experiment, server);
        server.createContext("/metrics", exchange -> {
            byte[] body = m.render().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.setExecutor(null);
        server.start();
        return m;
    }

    int port() {
        return server.getAddress().getPort();
    }

    String address() {
        return "http://" + server.getAddress().getHostString() + ":" + port() + "/metrics";
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
        b.append("# TYPE graphperf_run info\n# HELP graphperf_run What the run is doing now.\n")
                .append("graphperf_run_info{experiment=\"").append(esc(experiment)).append("\",step=\"").append(esc(step)).append("\"} 1\n");
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

    private static void gauge(StringBuilder b, String name, String help, String labels, double v) {
        b.append("# TYPE ").append(name).append(" gauge\n# HELP ").append(name).append(' ').append(help).append('\n')
                .append(name).append('{').append(labels).append("} ").append(number(v)).append('\n');
    }

    private static void counter(StringBuilder b, String name, String help, String labels, double v) {
        b.append("# TYPE ").append(name).append(" counter\n# HELP ").append(name).append(' ').append(help).append('\n')
                .append(name).append("_total{").append(labels).append("} ").append(number(v)).append('\n');
    }

    private static String number(double v) {
        if (Double.isNaN(v)) return "NaN";
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    private static String esc(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
