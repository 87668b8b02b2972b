package io.graphperf.workloads.cells;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.measure.Executor;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.RunListener;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.report.Format;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Check;
import io.graphperf.workloads.RunContext;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Measures one scenario on one transport of an engine: empty the store, apply the scenario's schema, hand
 * the operations to the measuring layer (with the component probe listening to the window's events), let the
 * component settle, then check the engine's contents against what was acknowledged.
 */
public final class CellRunner {

    /** How the store is emptied before a cell. */
    @FunctionalInterface
    public interface Reset {
        void reset(Engine engine) throws Exception;
    }

    private final Engine engine;
    private final RunContext ctx;
    private final String experiment;
    private final List<String> failures;
    private final Reset reset;
    private CellLoad load = CellLoad.HERE;
    private Consumer<Cell.Builder> extras = b -> {
    };

    /** @param failures receives what makes the run fail (check mismatches, cells where nothing succeeded) */
    public CellRunner(Engine engine, RunContext ctx, String experiment, List<String> failures) {
        this(engine, ctx, experiment, failures, Engine::reset);
    }

    /** @param reset how the store is emptied before each cell (the engine's own reset unless an experiment needs its data kept) */
    public CellRunner(Engine engine, RunContext ctx, String experiment, List<String> failures, Reset reset) {
        this.engine = engine;
        this.ctx = ctx;
        this.experiment = experiment;
        this.failures = failures;
        this.reset = reset;
    }

    /** Who sends the operations and measures them (this process unless load agents do). */
    public CellRunner load(CellLoad l) {
        load = l;
        return this;
    }

    /** What an experiment adds to each cell this runner builds (its own dimensions, its dataset's scale). */
    public CellRunner extras(Consumer<Cell.Builder> e) {
        extras = e;
        return this;
    }

    /** The run's plan, with the scenario's own client count when it fixes one, in either load model. */
    public static RunPlan planFor(Scenario s, RunPlan plan) {
        if (s.clients() <= 0) return plan;
        Executor e = plan.executor();
        return plan.withExecutor(e.withClients(s.clients()));
    }

    public Cell measure(Scenario s, TransportName transportName, Transport transport, RunPlan runPlan) throws Exception {
        return measure(s, transportName, transport, runPlan, s.id() + "-" + transportName);
    }

    /** As above, the cell's interval log named {@code logName} (.hlog) in the trial's histograms. */
    public Cell measure(Scenario s, TransportName transportName, Transport transport, RunPlan runPlan, String logName) throws Exception {
        reset.reset(engine);
        for (String statement : s.setup()) engine.execute(statement);
        engine.awaitIndexesOnline();
        RunPlan plan = planFor(s, runPlan);
        Path hlog = ctx.histograms().resolve(logName + ".hlog");
        Files.createDirectories(hlog.getParent());
        List<RunListener> listeners = new ArrayList<>(List.of(ctx.progress()));
        CellProbe probe = s.probe();
        if (probe != null) {
            probe.before(engine);
            listeners.add(probe.listener(engine));
        }
        CellLoad.Measured measured;
        try {
            measured = ctx.load(load).measure(engine, s, transportName, transport, plan, hlog, listeners);
        } catch (Exception e) {
            engine.checkHealthy(); // a dead server explains the failure better than the driver's error
            throw e;
        }
        Measurement m = measured.measurement();
        engine.checkHealthy();
        String label = s.id() + " over " + transportName;
        Cell.Builder b = Cell.builder(experiment, s.id()).title(s.title()).query(s.query()).transport(transportName.id()).measurement(m)
                .reference(s.reference()).entityUnit(s.entityUnit()).agents(measured.agents());
        if (!measured.agents().isEmpty()) b.value("agents", measured.agents().size());
        extras.accept(b);
        if (probe != null) {
            CellProbe.Outcome o = probe.after(engine);
            b.component(o.figures());
            for (String f : o.failures()) failures.add(label + ": " + f);
        }
        for (CellCheck c : s.checks()) {
            Check check = check(c, engine, m);
            b.check(check);
            if (!check.passed()) failures.add(label + ": " + check.what() + " — found " + check.actual() + ", expected " + check.expected()
                    + (check.detail() == null ? "" : " (" + check.detail() + ")"));
        }
        if (m.outcomes().acknowledgedOps() == 0) {
            failures.add(label + ": no operation succeeded" + (m.outcomes().errorSamples().isEmpty() ? "" : " (" + m.outcomes().errorSamples().get(0) + ")"));
        }
        return ctx.tag(b.build());
    }

    /**
     * The check's outcome; a check the engine could not answer (e.g. its query outgrew the engine's memory for a transaction) fails,
     * saying why, rather than ending the run: what the cell measured is kept, unverified.
     */
    private static Check check(CellCheck c, Engine engine, Measurement m) throws Exception {
        try {
            return c.check(engine, m);
        } catch (Exception e) {
            engine.checkHealthy(); // a dead server explains the failure better than the driver's error
            return new Check(c.describe(), 0, 0, false, "not checked: the engine could not answer the check's query: " + e.getMessage());
        }
    }

    /** One line for the progress log. */
    public static String outcome(Cell c) {
        Measurement m = c.measurement();
        return String.format("%s ops/s, %s entities/s, p99 %s ms, %d errors, warm-up %s s, %s, checks %s", Format.rate(m.throughput().opsPerSecond()),
                Format.rate(m.throughput().entitiesPerSecond()), Format.ms(m.latencies().all().p99Ms()), m.outcomes().errors(),
                        Format.secs(m.warmupEnd().seconds()), c.validity().label(),
                c.checks().isEmpty() ? "–" : c.verified() ? "ok" : "MISMATCH");
    }
}
