package io.graphperf.workloads.reads;

import io.graphperf.studies.reads.SocialQuery;
import io.graphperf.core.measure.InProcess;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.DialectName;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.measure.Executor;
import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.OperationMix;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Runner;
import io.graphperf.core.measure.Steadiness;
import io.graphperf.core.measure.Warmup;
import io.graphperf.core.report.Format;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Check;
import io.graphperf.workloads.RunContext;
import io.graphperf.workloads.agents.AgentWork;
import io.graphperf.workloads.agents.Coordinator;
import io.graphperf.workloads.cells.CapacityCells;
import io.graphperf.workloads.cells.CellLoad;
import io.graphperf.workloads.cells.ServerWarmup;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * E2 on a loaded social dataset: result checks against answers computed from the files, then — on a server
 * warmed until its JIT compilers are quiet — single-client latency per query, throughput against client threads
 * (closed), at fixed rates (open), against connection pools (one server, a second client each) and against the
 * server's Bolt worker threads (a warmed server per size), over each transport and in both forms (Cypher, and
 * the same operations as stored procedures).
 */
final class ReadStudy {

    static final String CYPHER = ReadWorkload.CYPHER, PROCEDURE = ReadWorkload.PROCEDURE;
    static final int BOLT_QUEUE_PER_CLIENT = 16;
    /** Latency cells sample every 200 ms, so their warm-up until steady needs 2 s at least, not 10. */
    static final Duration LATENCY_INTERVAL = Duration.ofMillis(200);

    private final RunContext ctx;
    private final ReadsOptions o;
    private final Servers servers;
    private final ReadWorkload workload;
    /** The load agents that send the cells which split over them, or null: this process sends every cell. */
    private final Coordinator agents;
    final List<Cell> cells = new ArrayList<>();
    final List<String> failures = new ArrayList<>();
    final Map<String, Check> checks = new LinkedHashMap<>();
    final Map<String, String> warmups = new LinkedHashMap<>();
    final Map<String, Object> environment = new LinkedHashMap<>();
    final List<String> warnings = new ArrayList<>();
    /** Queries the engine's dialect cannot express, with the reason (shown in the report, never silently left out). */
    final Map<String, String> notExpressible = new LinkedHashMap<>();
    /** The engine's query language, and what of the asked transports, forms and queries it offers (set once it runs). */
    private DialectName dialect = DialectName.NEO4J;
    private List<TransportName> transports;
    private List<String> forms;
    private List<SocialQuery> queries;

    ReadStudy(RunContext ctx, ReadsOptions options, Path datasetDir, Servers servers, Coordinator agents) {
        this.ctx = ctx;
        this.agents = agents;
        this.o = options;
        this.servers = servers;
        this.workload = new ReadWorkload(datasetDir);
        this.transports = options.transports();
        this.forms = options.forms();
        this.queries = options.queries();
    }

    /**
     * What of the asked transports, forms and queries this engine has: every engine graphperf starts measures in its own
     * process (embedded); the others only where it offers them; the procedure form only where graphperf's procedures run.
     */
    private void fit(Engine e) {
        dialect = e.dialect();
        // a listed transport also covers its variants (ws-bson covers ws-bson-zstd)
        List<TransportName> missing = o.transports().stream().filter(t -> !t.embedded() && e.transports().stream().noneMatch(t::servedBy)).toList();
        transports = o.transports().stream().filter(t -> !missing.contains(t)).toList();
        if (!missing.isEmpty()) warnings.add(dialect + " offers no " + String.join(", ", TransportName.ids(missing)) + ": those cells are for the engines that do");
        if (transports.isEmpty()) failures.add("the engine (" + e.description() + ") offers none of the transports asked for (" + String.join(", ", TransportName.ids(o.transports()))
                + "); every engine graphperf starts has embedded");
        forms = o.forms().stream().filter(f -> CYPHER.equals(f) || SocialDialects.hasProcedures(dialect)).toList();
        if (forms.size() < o.forms().size()) warnings.add(dialect + " has no graphperf stored procedures: the procedure form is for Neo4j");
        if (forms.isEmpty()) failures.add("the engine runs none of the forms asked for (" + String.join(", ", o.forms()) + "); give --forms cypher");
        queries = new ArrayList<>();
        for (SocialQuery q : o.queries()) {
            Optional<String> whyNot = SocialDialects.text(q, dialect).whyNot();
            if (whyNot.isEmpty()) queries.add(q);
            else notExpressible.put(q.id(), whyNot.get());
        }
    }

