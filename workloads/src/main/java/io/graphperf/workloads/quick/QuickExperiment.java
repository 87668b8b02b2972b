package io.graphperf.workloads.quick;

import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.OperationMix;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Runner;
import io.graphperf.core.report.ReportSection;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Check;
import io.graphperf.core.results.Headline;
import io.graphperf.core.results.TargetCheck;
import io.graphperf.core.stats.Ratio;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.RunContext;
import io.graphperf.workloads.TrialResult;
import io.graphperf.workloads.cells.CellOrder;
import io.graphperf.workloads.cells.CellRunner;
import io.graphperf.workloads.cells.RatioTarget;
import io.graphperf.workloads.cells.Scenario;
import io.graphperf.workloads.cells.ServerWarmup;
import io.graphperf.workloads.cells.Targets;
import io.graphperf.workloads.imports.ImportDataset;
import io.graphperf.workloads.imports.ImportDatasets;
import io.graphperf.workloads.options.ExperimentCommand;
import io.graphperf.workloads.reads.ReadWorkload;
import io.graphperf.workloads.reads.SocialQueries;
import io.graphperf.studies.reads.SocialQuery;
import io.graphperf.workloads.writes.WritesExperiment;
import io.graphperf.workloads.writes.WriterLayout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.graphperf.core.engine.TransportName.BOLT;
import static io.graphperf.core.engine.TransportName.HTTP;
import static io.graphperf.workloads.writes.WriteScenarios.GATEWAY_DURABLE;
import static io.graphperf.workloads.writes.WriteScenarios.ONE_WRITE_PER_TX;
import static io.graphperf.workloads.writes.WriteScenarios.UNWIND_1000;

/**
 * The quick suite: the few cells that answer the studies' questions, each warmed until steady on one engine that
 * was itself warmed first — a read mix over Bolt (E2), and single-write transactions and UNWIND 1000 over Bolt, single
 * writes over HTTP, and the batch writer at its intended use, many submits in flight through the gateway (E4). It opens
 * with headline ratios and their confidence intervals.
 */
public final class QuickExperiment implements Experiment<QuickOptions> {

    public static final String NAME = "quick";
    /** A tenth of the default window: the steady-state test sees 10 intervals (4 s) before a window may start. */
    static final Duration INTERVAL = Duration.ofMillis(400);
    static final String READ_MIX = "read-mix";
    /** The gateway's transport the quick suite writes through: WebSocket with BSON messages. */
    static final TransportName WS_BSON = TransportName.of("ws-bson");
    /**
     * The write cells; the last two in this order: the ~1 M nodes the gateway's batch writer writes, and the ~1.5 M of
     * unwind-1000, would each cost the next cell seconds of deleting.
     */
    static final List<WriteCell> WRITE_CELLS = List.of(new WriteCell(ONE_WRITE_PER_TX, BOLT), new WriteCell(ONE_WRITE_PER_TX, HTTP),
            new WriteCell(GATEWAY_DURABLE, WS_BSON), new WriteCell(UNWIND_1000, BOLT));
    static final int SHUFFLED = 2;
    static final String GATEWAY_WRITER = "batch writer through the gateway (durable acks, 64 submits in flight per client)";
    /** Before each write cell only what the write cells create is deleted: the loaded graph stays, the same for every cell. */
    static final String DELETE_WRITES = "MATCH (n:User) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS";

