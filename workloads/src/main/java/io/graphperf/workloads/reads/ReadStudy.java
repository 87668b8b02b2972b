package io.graphperf.workloads.reads;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineSession;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Target;
import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.LoadModel;
import io.graphperf.core.measure.OperationMix;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Runner;
import io.graphperf.core.progress.ProgressListener;
import io.graphperf.core.results.Measurement;
import io.graphperf.core.results.ScenarioResult;
import io.graphperf.core.results.Verification;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * E2 on a loaded social dataset: result checks against answers computed from the files, single-client
 * latency per query, throughput against client threads (closed), at fixed rates (open), against
 * connections and against the server's Bolt worker threads, over each transport and in both forms
 * (Cypher, and the same operations as stored procedures).
 */
public final class ReadStudy {

    public static final String CYPHER = "cypher", PROCEDURE = "procedure";
    public static final String EMBEDDED = "embedded";
    static final int BOLT_QUEUE_PER_CLIENT = 16;

    /**
     * @param transports   bolt, http, embedded
     * @param forms        cypher, procedure
     * @param cache        cold (restart before each query), hot (a warm-up run first), full (the whole workload once first)
     * @param repeatFactor multiplies the study's repeat counts (1 = as published)
     * @param checkSamples parameter sets checked per query, transport and form
     * @param threads      closed-model client threads for the throughput curve
     * @param rates        open-model arrival rates (ops/s)
     * @param connections  Bolt connection-pool sizes to compare (with 64 clients)
     * @param boltThreads  the server's Bolt worker-pool sizes to compare (with 64 clients)
     */
    public record Options(List<String> transports, List<String> forms, String cache, List<SocialQuery> queries, double repeatFactor,
                          int checkSamples, List<Integer> threads, Duration warmup, Duration duration, List<Double> rates,
                          List<Integer> connections, List<Integer> boltThreads, int sweepClients) {
    }

    /** Starts the server on the loaded store with extra settings and a client connection-pool size. */
    public interface Servers {
        Target start(Map<String, String> settings, int connections) throws Exception;
    }

    /** Called with every result as it is measured, so the caller can save progress. */
    public interface Listener {
        void measured(List<ScenarioResult> soFar, List<String> failures) throws Exception;
    }

    private final Servers servers;
    private final Options o;
    private final SocialOracle oracle;
    private final ReadParameterSets params;
    private final Path histograms;
    private final ProgressListener progress;
    private final List<ScenarioResult> results = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();
    private final Map<String, Verification> checks = new LinkedHashMap<>();
    private final Listener listener;

    public ReadStudy(Servers servers, Path datasetDir, Options options, Path histograms, ProgressListener progress, Listener listener) {
        this.servers = servers;
        this.o = options;
        this.oracle = new SocialOracle(datasetDir);
        this.params = new ReadParameterSets(datasetDir);
        this.histograms = histograms;
        this.progress = progress;
        this.listener = listener;
    }

    public List<String> failures() {
        return failures;
    }

    public List<ScenarioResult> run() throws Exception {
        Target t = servers.start(Map.of(), 0);
        try {
            progress.phase("indexes for the queries");
            for (String c : SocialQueries.CONSTRAINTS) t.execute(c);
            t.awaitIndexesOnline();
            progress.phaseDone("ONLINE");
            check(t);
            if (!failures.isEmpty()) return results; // a wrong answer makes every timing meaningless
            t = latency(t);
            throughput(t);
            open(t);
        } finally {
            t.close();
        }
        sweeps();
        return results;
    }

    // ---- correctness ---------------------------------------------------------------------------

    private void check(Target t) throws Exception {
        for (String transport : o.transports()) {
            for (String form : o.forms()) {
                progress.phase("result checks: " + label(transport, form));
                Engine engine = EMBEDDED.equals(transport) ? null : t.engine(transport);
                try (EngineSession s = engine == null ? null : engine.openSession()) {
                    int done = 0;
                    for (SocialQuery q : o.queries()) {
                        int passed = 0, n = Math.min(o.checkSamples(), params.size(q.params()));
                        for (int i = 0; i < n; i++) {
                            Map<String, Object> p = params.get(q.params(), i);
                            Statement st = statement(q, form, p);
                            List<List<Object>> actual;
                            try {
                                actual = ResultRows.normalize(s == null ? t.fetchInProcess(st) : s.fetch(st));
                            } catch (Exception e) {
                                throw new io.graphperf.core.UserError(q.id() + " (" + q.title() + ") failed over " + label(transport, form)
                                        + " with parameters " + p + ": " + e.getMessage(), e);
                            }
                            List<List<Object>> expected = oracle.answer(q, p);
                            if (Objects.equals(expected, actual)) passed++;
                            else if (failures.size() < 20) {
                                failures.add(String.format("wrong result: %s (%s) over %s with %s: expected %s, got %s", q.id(), q.title(),
                                        label(transport, form), p, abbreviate(expected), abbreviate(actual)));
                            }
                        }
                        checks.put(q.id() + "|" + label(transport, form), new Verification("results equal to answers computed from the files ("
                                + n + " parameter sets)", n, passed));
                        progress.progress(++done / (double) o.queries().size(), q.id());
                    }
                }
                progress.phaseDone(failures.isEmpty() ? "all results match the files" : failures.size() + " wrong results");
            }
        }
    }