    void run() throws Exception {
        ctx.progress().phase(servers.settable() ? "start the engine on the loaded store" : "connect to your server");
        Engine e = servers.start();
        try {
            ctx.progress().phaseDone(e.description());
            environment.putAll(e.environment());
            fit(e);
            if (!failures.isEmpty()) return;
            ctx.progress().phase("indexes for the queries");
            for (String c : SocialDialects.schema(dialect)) e.execute(c);
            e.awaitIndexesOnline();
            ctx.progress().phaseDone("ONLINE");
            if (!servers.settable()) {
                long people = e.queryLong("MATCH (p:Person) RETURN count(p)");
                if (people != workload.people()) failures.add("your server holds " + people + " :Person nodes, the dataset " + workload.people());
            }
            if (failures.isEmpty()) check(e);
            if (!failures.isEmpty()) {
                if (!servers.settable()) {
                    failures.add("your server does not hold the social dataset at scale " + Format.scale(o.scale()) + " (seed " + o.datasetSeed() + "): load it first —"
                            + " graphperf datagen social --scale " + Format.scale(o.scale()) + " --seed " + o.datasetSeed()
                                    + " --out DIR writes it and prints the import command");
                }
                return; // a wrong answer makes every timing meaningless
            }
            warm(e, "first server", transports, forms);
            if (o.capacity().isPresent()) {
                capacity(e);
                return; // a capacity search is the run: the other studies are not
            }
            e = latency(e);
            throughput(e);
            open(e);
            connections(e);
        } finally {
            e.close();
        }
        boltThreads();
        gatewayThreads();
        servers();
    }

    // ---- correctness ---------------------------------------------------------------------------

    private void check(Engine e) throws Exception {
        checks.putAll(workload.check(e, transports, forms, queries, o.checkSamples(), ctx.progress(), failures));
    }

    DialectName dialect() {
        return dialect;
    }

    /** Each query's Cypher text as this engine ran it. */
    Map<String, String> queryTexts() {
        Map<String, String> m = new LinkedHashMap<>();
        for (SocialQuery q : queries) m.put(q.id(), text(q, CYPHER));
        return m;
    }

    int checksPassed() {
        return checks.values().stream().mapToInt(v -> (int) v.actual()).sum();
    }

    int checksRun() {
        return checks.values().stream().mapToInt(v -> (int) v.expected()).sum();
    }

    // ---- server warm-up ------------------------------------------------------------------------

    /** The mix over every transport and form in turn, until the server's JIT compilers are quiet. */
    private void warm(Engine e, String which, List<TransportName> transports, List<String> forms) throws Exception {
        List<ServerWarmup.Slice> slices = new ArrayList<>();
        List<Transport> opened = new ArrayList<>();
        try {
            for (TransportName transport : transports) {
                for (String form : forms) {
                    OperationMix mix = mix(queries, form);
                    Executor ex = o.warmupLoad();
                    if (transport.embedded()) {
                        slices.add(ServerWarmup.Slice.inProcess(label(transport, form), e, mix, ex));
                    } else {
                        Transport t = e.transport(transport);
                        opened.add(t);
                        slices.add(ServerWarmup.Slice.of(label(transport, form), t, mix, ex, null));
                    }
                }
            }
            ServerWarmup.Outcome w = ServerWarmup.run(e, slices, o.serverWarmup(), o.serverWarmupCap(), ctx.progress());
            warmups.put(which, w.describe());
            w.warning("--server-warmup " + 2 * o.serverWarmupCap().toSeconds() + "s").ifPresent(warning -> warnings.add(which + ": " + warning));
        } finally {
            for (Transport t : opened) t.close();
        }
    }

    // ---- single-client latency -----------------------------------------------------------------