    /** One write cell: a scenario of E4 over a transport. */
    record WriteCell(String scenario, TransportName transport) {
        @Override
        public String toString() {
            return scenario + "/" + transport;
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String title() {
        return "the quick suite";
    }

    @Override
    public String description() {
        return "A handful of steady cells that answer the studies' questions on one warmed engine: a read mix over Bolt; one write per transaction"
                + " over Bolt and HTTP, UNWIND 1000 over Bolt, the batch writer through the gateway; headline ratios with 95 % confidence intervals."
                + " `graphperf run` runs it.";
    }

    @Override
    public ExperimentCommand<QuickOptions> command() {
        return new QuickCommand();
    }

    @Override
    public TrialResult run(RunContext ctx, QuickOptions o) throws Exception {
        List<Cell> cells = new ArrayList<>();
        List<String> failures = new ArrayList<>(), warnings = new ArrayList<>();
        Map<String, Object> config = new LinkedHashMap<>();
        ImportDataset ds = ImportDatasets.generated("social", 1.0, 1, 0, Runtime.getRuntime().availableProcessors(), ctx.datasetCache(), List.of(),
                ctx.progress());
        ReadWorkload reads = new ReadWorkload(ds.dir());
        List<SocialQuery> queries = SocialQueries.all();
        BulkImport store = ctx.engines().bulkImport(NAME, Map.of());
        String description;
        Map<String, Object> environment;
        String reset;
        try {
            ctx.progress().phase("load the social dataset (scale 1) with Neo4j's importer");
            BulkImport.Outcome loaded = store.importFiles(ds.importArguments(10_000), ctx.progress());
            ctx.progress().phase("load the social dataset");
            ctx.progress().phaseDone(String.format("%,d nodes, %,d relationships", loaded.nodes(), loaded.relationships()));
            ctx.progress().phase("start the engine");
            Map<String, String> writer = WriterLayout.settings(ctx.engines(), WritesExperiment.scenarios());
            config.put("batchWriterLayout", WriterLayout.describe(writer));
            try (Engine e = store.start(writer, 0)) {
                description = e.description();
                environment = e.environment();
                reset = e.resetMethod();
                ctx.progress().phaseDone(description);
                for (String c : ReadWorkload.constraints()) e.execute(c);
                e.awaitIndexesOnline();
                Map<String, Check> checks = reads.check(e, List.of(TransportName.BOLT), List.of(ReadWorkload.CYPHER), queries, 1, ctx.progress(), failures);
                if (!failures.isEmpty()) return new TrialResult(cells, description, reset, environment, config, null, List.of(), failures);
                measure(e, ctx, o, reads, queries, checks, cells, failures, warnings, config);
                ctx.progress().phase("stop the engine");
            }
            ctx.progress().phaseDone("done");
        } finally {
            store.deleteStore();
        }
        return new TrialResult(cells, description, reset, environment, config, null, warnings, failures);
    }

    private void measure(Engine e, RunContext ctx, QuickOptions o, ReadWorkload reads, List<SocialQuery> queries, Map<String, Check> checks,
                         List<Cell> cells, List<String> failures, List<String> warnings, Map<String, Object> config) throws Exception {
        Map<String, Scenario> writes = new LinkedHashMap<>();
        for (Scenario s : WritesExperiment.scenarios()) writes.put(s.id(), s);
        RunPlan plan = o.plan(INTERVAL);
        OperationMix mix = reads.mix(queries, ReadWorkload.CYPHER);
        Map<TransportName, Transport> transports = new LinkedHashMap<>();
        try {
            for (TransportName t : List.of(BOLT, HTTP, WS_BSON)) transports.put(t, e.transport(t));
            for (WriteCell cell : WRITE_CELLS) for (String st : writes.get(cell.scenario()).setup()) e.execute(st);
            e.awaitIndexesOnline();
            List<ServerWarmup.Slice> slices = new ArrayList<>();
            slices.add(ServerWarmup.Slice.of("read mix over bolt", transports.get(BOLT), mix, plan.executor(), null));
            for (WriteCell cell : WRITE_CELLS) {
                Scenario s = writes.get(cell.scenario());
                slices.add(ServerWarmup.Slice.of(cell.toString(), transports.get(cell.transport()), s.operations(), CellRunner.planFor(s, plan).executor(),
                        s.probe()));
            }
            ServerWarmup.Outcome warm = ServerWarmup.run(e, slices, o.serverWarmup(), o.serverWarmupCap(), ctx.progress());
            config.put("serverWarmup", warm.describe());
            warm.warning("`graphperf run quick --server-warmup 180s` (about 5 minutes)").ifPresent(warnings::add);

            // the reads first, while the social graph is there; every write cell then starts from an emptied store
            ctx.progress().phase("cell 1/" + (1 + WRITE_CELLS.size()) + ": the read mix over bolt");
            Measurement m = ctx.runner(new Runner(transports.get(BOLT), mix, plan, ctx.histograms().resolve("read-mix-bolt.hlog"),
                    e.serverPids(), List.of(ctx.progress())), READ_MIX + " over bolt", plan).run();
            Cell.Builder b = Cell.builder(NAME, READ_MIX).title("E2's 19 queries mixed by the study's repeat counts, " + o.clients() + " clients")
                    .query("(19 queries, Cypher)").transport(BOLT.id()).measurement(m).entityUnit("requests").dimension("form", ReadWorkload.CYPHER);
            b.check(new Check("result checks before timing (one parameter set per query)", checks.values().stream().mapToLong(Check::expected).sum(),
                    checks.values().stream().mapToLong(Check::actual).sum(), checks.values().stream().allMatch(Check::passed), null));
            Cell read = ctx.tag(b.build());
            cells.add(read);
            ctx.progress().phaseDone(CellRunner.outcome(read));
            ctx.saved().cells(List.copyOf(cells), List.copyOf(failures));

            List<WriteCell> order = new ArrayList<>(CellOrder.of(WRITE_CELLS.subList(0, SHUFFLED), true, ctx.seed(), ctx.trial()));
            order.addAll(WRITE_CELLS.subList(SHUFFLED, WRITE_CELLS.size()));
            config.put("cellOrder", "the read mix first, then the single-write cells " + CellOrder.describe(true, ctx.seed())
                    + ", then the batch writer through the gateway, unwind-1000 last");
            config.put("cellOrderOfThisTrial", order.stream().map(WriteCell::toString).toList());
            config.put("reset", "before each write cell: " + DELETE_WRITES + " (the loaded social graph stays)");
            CellRunner runner = new CellRunner(e, ctx, NAME, failures, engine -> engine.execute(DELETE_WRITES));
            int n = 1;
            for (WriteCell cell : order) {
                n++;
                ctx.progress().phase(String.format("cell %d/%d: %s over %s", n, 1 + WRITE_CELLS.size(), cell.scenario(), cell.transport()));
                Cell c = runner.measure(writes.get(cell.scenario()), cell.transport(), transports.get(cell.transport()), plan);
                cells.add(c);
                ctx.progress().phaseDone(CellRunner.outcome(c));
                ctx.saved().cells(List.copyOf(cells), List.copyOf(failures));
            }
        } finally {
            for (Transport t : transports.values()) t.close();
        }
        cells.sort((a, b) -> Integer.compare(rank(a), rank(b)));
    }

    private static int rank(Cell c) {
        if (READ_MIX.equals(c.scenario())) return 0;
        for (int i = 0; i < WRITE_CELLS.size(); i++) if (match(c, WRITE_CELLS.get(i).scenario(), WRITE_CELLS.get(i).transport())) return 1 + i;
        return 1 + WRITE_CELLS.size();
    }

    @Override
    public List<Headline> headlines(List<Cell> cells) {
        List<Headline> out = new ArrayList<>();
        ratio(out, cells, "UNWIND 1000 vs one write per transaction, Bolt, nodes/s", UNWIND_1000, BOLT, ONE_WRITE_PER_TX, BOLT);
        ratio(out, cells, GATEWAY_WRITER + " vs one write per transaction over Bolt, nodes/s", GATEWAY_DURABLE, WS_BSON, ONE_WRITE_PER_TX, BOLT);
        ratio(out, cells, GATEWAY_WRITER + " vs UNWIND 1000 over Bolt, nodes/s", GATEWAY_DURABLE, WS_BSON, UNWIND_1000, BOLT);
        ratio(out, cells, "Bolt vs HTTP, one write per transaction, nodes/s", ONE_WRITE_PER_TX, BOLT, ONE_WRITE_PER_TX, HTTP);
        List<Cell> read = match(cells, READ_MIX, BOLT);
        if (!read.isEmpty()) {
            List<Double> batches = new ArrayList<>();
            for (Cell c : read) batches.addAll(c.measurement().throughput().batchRates());
            Ratio r = Ratio.rate(batches);
            out.add(new Headline("E2's read mix over Bolt, " + read.get(0).clients() + " clients", "rate", r.value(), r.low(), r.high(), "requests/s",
                    read.stream().noneMatch(c -> c.validity().flagged()), null));
        }
        return out;
    }

    private static void ratio(List<Headline> out, List<Cell> cells, String question, String a, TransportName ta, String b, TransportName tb) {
        List<Cell> x = match(cells, a, ta), y = match(cells, b, tb);
        if (x.isEmpty() || y.isEmpty()) return;
        Ratio r = Targets.entityRatio(x, y);
        boolean steady = x.stream().noneMatch(c -> c.validity().flagged()) && y.stream().noneMatch(c -> c.validity().flagged());
        out.add(new Headline(question, "ratio", r.value(), r.low(), r.high(), "×", steady, null));
    }

    private static List<Cell> match(List<Cell> cells, String scenario, TransportName transport) {
        return cells.stream().filter(c -> Cell.BASELINE.equals(c.variant()) && match(c, scenario, transport) && c.measurement() != null).toList();
    }

    /** Whether a cell is the scenario's over the transport (a cell carries the transport's name as results do). */
    private static boolean match(Cell c, String scenario, TransportName transport) {
        return c.scenario().equals(scenario) && transport.id().equals(c.transport());
    }

    @Override
    public List<TargetCheck> targets(List<Cell> cells) {
        return Targets.check(List.of(
                RatioTarget.across(GATEWAY_WRITER + " vs one write per transaction over Bolt, 8 clients", GATEWAY_DURABLE, WS_BSON,
                        ONE_WRITE_PER_TX, BOLT, 20),
                RatioTarget.across(GATEWAY_WRITER + " vs UNWIND of 1000 rows over Bolt, 8 clients", GATEWAY_DURABLE, WS_BSON,
                        UNWIND_1000, BOLT, 0.8)),
                cells);
    }

    @Override
    public List<ReportSection> sections() {
        return WritesExperiment.batchWriterSections();
    }
}