    public int checksPassed() {
        return checks.values().stream().mapToInt(v -> (int) v.actual()).sum();
    }

    public int checksRun() {
        return checks.values().stream().mapToInt(v -> (int) v.expected()).sum();
    }

    private static String abbreviate(Object rows) {
        String s = String.valueOf(rows);
        return s.length() > 300 ? s.substring(0, 300) + "…" : s;
    }

    // ---- single-client latency -----------------------------------------------------------------

    private Target latency(Target t) throws Exception {
        if ("full".equals(o.cache())) {
            // the whole workload once, untimed, as the study's "full" state
            progress.phase("cache state full: the whole workload once");
            for (String transport : o.transports()) {
                for (String form : o.forms()) for (SocialQuery q : o.queries()) measure(t, transport, form, List.of(q), new LoadModel.Closed(1), Duration.ZERO,
                        Duration.ofMinutes(10), reps(q), null);
            }
            progress.phaseDone("done");
        }
        for (String transport : o.transports()) {
            for (String form : o.forms()) {
                for (SocialQuery q : o.queries()) {
                    if ("cold".equals(o.cache())) {
                        t.close();
                        progress.phase("cold start before " + q.id());
                        t = servers.start(Map.of(), 0);
                        progress.phaseDone("");
                    }
                    progress.phase(String.format("latency %s %s over %s, %d operations, cache %s", q.id(), q.title(), label(transport, form), reps(q), o.cache()));
                    Duration warm = "hot".equals(o.cache()) ? o.warmup() : Duration.ZERO;
                    Measurement m = measure(t, transport, form, List.of(q), new LoadModel.Closed(1), warm, Duration.ofMinutes(10), reps(q),
                            histograms.resolve("latency-" + q.id() + "-" + label(transport, form).replace('/', '-') + ".hlog"));
                    add(q.id(), q.title() + " (1 client, cache " + o.cache() + ")", label(transport, form), text(q, form), m,
                            List.of(checks.get(q.id() + "|" + label(transport, form))));
                    progress.phaseDone(String.format("p50 %.3f ms, p99 %.3f ms", m.latency().p50Ms(), m.latency().p99Ms()));
                }
            }
        }
        return t;
    }

    private long reps(SocialQuery q) {
        return Math.max(1, Math.round(q.repeat() * o.repeatFactor()));
    }

    // ---- throughput ----------------------------------------------------------------------------

    private void throughput(Target t) throws Exception {
        for (String transport : o.transports()) {
            for (String form : o.forms()) {
                for (int n : o.threads()) {
                    progress.phase(String.format("throughput, %d client threads, %s", n, label(transport, form)));
                    Measurement m = measure(t, transport, form, o.queries(), new LoadModel.Closed(n), o.warmup(), o.duration(), 0,
                            histograms.resolve("mix-" + n + "-" + label(transport, form).replace('/', '-') + ".hlog"));
                    add("mix@" + n, "all queries mixed by repeat count, closed model, " + n + " client threads", label(transport, form), "(mix)", m, List.of());
                    progress.phaseDone(String.format("%,.0f ops/s, p99 %.2f ms", m.opsPerSecond(), m.latency().p99Ms()));
                }
            }
        }
    }

    private void open(Target t) throws Exception {
        String transport = o.transports().contains("bolt") ? "bolt" : o.transports().get(0);
        for (double rate : o.rates()) {
            progress.phase(String.format("open model at %.0f ops/s, %s", rate, label(transport, CYPHER)));
            Measurement m = measure(t, transport, CYPHER, o.queries(), new LoadModel.Open(rate, o.sweepClients()), o.warmup(), o.duration(), 0,
                    histograms.resolve("open-" + (long) rate + ".hlog"));
            add("open@" + (long) rate, "all queries mixed, open model at " + rate + " ops/s (latency from the intended start)",
                    label(transport, CYPHER), "(mix)", m, List.of());
            progress.phaseDone(String.format("p50 %.2f ms, p99 %.2f ms, %d late starts", m.latency().p50Ms(), m.latency().p99Ms(), m.lateStarts()));
        }
    }