    private Engine latency(Engine e) throws Exception {
        if ("full".equals(o.cache())) {
            // the whole workload once, untimed, as the study's "full" state
            ctx.progress().phase("cache state full: the whole workload once");
            for (TransportName transport : transports) {
                for (String form : forms) for (SocialQuery q : queries) measure(e, transport, form, List.of(q), o.oneClient(), new Warmup.Fixed(Duration.ZERO),
                        reps(q), LATENCY_INTERVAL, null, null);
            }
            ctx.progress().phaseDone("done");
        }
        for (TransportName transport : transports) {
            for (String form : forms) {
                for (SocialQuery q : queries) {
                    if ("cold".equals(o.cache())) {
                        e.close();
                        ctx.progress().phase("cold start before " + q.id());
                        e = servers.start();
                        ctx.progress().phaseDone("");
                    }
                    ctx.progress().phase(String.format("latency %s %s over %s, %d operations, cache %s", q.id(), q.title(), label(transport, form), reps(q), o.cache()));
                    Warmup w = "hot".equals(o.cache()) ? warmup(o.warmupMax()) : new Warmup.Fixed(Duration.ZERO);
                    CellLoad.Measured m = measure(e, transport, form, List.of(q), o.oneClient(), w, reps(q), LATENCY_INTERVAL,
                            ctx.histograms().resolve("latency-" + q.id() + "-" + label(transport, form).replace('/', '-') + ".hlog"), null);
                    Cell.Builder b = cell(q.id(), q.title() + " (1 client, cache " + o.cache() + ")", transport, form, text(q, form), m).latencyStudy();
                    Check c = checks.get(key(q.id(), transport, form));
                    if (c != null) b.check(c);
                    add(b);
                    ctx.progress().phaseDone(String.format("p50 %s ms, p99 %s ms", Format.ms(m.measurement().latencies().all().p50Ms()),
                            Format.ms(m.measurement().latencies().all().p99Ms())));
                }
            }
        }
        return e;
    }

    private long reps(SocialQuery q) {
        return Math.max(1, Math.round(q.repeat() * o.repeatFactor()));
    }

    // ---- throughput ----------------------------------------------------------------------------

    private void throughput(Engine e) throws Exception {
        for (TransportName transport : transports) {
            for (String form : forms) {
                for (Executor load : o.throughputLoads()) {
                    int n = load.clients();
                    ctx.progress().phase(String.format("throughput, %d client threads, %s", n, label(transport, form)));
                    String title = "all queries mixed by repeat count, closed model, " + n + " client threads";
                    CellLoad.Measured m = measure(e, transport, form, queries, load, warmup(o.warmupMax()), 0, Duration.ofSeconds(1),
                            ctx.histograms().resolve("mix-" + n + "-" + label(transport, form).replace('/', '-') + ".hlog"),
                                    ReadsOverAgents.work(queries, form, title, Map.of()));
                    add(cell("mix", title, transport, form, "(mix)", m));
                    ctx.progress().phaseDone(String.format("%s ops/s, p99 %s ms%s", Format.rate(m.measurement().throughput().opsPerSecond()),
                            Format.ms(m.measurement().latencies().all().p99Ms()), by(m)));
                }
            }
        }
    }

    private void open(Engine e) throws Exception {
        TransportName transport = transports.contains(TransportName.BOLT) ? TransportName.BOLT : transports.get(0);
        for (Executor load : o.openLoads()) {
            double rate = load.offeredPerSecond();
            ctx.progress().phase(String.format("open model at %s ops/s, %s", Format.rate(rate), label(transport, CYPHER)));
            String title = "all queries mixed, open model at " + Format.rate(rate) + " ops/s (latency from the intended start)";
            CellLoad.Measured measured = measure(e, transport, CYPHER, queries, load, warmup(o.warmupMax()), 0, Duration.ofSeconds(1),
                    ctx.histograms().resolve("open-" + (long) rate + ".hlog"), ReadsOverAgents.work(queries, CYPHER, title, Map.of()));
            add(cell("mix", title, transport, CYPHER, "(mix)", measured));
            Measurement m = measured.measurement();
            ctx.progress().phaseDone(String.format("achieved %s of %s ops/s, p50 %s ms, p99 %s ms%s%s", Format.rate(m.throughput().opsPerSecond()), Format.rate(rate),
                    Format.ms(m.latencies().all().p50Ms()), Format.ms(m.latencies().all().p99Ms()), m.overloaded() ? ", OVERLOADED" : "", by(measured)));
        }
    }

