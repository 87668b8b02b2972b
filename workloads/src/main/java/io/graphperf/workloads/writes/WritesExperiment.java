package io.graphperf.workloads.writes;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.report.ReportSection;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.TargetCheck;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.RunContext;
import io.graphperf.workloads.TrialResult;
import io.graphperf.workloads.agents.Coordinator;
import io.graphperf.workloads.cells.Scenario;
import io.graphperf.workloads.cells.ScenarioCells;
import io.graphperf.workloads.cells.Targets;
import io.graphperf.workloads.options.ExperimentCommand;
import io.graphperf.workloads.agents.AgentReplay;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** E4 — write scaling (spec: workloads.md, E4). */
public final class WritesExperiment implements Experiment<WritesOptions> {

    public static final String NAME = "writes";

    @Override
    public Optional<AgentReplay> agentReplay() {
        return Optional.of(new WritesOverAgents());
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String title() {
        return "E4 — write scaling";
    }

    @Override
    public String description() {
        return "Cypher write throughput: FOREACH-100, single CREATE (unlabelled / labelled / labelled+indexed), 1000 statements per"
                + " transaction, UNWIND $rows batches of 1..10000, CALL {} IN TRANSACTIONS, and graphperf's durable batch writer (both ack"
                + " modes) against its baselines at 8, 32 and 64 clients";
    }

    @Override
    public ExperimentCommand<WritesOptions> command() {
        return new WritesCommand();
    }

    /** The scenarios, for graphperf list. */
    public static List<Scenario> scenarios() {
        return WriteScenarios.all();
    }

    @Override
    public Optional<WritesOptions> withLongerWindows(WritesOptions o, double factor) {
        return Optional.of(o.withLongerWindows(factor));
    }

    @Override
    public TrialResult run(RunContext ctx, WritesOptions o) throws Exception {
        List<Cell> cells = new ArrayList<>();
        List<String> failures = new ArrayList<>(), warnings = new ArrayList<>();
        Map<String, Object> config = new LinkedHashMap<>();
        String[] description = {""}, reset = {""};
        Map<String, Object> environment = new LinkedHashMap<>();
        Map<String, String> writer = WriterLayout.settings(ctx.engines(), o.plan().scenarios());
        if (o.plan().scenarios().stream().anyMatch(WriteScenarios::viaBatchWriter)) config.put("batchWriterLayout", WriterLayout.describe(writer));
        ScenarioCells.EngineStarter starter = store -> {
            ctx.progress().phase(ctx.engines().embedded() ? "start the engine" : "connect to " + ctx.engines().describe());
            Engine engine = writer.isEmpty() ? ctx.engines().start(store) : ctx.engines().start(store, writer, 0);
            description[0] = engine.description();
            reset[0] = engine.resetMethod();
            if (environment.isEmpty()) environment.putAll(engine.environment());
            ctx.progress().phaseDone(description[0]);
            return engine;
        };
        if (o.agents().isEmpty()) {
            config.putAll(ScenarioCells.run(starter, ctx.engines()::deleteStore, ctx, NAME, o.plan(), cells, failures, warnings));
        } else {
            try (Coordinator agents = ctx.startAgents(o.agents().get(), NAME)) {
                config.put("agents", agents.describe());
                config.putAll(ScenarioCells.run(starter, ctx.engines()::deleteStore, ctx, NAME, o.plan().withLoad(agents), cells, failures, warnings));
            }
        }
        return new TrialResult(ScenarioCells.listedOrder(cells, o.plan().scenarios(), o.plan().transports()), description[0], reset[0], environment,
                config, null, warnings, failures);
    }

    @Override
    public List<TargetCheck> targets(List<Cell> cells) {
        return Targets.check(WriteScenarios.targets(), cells);
    }

    @Override
    public List<ReportSection> sections() {
        return batchWriterSections();
    }

    /** The batch writer's report section, for other experiments that run its scenarios. */
    public static List<ReportSection> batchWriterSections() {
        return List.of(new BatchWriterReport());
    }
}