    /** Connections and server worker threads need a fresh driver or server: one start per setting. */
    private void sweeps() throws Exception {
        if (!o.transports().contains("bolt")) return;
        for (int c : o.connections()) {
            try (Target t = servers.start(Map.of(), c)) {
                progress.phase(String.format("%d clients over %d Bolt connection%s", o.sweepClients(), c, c == 1 ? "" : "s"));
                Measurement m = measure(t, "bolt", CYPHER, o.queries(), new LoadModel.Closed(o.sweepClients()), o.warmup(), o.duration(), 0,
                        histograms.resolve("connections-" + c + ".hlog"));
                add("mix@" + o.sweepClients() + " conns=" + c, "all queries mixed, " + o.sweepClients() + " clients sharing " + c + " Bolt connections",
                        "bolt", "(mix)", m, List.of());
                progress.phaseDone(String.format("%,.0f ops/s", m.opsPerSecond()));
            }
        }
        for (int w : o.boltThreads()) {
            // Neo4j refuses work beyond its Bolt pool by default (TransientException "no available threads"); a queue makes
            // the sweep measure what the pool sustains, as the study did. A queue of one job per client still refused work
            // (each request is several jobs), so it holds BOLT_QUEUE_PER_CLIENT per client
            Map<String, String> s = Map.of("server.bolt.thread_pool_min_size", Integer.toString(w), "server.bolt.thread_pool_max_size", Integer.toString(w),
                    "internal.server.bolt.thread_pool_queue_size", Integer.toString(BOLT_QUEUE_PER_CLIENT * o.sweepClients()));
            try (Target t = servers.start(s, 0)) {
                progress.phase(String.format("%d clients, server Bolt worker pool of %d", o.sweepClients(), w));
                Measurement m = measure(t, "bolt", CYPHER, o.queries(), new LoadModel.Closed(o.sweepClients()), o.warmup(), o.duration(), 0,
                        histograms.resolve("bolt-threads-" + w + ".hlog"));
                add("mix@" + o.sweepClients() + " boltThreads=" + w, "all queries mixed, " + o.sweepClients() + " clients, server Bolt pool of " + w
                        + " threads (queue of " + BOLT_QUEUE_PER_CLIENT * o.sweepClients() + ")",
                        "bolt", "(mix)", m, List.of());
                progress.phaseDone(String.format("%,.0f ops/s", m.opsPerSecond()));
            }
        }
    }

    // ---- shared --------------------------------------------------------------------------------

    private Measurement measure(Target t, String transport, String form, List<SocialQuery> queries, LoadModel model, Duration warmup,
                                Duration duration, long operations, Path log) throws Exception {
        List<OperationMix.Type> types = new ArrayList<>();
        for (SocialQuery q : queries) {
            List<Map<String, Object>> ps = new ArrayList<>();
            for (int i = 0; i < params.size(q.params()); i++) ps.add(params.get(q.params(), i));
            types.add(new OperationMix.Type(q.id(), text(q, form), ps, q.repeat(), 1));
        }
        OperationMix mix = new OperationMix(types);
        RunPlan plan = new RunPlan(model, warmup, duration, operations);
        if (EMBEDDED.equals(transport)) {
            try {
                return t.measureInProcess(InProcessPlan.of(mix, plan, log));
            } catch (Exception e) {
                t.checkHealthy();
                throw new io.graphperf.core.UserError("the in-process measurement (" + model.describe() + ") failed inside the server: "
                        + e.getMessage() + (String.valueOf(e.getMessage()).contains("OutOfMemoryError")
                        ? " — the queries ran out of the server's heap; give it more with --heap" : ""), e);
            }
        }
        try (Engine engine = t.engine(transport)) {
            return new Runner(engine, mix, plan, log, t.serverPid(), progress).run();
        }
    }

    private void add(String scenario, String title, String transport, String query, Measurement m, List<Verification> v) throws Exception {
        results.add(new ScenarioResult("reads", scenario, title, transport, query, m, v.stream().filter(Objects::nonNull).toList(), null));
        if (m.errors() > 0) failures.add(scenario + " over " + transport + ": " + m.errors() + " errors, e.g. " + m.errorSamples());
        listener.measured(results, failures);
    }

    private static Statement statement(SocialQuery q, String form, Map<String, Object> p) {
        return new Statement(text(q, form), p);
    }

    private static String text(SocialQuery q, String form) {
        return PROCEDURE.equals(form) ? q.procedureCall() : q.cypher();
    }

    /** "bolt" for Cypher over Bolt, "bolt/procedure" for the stored-procedure form. */
    public static String label(String transport, String form) {
        return PROCEDURE.equals(form) ? transport + "/procedure" : transport;
    }
}