    /** The mix's capacity over each transport (as Cypher), searched with probes in the open model sent by the sweep's clients. */
    private void capacity(Engine e) throws Exception {
        for (TransportName transport : transports) {
            String title = "all queries mixed, open model, " + label(transport, CYPHER);
            int[] probe = {0};
            CapacityCells.search(o.capacity().orElseThrow(), o.sweepClients(), ctx, ReadsExperiment.NAME, "mix", title, transport.id(), open -> {
                probe[0]++;
                CellLoad.Measured measured = measure(e, transport, CYPHER, queries, open, warmup(o.warmupMax()), 0, Duration.ofSeconds(1),
                        ctx.histograms().resolve("capacity-" + label(transport, CYPHER).replace('/', '-') + "-" + probe[0] + ".hlog"),
                        ReadsOverAgents.work(queries, CYPHER, title, Map.of()));
                Cell c = ctx.tag(cell("mix", title, transport, CYPHER, "(mix)", measured).build());
                if (c.measurement().outcomes().errors() > 0) warnings.add(c.label() + " at " + Format.rate(open.offeredPerSecond()) + " ops/s: "
                        + c.measurement().outcomes().errors() + " errors, e.g. " + c.measurement().outcomes().errorSamples());
                return c;
            }, cells, failures, b -> b.dimension("form", CYPHER).query("(mix)").scale(o.scale()).entityUnit("requests"));
        }
    }

    /** Connection pools need a new client, not a new server: a second client of the same, warm server, over Bolt and the gateway. */
    private void connections(Engine e) throws Exception {
        List<TransportName> pooled = transports.stream().filter(t -> t.kind() == TransportName.Kind.BOLT || t.isGateway()).toList();
        for (TransportName transport : pooled) {
            String form = transport.kind() == TransportName.Kind.BOLT || !forms.contains(PROCEDURE) ? CYPHER : PROCEDURE;
            for (int c : o.connections()) {
                try (Engine client = e.client(c)) {
                    ctx.progress().phase(String.format("%d clients over %d %s connection%s", o.sweepClients(), c, label(transport, form), c == 1 ? "" : "s"));
                    // a client process's own pool: sent by this process even with agents
                    CellLoad.Measured m = measure(client, transport, form, queries, o.sweepLoad(), warmup(o.warmupMax()), 0, Duration.ofSeconds(1),
                            ctx.histograms().resolve("connections-" + c + "-" + label(transport, form).replace('/', '-') + ".hlog"), null);
                    add(cell("mix", "all queries mixed, " + o.sweepClients() + " clients sharing " + c + " " + transport + " connection" + (c == 1 ? "" : "s"),
                            transport, form, "(mix)", m).dimension("connections", c));
                    ctx.progress().phaseDone(String.format("%s ops/s", Format.rate(m.measurement().throughput().opsPerSecond())));
                }
            }
        }
    }

    /** The server's Bolt worker pool is fixed at start: a server per size, warmed until its JIT compilers are quiet before measuring. */
    private void boltThreads() throws Exception {
        if (!transports.contains(TransportName.BOLT)) return;
        for (int w : o.boltThreads()) {
            // Neo4j refuses work beyond its Bolt pool by default (TransientException "no available threads"); a queue makes
            // the sweep measure what the pool sustains, as the study did. A queue of one job per client still refused work
            // (each request is several jobs), so it holds BOLT_QUEUE_PER_CLIENT per client
            Map<String, String> s = Map.of("server.bolt.thread_pool_min_size", Integer.toString(w), "server.bolt.thread_pool_max_size", Integer.toString(w),
                    "internal.server.bolt.thread_pool_queue_size", Integer.toString(BOLT_QUEUE_PER_CLIENT * o.sweepClients()));
            try (Engine e = servers.start(s)) {
                warm(e, "server with " + w + " Bolt threads", List.of(TransportName.BOLT), List.of(CYPHER));
                ctx.progress().phase(String.format("%d clients, server Bolt worker pool of %d", o.sweepClients(), w));
                String title = "all queries mixed, " + o.sweepClients() + " clients, server Bolt pool of " + w + " threads (queue of "
                        + BOLT_QUEUE_PER_CLIENT * o.sweepClients() + ")";
                CellLoad.Measured m = measure(e, TransportName.BOLT, CYPHER, queries, o.sweepLoad(), warmup(o.warmupMax()), 0, Duration.ofSeconds(1),
                        ctx.histograms().resolve("bolt-threads-" + w + ".hlog"), ReadsOverAgents.work(queries, CYPHER, title, Map.of("serverThreads", w)));
                add(cell("mix", title, TransportName.BOLT, CYPHER, "(mix)", m).dimension("serverThreads", w));
                ctx.progress().phaseDone(String.format("%s ops/s%s", Format.rate(m.measurement().throughput().opsPerSecond()), by(m)));
            }
        }
    }

