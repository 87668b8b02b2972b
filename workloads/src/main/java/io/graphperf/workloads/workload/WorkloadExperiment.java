package io.graphperf.workloads.workload;

import io.graphperf.core.report.ReportSection;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.ExperimentData;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.ThresholdCheck;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.RunContext;
import io.graphperf.workloads.TrialResult;
import io.graphperf.workloads.agents.AgentReplay;
import io.graphperf.workloads.agents.Coordinator;
import io.graphperf.workloads.options.ExperimentCommand;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A user's workload file: their operations, data and server, measured and checked as the studies' are (docs/workloads.md). */
public final class WorkloadExperiment implements Experiment<WorkloadOptions> {

    public static final String NAME = "workload";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String title() {
        return "your workload";
    }

    @Override
    public String title(WorkloadOptions o) {
        return "your workload: " + o.workload().name() + (o.workload().description().isEmpty() ? "" : " — " + o.workload().description());
    }

    @Override
    public String description() {
        return "A workload file's operations (Cypher, per-dialect texts or procedures, mixed by weight, parameters from CSV files, queries, ranges or"
                + " unique ids) on its data (a CSV folder or a setup script) and your server or the engines graphperf starts: answers checked against the"
                + " first engine's, declared writes checked by id, then a cell per transport and load, with thresholds as a gate";
    }

    @Override
    public ExperimentCommand<WorkloadOptions> command() {
        return new WorkloadCommand();
    }

    @Override
    public Optional<Class<? extends ExperimentData>> dataType() {
        return Optional.of(WorkloadData.class);
    }

    @Override
    public Optional<AgentReplay> agentReplay() {
        return Optional.of(new WorkloadOverAgents());
    }

    @Override
    public Optional<WorkloadOptions> withLongerWindows(WorkloadOptions o, double factor) {
        return Optional.of(o.withLongerWindows(factor));
    }

    @Override
    public TrialResult run(RunContext ctx, WorkloadOptions o) throws Exception {
        if (o.agents().isEmpty()) return new WorkloadTrial(ctx, o, null).run();
        try (Coordinator agents = ctx.startAgents(o.agents().get(), NAME)) {
            return new WorkloadTrial(ctx, o, agents).run();
        }
    }

    @Override
    public List<ThresholdCheck> thresholds(WorkloadOptions o, List<Cell> cells) {
        List<ThresholdCheck> out = new ArrayList<>();
        for (Threshold t : o.thresholds()) out.addAll(t.judge(cells));
        return out;
    }

    @Override
    public List<ReportSection> sections() {
        return List.of(new WorkloadReport());
    }

    @Override
    public void summary(RunResult run, PrintStream out) {
        boolean several = run.data().size() > 1;
        for (RunResult.TrialData t : run.data()) {
            if (!(t.data() instanceof WorkloadData d)) continue;
            String who = several ? t.variant() + " #" + t.repeat() + " " : "";
            long equal = d.answers().values().stream().mapToLong(c -> c.actual()).sum(), compared = d.answers().values().stream().mapToLong(c -> c.expected()).sum();
            out.println(who + (d.reference() ? "answers (the reference's own, over each transport): " : "answers equal to the reference's: ") + equal + " of "
                    + compared + (d.notExpressible().isEmpty() ? "" : "; not expressible in " + d.dialect() + ": " + d.notExpressible().keySet()));
            for (String diff : d.differences()) out.println("  " + diff);
        }
    }
}
