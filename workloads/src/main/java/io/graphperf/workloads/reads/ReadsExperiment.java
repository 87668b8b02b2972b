package io.graphperf.workloads.reads;

import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Session;
import io.graphperf.core.report.ReportSection;
import io.graphperf.core.results.ExperimentData;
import io.graphperf.core.results.RunResult;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.RunContext;
import io.graphperf.workloads.TrialResult;
import io.graphperf.workloads.agents.Coordinator;
import io.graphperf.workloads.imports.ImportDataset;
import io.graphperf.workloads.imports.ImportDatasets;
import io.graphperf.workloads.options.ExperimentCommand;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Headline;
import io.graphperf.workloads.agents.AgentReplay;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** E2 — the 19 social-network queries over transports (spec: workloads.md, E2). */
public final class ReadsExperiment implements Experiment<ReadsOptions> {

    public static final String NAME = "reads";

    @Override
    public Optional<AgentReplay> agentReplay() {
        return Optional.of(new ReadsOverAgents());
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String title() {
        return "E2 — the 19 social-network queries over embedded, Bolt, HTTP and graphperf's WebSocket gateway, as Cypher and as stored procedures";
    }

    @Override
    public String description() {
        String ids = String.join(", ", SocialQueries.all().stream().map(q -> q.id() + " " + q.title()).toList());
        return "Loads the social dataset (bulk import), checks every query's results against answers computed from the files, then measures"
                + " single-client latency per query, throughput at 1-128 client threads, the open model, 1 vs 8 connections, 1-16 server"
                + " Bolt and gateway threads and round-robin groups of 1, 3 and 5 servers, each on a warmed server. Queries: " + ids;
    }

    @Override
    public ExperimentCommand<ReadsOptions> command() {
        return new ReadsCommand();
    }

    @Override
    public Optional<Class<? extends ExperimentData>> dataType() {
        return Optional.of(ReadsData.class);
    }

    @Override
    public TrialResult run(RunContext ctx, ReadsOptions o) throws Exception {
        Path cache = o.datasetCache() != null ? o.datasetCache() : ctx.datasetCache();
        ImportDataset ds = ImportDatasets.generated("social", o.scale(), o.datasetSeed(), 0, Runtime.getRuntime().availableProcessors(), cache, List.of(),
                ctx.progress());
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("datasetDir", ds.dir().toString());
        if (o.agents().isEmpty()) return run(ctx, o, ds, config, null);
        try (Coordinator agents = ctx.startAgents(o.agents().get(), NAME)) {
            // the agents rebuild each cell's query mix from the dataset's parameter sets, as this process draws them
            agents.share(ds.dir().resolve(ReadParameterSets.FILE));
            config.put("agents", agents.describe());
            return run(ctx, o, ds, config, agents);
        }
    }

    private TrialResult run(RunContext ctx, ReadsOptions o, ImportDataset ds, Map<String, Object> config, Coordinator agents) throws Exception {
        if (!ctx.engines().embedded()) {
            // the user's servers hold the dataset already (README: E2 on your servers); the result checks prove it is the same one
            ReadStudy study = new ReadStudy(ctx, o, ds.dir(), Servers.users(ctx.engines()), agents);
            study.run();
            return result(study, config, "loaded by you (" + ctx.engines().describe() + ")", "your Neo4j (" + ctx.engines().describe()
                    + "), social dataset at scale " + o.scale());
        }
        BulkImport store = ctx.engines().bulkImport("reads", Map.of("max-off-heap", o.maxOffHeap()));
        ReadStudy study = new ReadStudy(ctx, o, ds.dir(), Servers.of(store), agents);
        String load;
        try {
            ctx.progress().phase("load social " + o.scale() + " with the engine's own loader");
            long t0 = System.nanoTime();
            BulkImport.Outcome out = store.importFiles(ds.importArguments(10_000), ctx.progress());
            double seconds = (System.nanoTime() - t0) / 1e9;
            load = String.format("%,d nodes, %,d relationships, bulk import %.1f s%s", out.nodes(), out.relationships(), seconds,
                    out.badEntries() > 0 ? ", " + out.badEntries() + " bad entries skipped" : "");
            ctx.progress().phase("load social " + o.scale());
            ctx.progress().phaseDone(load);
            study.run();
        } finally {
            store.deleteStore();
        }
        return result(study, config, load, ctx.engines().describe() + ", social dataset at scale " + o.scale());
    }

    private static TrialResult result(ReadStudy study, Map<String, Object> config, String load, String engine) {
        config.put("resultChecks", study.checksPassed() + " of " + study.checksRun() + " passed");
        ReadsData data = new ReadsData(study.checksPassed(), study.checksRun(), load, study.warmups, Session.READS_EVERY_ROW, engine, study.dialect(),
                study.queryTexts(), study.notExpressible);
        return new TrialResult(study.cells, engine, "", study.environment, config, data, study.warnings, study.failures);
    }

    @Override
    public List<ReportSection> sections() {
        return List.of(new ReadsReport());
    }

    @Override
    public List<Headline> headlines(List<Cell> cells) {
        return EnginesReport.headlines(cells);
    }

    @Override
    public void summary(RunResult run, PrintStream out) {
        boolean several = run.data().stream().map(RunResult.TrialData::variant).distinct().count() > 1;
        for (RunResult.TrialData t : run.data()) {
            if (!(t.data() instanceof ReadsData d)) continue;
            String who = several ? t.variant() + " #" + t.repeat() + " " : "";
            out.println(who + "result checks (answers computed from the files): " + d.checksPassed() + " of " + d.checksRun() + " passed"
                    + (d.notExpressible().isEmpty() ? "" : "; not expressible in " + d.dialect() + ": " + d.notExpressible()));
        }
    }
}