    /** The gateway's worker pool is fixed at start too: a server per size, warmed, over the first ws-* transport given. */
    private void gatewayThreads() throws Exception {
        TransportName transport = transports.stream().filter(TransportName::isGateway).findFirst().orElse(null);
        if (transport == null) return;
        String form = forms.contains(PROCEDURE) ? PROCEDURE : CYPHER;
        for (int w : o.gatewayThreads()) {
            try (Engine e = servers.start(Map.of("graphperf.gateway.threads", Integer.toString(w)))) {
                warm(e, "server with " + w + " gateway threads", List.of(transport), List.of(form));
                ctx.progress().phase(String.format("%d clients, gateway worker pool of %d, %s", o.sweepClients(), w, label(transport, form)));
                String title = "all queries mixed, " + o.sweepClients() + " clients, gateway worker pool of " + w + " threads";
                CellLoad.Measured m = measure(e, transport, form, queries, o.sweepLoad(), warmup(o.warmupMax()), 0, Duration.ofSeconds(1),
                        ctx.histograms().resolve("gateway-threads-" + w + ".hlog"), ReadsOverAgents.work(queries, form, title, Map.of("serverThreads", w)));
                add(cell("mix", title, transport, form, "(mix)", m).dimension("serverThreads", w));
                ctx.progress().phaseDone(String.format("%s ops/s%s", Format.rate(m.measurement().throughput().opsPerSecond()), by(m)));
            }
        }
    }

    /**
     * Round-robin groups: N servers, each on its own copy of the store, clients spread over them in turn; the mix at
     * the sweep's clients over every transport except embedded (one process by definition), after a warm-up of the group.
     */
    private void servers() throws Exception {
        List<TransportName> transports = this.transports.stream().filter(t -> !t.embedded()).toList();
        if (transports.isEmpty()) return;
        for (int n : o.servers()) {
            ctx.progress().phase((servers.settable() ? "start a round-robin group of " : "connect a round-robin group of your ") + n + (n == 1 ? " server" : " servers")
                    + (n == 1 || !servers.settable() ? "" : " on copies of the store"));
            try (Engine g = servers.group(n)) {
                ctx.progress().phaseDone(servers.settable() ? g.serverPids().size() + " server processes" : "connected");
                warm(g, "group of " + n + (n == 1 ? " server" : " servers"), transports, forms);
                for (TransportName transport : transports) {
                    for (String form : forms) {
                        ctx.progress().phase(String.format("%d clients over %d server%s round-robin, %s", o.sweepClients(), n, n == 1 ? "" : "s", label(transport, form)));
                        // clients spread over the group by this process's round-robin: sent by this process even with agents
                        CellLoad.Measured m = measure(g, transport, form, queries, o.sweepLoad(), warmup(o.warmupMax()), 0, Duration.ofSeconds(1),
                                ctx.histograms().resolve("servers-" + n + "-" + label(transport, form).replace('/', '-') + ".hlog"), null);
                        add(cell("mix", "all queries mixed, " + o.sweepClients() + " clients spread round-robin over " + n + " server" + (n == 1 ? "" : "s")
                                + (!servers.settable() ? " (yours)" : n > 1 ? " (the store and copies of it)" : ""), transport, form, "(mix)", m).dimension("servers", n));
                        ctx.progress().phaseDone(String.format("%s ops/s, machine %.0f %% busy", Format.rate(m.measurement().throughput().opsPerSecond()),
                                100 * m.measurement().resources().machineBusy()));
                    }
                }
            }
        }
    }

    // ---- shared --------------------------------------------------------------------------------

    private Warmup warmup(Duration max) {
        return o.warmupFixed() != null ? new Warmup.Fixed(o.warmupFixed()) : new Warmup.UntilSteady(max, Steadiness.Criterion.DEFAULT);
    }

    OperationMix mix(List<SocialQuery> queries, String form) {
        return workload.mix(queries, form, dialect);
    }

