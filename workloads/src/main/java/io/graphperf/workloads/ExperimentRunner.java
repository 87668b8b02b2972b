package io.graphperf.workloads;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Target;
import io.graphperf.core.measure.LoadModel;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Runner;
import io.graphperf.core.progress.ProgressListener;
import io.graphperf.core.results.Measurement;
import io.graphperf.core.results.ScenarioResult;
import io.graphperf.core.results.TargetCheck;
import io.graphperf.core.results.Verification;
import io.graphperf.core.export.Format;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs an experiment's scenarios on every chosen transport of a target: reset the store, apply the
 * scenario's schema, hand the operations to the measuring layer, then count what the database holds.
 */
public final class ExperimentRunner {

    private final Target target;
    private final List<String> transports;
    private final RunPlan plan;
    private final Path histogramDir;
    private final ProgressListener progress;
    private final List<String> failures = new ArrayList<>();

    public ExperimentRunner(Target target, List<String> transports, RunPlan plan, Path histogramDir, ProgressListener progress) {
        this.target = target;
        this.transports = transports;
        this.plan = plan;
        this.histogramDir = histogramDir;
        this.progress = progress == null ? ProgressListener.NONE : progress;
    }

    /** Failures found so far (count mismatches, scenarios where nothing succeeded). */
    public List<String> failures() {
        return failures;
    }

    /** Called after every scenario with the results so far (the CLI writes them, so an interrupted run keeps them). */
    public interface Listener {
        void completed(List<ScenarioResult> soFar) throws Exception;
    }

    public List<ScenarioResult> run(Experiment experiment, List<Scenario> scenarios) throws Exception {
        return run(experiment, scenarios, soFar -> { });
    }

    public List<ScenarioResult> run(Experiment experiment, List<Scenario> scenarios, Listener listener) throws Exception {
        Map<String, Engine> engines = new LinkedHashMap<>();
        List<ScenarioResult> results = new ArrayList<>();
        int total = scenarios.size() * transports.size(), i = 0;
        try {
            for (String t : transports) engines.put(t, target.engine(t));
            for (Scenario scenario : scenarios) {
                for (String transport : transports) {
                    i++;
                    progress.phase(String.format("scenario %d/%d: %s over %s", i, total, scenario.id(), transport));
                    ScenarioResult r;
                    try {
                        r = runOne(experiment, scenario, transport, engines.get(transport));
                    } catch (Exception e) {
                        target.checkHealthy(); // a dead server explains the failure better than the driver's error
                        throw e;
                    }
                    target.checkHealthy();
                    results.add(r);
                    progress.phaseDone(outcome(r));
                    listener.completed(List.copyOf(results));
                }
            }
        } finally {
            for (Engine e : engines.values()) e.close();
        }
        return withTargets(experiment.targets(), results);
    }

    /** Attaches each ratio target to the scenario it is about, on every transport where both sides ran. */
    static List<ScenarioResult> withTargets(List<RatioTarget> targets, List<ScenarioResult> results) {
        if (targets.isEmpty()) return results;
        List<ScenarioResult> out = new ArrayList<>();
        for (ScenarioResult r : results) {
            List<TargetCheck> checks = new ArrayList<>();
            for (RatioTarget t : targets) {
                if (!t.scenario().equals(r.scenario())) continue;
                for (ScenarioResult b : results) {
                    if (b.scenario().equals(t.baseline()) && b.transport().equals(r.transport()) && b.measurement().entitiesPerSecond() > 0) {
                        checks.add(new TargetCheck(t.label(), t.scenario(), t.baseline(), r.transport(),
                                r.measurement().entitiesPerSecond() / b.measurement().entitiesPerSecond(), t.minimum()));
                    }
                }
            }
            out.add(checks.isEmpty() ? r : r.withTargets(checks));
        }
        return out;
    }

    /** The run's plan, with the scenario's own client count when it fixes one (closed model only). */
    private RunPlan planFor(Scenario scenario) {
        if (scenario.clients() <= 0 || !(plan.model() instanceof LoadModel.Closed)) return plan;
        return new RunPlan(new LoadModel.Closed(scenario.clients()), plan.warmup(), plan.duration(), plan.operationsPerClient());
    }

    private ScenarioResult runOne(Experiment experiment, Scenario scenario, String transport, Engine engine) throws Exception {
        target.reset();
        for (String statement : scenario.setup()) target.execute(statement);
        target.awaitIndexesOnline();
        Path hlog = histogramDir == null ? null : histogramDir.resolve(scenario.id() + "-" + transport + ".hlog");
        ComponentProbe probe = scenario.component();
        Map<String, Object> before = probe == null ? null : probe.read(target, true);
        RunPlan scenarioPlan = planFor(scenario);
        // the component's latency histograms restart when the measured window does, so warm-up (cold JIT,
        // first query compilation) is not in them
        java.util.concurrent.ScheduledExecutorService windowStart = null;
        if (probe != null && !scenarioPlan.warmup().isZero()) {
            windowStart = java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
            windowStart.schedule(() -> probe.read(target, true), scenarioPlan.warmup().plus(Runner.START_LEAD).toMillis(),
                    java.util.concurrent.TimeUnit.MILLISECONDS);
        }
        Measurement m;
        try {
            m = new Runner(engine, scenario.operations(), scenarioPlan, hlog, target.serverPid(), progress).run();
        } finally {
            if (windowStart != null) windowStart.shutdownNow();
        }
        Map<String, Object> component = null;
        if (probe != null) {
            // gauges as the window ends, then wait until the component has applied everything: the counts below are final
            Map<String, Object> atWindowEnd = probe.read(target, false);
            long t0 = System.nanoTime();
            boolean drained = target.queryLong(probe.drainQuery()) == 1;
            double drainSeconds = (System.nanoTime() - t0) / 1e9;
            component = probe.figures(before, atWindowEnd, probe.read(target, false), drainSeconds, drained);
            if (!drained) failures.add(scenario.id() + " over " + transport + ": the " + probe.name() + " did not drain within 10 minutes");
        }
        List<Verification> checks = new ArrayList<>();
        for (CountCheck c : scenario.checks()) {
            long actual = target.queryLong(c.countQuery());
            checks.add(new Verification(c.what() + " = " + c.perOperation() + " × acknowledged operations",
                    c.perOperation() * m.acknowledgedOps(), actual));
        }
        String label = scenario.id() + " over " + transport;
        for (Verification v : checks) {
            if (!v.passed()) failures.add(label + ": " + v.check() + " — found " + v.actual() + ", expected " + v.expected());
        }
        if (m.acknowledgedOps() == 0) {
            failures.add(label + ": no operation succeeded" + (m.errorSamples().isEmpty() ? "" : " (" + m.errorSamples().get(0) + ")"));
        }
        return new ScenarioResult(experiment.name(), scenario.id(), scenario.title() + " [entities: " + scenario.entityUnit() + "]",
                transport, scenario.query(), m, checks, scenario.reference(), component, List.of());
    }

    private static String outcome(ScenarioResult r) {
        Measurement m = r.measurement();
        return String.format("%s ops/s, %s entities/s, p99 %s ms, %d errors, counts %s",
                Format.rate(m.opsPerSecond()), Format.rate(m.entitiesPerSecond()), Format.ms(m.latency().p99Ms()),
                m.errors(), r.verified() ? "ok" : "MISMATCH");
    }
}
