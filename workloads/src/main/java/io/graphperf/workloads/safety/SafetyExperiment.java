package io.graphperf.workloads.safety;

import io.graphperf.core.report.ReportSection;
import io.graphperf.core.results.ExperimentData;
import io.graphperf.core.results.RunResult;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.RunContext;
import io.graphperf.workloads.TrialResult;
import io.graphperf.workloads.options.ExperimentCommand;
import io.graphperf.workloads.options.Variant;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The safety study: whether an engine keeps what it acknowledged, checked before any of its speed figures is believed (docs/safety.md). */
public final class SafetyExperiment implements Experiment<SafetyOptions> {

    public static final String NAME = "safety";
    /** The variant's setting that names its engine (the CLI's), absent for graphperf's default Neo4j. */

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String title() {
        return "Safety — every acknowledged write kept";
    }

    @Override
    public String description() {
        return "Concurrent clients write in transactions of 1, 10 and 1,000 records, every acknowledged id checked by scan and by key, open and"
                + " after close and reopen; a shared counter incremented by every client (lost updates); writes during kill -9 and a restart";
    }

    @Override
    public ExperimentCommand<SafetyOptions> command() {
        return new SafetyCommand();
    }

    @Override
    public TrialResult run(RunContext ctx, SafetyOptions o) throws Exception {
        SafetyStudy study = new SafetyStudy(ctx, o);
        SafetyData data = study.run();
        SafetyLedger.record(Variant.engineOf(ctx.axes()), data, ctx.runDir());
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("clients", o.clients());
        config.put("phaseSeconds", o.duration().toMillis() / 1000.0);
        config.put("txSizes", o.txSizes());
        config.put("kills", o.kills());
        return new TrialResult(study.cells, study.description, study.reset, study.environment, config, data, List.of(), study.failures);
    }

    @Override
    public List<ReportSection> sections() {
        return List.of(new SafetyReport());
    }

    @Override
    public void summary(RunResult run, PrintStream out) {
        for (RunResult.TrialData t : run.data()) {
            if (!(t.data() instanceof SafetyData d)) continue;
            out.println("  safety, " + t.variant() + " #" + t.repeat() + ": " + SafetyReport.verdict(d));
            for (SafetyData.Line l : d.lines()) {
                if (!l.passed()) out.println("    " + l.phase() + ", " + l.when() + ", " + l.check() + ": lost " + l.lost() + " of " + l.expected()
                        + (l.detail() == null ? "" : " — " + l.detail()));
            }
            for (String c : d.crashes()) out.println("    crashed: " + c);
        }
    }

    @Override
    public Optional<Class<? extends ExperimentData>> dataType() {
        return Optional.of(SafetyData.class);
    }
}