    /**
     * One cell's measurement: by the load agents when there are agents and the cell splits over them (a window, not a count of
     * operations; a transport they reach; clients a multiple of theirs; {@code work} given — null for cells about this process's own
     * client), else by this process (inside the engine's for embedded).
     */
    private CellLoad.Measured measure(Engine e, TransportName transport, String form, List<SocialQuery> queries, Executor executor, Warmup warmup,
                                      long operations, Duration interval, Path log, AgentWork work) throws Exception {
        RunPlan plan = new RunPlan(executor, warmup, operations > 0 ? Duration.ofMinutes(10) : o.duration(), operations, interval, RunPlan.DEFAULT_BATCHES, null);
        if (agents != null && work != null && operations == 0) {
            if (agents.splits(e, transport, executor.clients())) return agents.measure(e, work, transport, plan, log);
            warnings.add(work.label() + " over " + label(transport, form) + ": sent by this process, not the "
                    + agents.count() + " agents (" + (e.addresses().containsKey(transport) ? executor.clients() + " clients do not split over them"
                    : "they reach the engine over bolt and http only") + ")");
        }
        OperationMix mix = mix(queries, form);
        if (transport.embedded()) {
            if (ctx.slowdown().isPresent()) throw RunContext.embeddedSlowdown();
            try {
                return new CellLoad.Measured(InProcess.measure(e, InProcessPlan.of(mix, plan, log)), List.of());
            } catch (Exception ex) {
                e.checkHealthy();
                throw new UserError("the in-process measurement (" + executor.describe() + ") failed inside the server: " + ex.getMessage()
                        + (String.valueOf(ex.getMessage()).contains("OutOfMemoryError")
                                ? " — the queries ran out of the server's heap; give it more with --heap" : ""), ex);
            }
        }
        try (Transport t = e.transport(transport)) {
            Runner runner = ctx.runner(new Runner(t, mix, plan, log, e.serverPids(), List.of(ctx.progress())), label(transport, form) + " "
                    + queries.stream().map(SocialQuery::id).toList() + " by " + executor.describe(), plan);
            return new CellLoad.Measured(runner.run(), List.of());
        }
    }

    /** ", sent by N agents" for a cell the agents measured, for the progress line. */
    private static String by(CellLoad.Measured m) {
        return m.agents().isEmpty() ? "" : ", sent by " + m.agents().size() + " agents";
    }

    private Cell.Builder cell(String scenario, String title, TransportName transport, String form, String query, CellLoad.Measured measured) {
        Measurement m = measured.measurement();
        Cell.Builder b = Cell.builder(ReadsExperiment.NAME, scenario).title(title).transport(transport.id()).dimension("form", form).query(query).measurement(m)
                .scale(o.scale()).entityUnit("requests");
        if (!measured.agents().isEmpty()) b.agents(measured.agents()).value("agents", measured.agents().size());
        // where the time goes and the bytes on the wire, as results.csv columns of their own
        b.value("service_mean_ms", m.latencies().service().meanMs());
        if (m.latencies().server() != null) b.value("server_mean_ms", m.latencies().server().meanMs());
        if (m.latencies().client() != null) b.value("client_library_mean_ms", m.latencies().client().meanMs());
        if (m.latencies().wire() != null) {
            b.value("sent_bytes", m.latencies().wire().sent()).value("sent_uncompressed_bytes", m.latencies().wire().sentUncompressed())
                    .value("received_bytes", m.latencies().wire().received()).value("received_uncompressed_bytes", m.latencies().wire().receivedUncompressed());
        }
        return b;
    }

    private void add(Cell.Builder b) throws Exception {
        Cell c = ctx.tag(b.build());
        cells.add(c);
        if (c.measurement().outcomes().errors() > 0) failures.add(c.label() + ": " + c.measurement().outcomes().errors() + " errors, e.g. "
                + c.measurement().outcomes().errorSamples());
        ctx.saved().cells(List.copyOf(cells), List.copyOf(failures));
    }

    private String text(SocialQuery q, String form) {
        return ReadWorkload.text(q, form, dialect);
    }

    private static String key(String query, TransportName transport, String form) {
        return ReadWorkload.key(query, transport, form);
    }

    /** "bolt" for Cypher over Bolt, "bolt/procedure" for the stored-procedure form (progress lines only). */
    static String label(TransportName transport, String form) {
        return label(transport.id(), form);
    }

    /** As above, for a transport as a result carries it. */
    static String label(String transport, String form) {
        return PROCEDURE.equals(form) ? transport + "/procedure" : transport;
    }
}
