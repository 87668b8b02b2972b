package io.graphperf.workloads.cells;

import io.graphperf.studies.Expressed;
import io.graphperf.core.engine.DialectName;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.measure.PortableOperations;
import io.graphperf.core.measure.CapacitySearch;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.results.Cell;
import io.graphperf.workloads.RunContext;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Measures scenarios on transports of one engine: the schema of every scenario first, a server warm-up over all
 * of their workloads, then each cell (scenario × transport) in the trial's order.
 */
public final class ScenarioCells {

    /**
     * @param serverWarmup fixed length of the server warm-up, or null for until settled
     * @param isolated     an engine per cell (started, warmed on that cell's workload only, stopped), else one for all
     * @param warmupOn     the scenarios the server warm-up runs over the plan's transports, whatever cells are measured;
     *                     empty: the cells' own workloads
     * @param dialects     the scenarios in each engine's dialect
     * @param load         who sends each cell's operations ({@link CellLoad#HERE}, or load agents)
     * @param capacity     a capacity search for each cell instead of one measurement at the run's load; empty: none
     */
    public record Plan(List<Scenario> scenarios, List<TransportName> transports, RunPlan run, Duration serverWarmup, Duration serverWarmupCap,
                       boolean shuffled, boolean isolated, List<Scenario> warmupOn, ScenarioDialects dialects, CellLoad load,
                       Optional<CapacitySearch.Settings> capacity) {

        public Plan {
            warmupOn = List.copyOf(warmupOn);
            if (load == null) load = CellLoad.HERE;
        }

        /** The same plan with its cells loaded by {@code l}. */
        public Plan withLoad(CellLoad l) {
            return new Plan(scenarios, transports, run, serverWarmup, serverWarmupCap, shuffled, isolated, warmupOn, dialects, l, capacity);
        }

        /** The same plan with each cell's measured window {@code factor} times as long. */
        public Plan withLongerWindows(double factor) {
            return new Plan(scenarios, transports, run.withWindow(Duration.ofMillis(Math.round(run.window().toMillis() * factor))), serverWarmup,
                    serverWarmupCap, shuffled, isolated, warmupOn, dialects, load, capacity);
        }

        /** The same plan for one cell (its engine warmed on the same fixed set, when one is named). */
        public Plan only(Item i) {
            return new Plan(List.of(i.scenario()), List.of(i.transport()), run, serverWarmup, serverWarmupCap, false, true, warmupOn, dialects, load, capacity);
        }

        /** The plan in an engine's dialect; each scenario it cannot express is left out and put in {@code notExpressible} with why. */
        public Plan in(DialectName dialect, Map<String, String> notExpressible) {
            return new Plan(written(scenarios, dialect, notExpressible), transports, run, serverWarmup, serverWarmupCap, shuffled, isolated,
                    written(warmupOn, dialect, notExpressible), dialects, load, capacity);
        }

        private List<Scenario> written(List<Scenario> from, DialectName dialect, Map<String, String> notExpressible) {
            List<Scenario> out = new ArrayList<>();
            for (Scenario s : from) {
                Expressed<Scenario> w = dialects.in(s, dialect);
                w.form().ifPresent(out::add);
                w.whyNot().ifPresent(why -> notExpressible.put(s.id(), why));
            }
            return out;
        }

        /** The workloads the server warm-up runs: the fixed set over the plan's transports, else every cell's. */
        public List<Item> warmupItems() {
            return items(warmupOn.isEmpty() ? scenarios : warmupOn);
        }

        public List<Item> cells() {
            return items(scenarios);
        }

        private List<Item> items(List<Scenario> from) {
            List<Item> out = new ArrayList<>();
            for (Scenario s : from) for (TransportName t : transports) if (s.runsOver(t)) out.add(new Item(s, t));
            return out;
        }

        /** The warm-up set for run.json. */
        String describeWarmupOn() {
            return warmupOn.isEmpty() ? "every cell's workload" : "a fixed set (--server-warmup-on): "
                    + String.join(", ", warmupItems().stream().map(Item::label).toList());
        }
    }

    /** Starts an engine on a store. */
    @FunctionalInterface
    public interface EngineStarter {
        Engine start(String store) throws Exception;
    }

    /** Deletes a store once its engine stopped. */
    @FunctionalInterface
    public interface StoreDeleter {
        void delete(String store) throws Exception;
    }

    /**
     * Measures the plan on engines it starts: one for every cell ({@code shared}), or a freshly started one per cell,
     * warmed on that cell's workload only ({@code isolated}; a cell then does not depend on which workloads the engine's
     * JIT compiled before it).
     */
    public static Map<String, Object> run(EngineStarter starter, StoreDeleter deleter, RunContext ctx, String experiment, Plan plan, List<Cell> cells,
                                          List<String> failures, List<String> warnings) throws Exception {
        if (!plan.isolated()) {
            try (Engine engine = starter.start(experiment)) {
                return run(engine, ctx, experiment, plan, cells, failures, warnings);
            } finally {
                deleter.delete(experiment);
            }
        }
        Map<String, Object> config = new LinkedHashMap<>();
        List<Item> order = CellOrder.of(plan.cells(), plan.shuffled(), ctx.seed(), ctx.trial());
        config.put("isolation", plan.warmupOn().isEmpty() ? "an engine per cell, started and warmed on that cell's workload only"
                : "an engine per cell, started and warmed on the fixed set (--server-warmup-on)");
        config.put("serverWarmupOn", plan.describeWarmupOn());
        config.put("cellOrder", CellOrder.describe(plan.shuffled(), ctx.seed()));
        config.put("cellOrderOfThisTrial", order.stream().map(Item::label).toList());
        List<String> warmups = new ArrayList<>();
        int n = 0;
        for (Item i : order) {
            String store = experiment + "-cell-" + (++n);
            try (Engine engine = starter.start(store)) {
                warmups.add(i.label() + ": " + run(engine, ctx, experiment, plan.only(i), cells, failures, warnings).get("serverWarmup"));
            } finally {
                deleter.delete(store);
            }
        }
        config.put("serverWarmup", warmups);
        return config;
    }

    /** One cell to measure. */
    public record Item(Scenario scenario, TransportName transport) {

        /** "scenario/transport", as run.json names a cell. */
        public String label() {
            return scenario.id() + "/" + transport;
        }
    }

    private ScenarioCells() {
    }

    /**
     * @param cells    measured cells are added here as they finish (and saved through the context)
     * @param failures receives the cells' failures
     * @param warnings receives conditions that make figures suspect (a server warm-up cut short)
     * @return the server warm-up's outcome and the order, for run.json
     */
    public static Map<String, Object> run(Engine engine, RunContext ctx, String experiment, Plan given, List<Cell> cells, List<String> failures,
                                          List<String> warnings) throws Exception {
        Map<TransportName, Transport> transports = new LinkedHashMap<>();
        Map<String, Object> config = new LinkedHashMap<>();
        Map<String, String> notExpressible = new LinkedHashMap<>();
        Plan plan = given.in(engine.dialect(), notExpressible);
        if (!notExpressible.isEmpty()) {
            config.put("notExpressible", notExpressible);
            warnings.add("not expressible in " + engine.dialect() + "'s dialect, so not measured on " + engine.description() + ": "
                    + String.join("; ", notExpressible.entrySet().stream().map(e -> e.getKey() + " (" + e.getValue() + ")").toList()));
        }
        try {
            for (TransportName t : plan.transports()) if (!t.embedded()) transports.put(t, engine.transport(t));
            List<Item> listed = plan.cells();
            ctx.progress().phase("schema of every scenario");
            Set<String> schema = new LinkedHashSet<>();
            for (Scenario s : plan.scenarios()) schema.addAll(s.setup());
            for (Scenario s : plan.warmupOn()) schema.addAll(s.setup());
            for (String st : schema) engine.execute(st);
            engine.awaitIndexesOnline();
            ctx.progress().phaseDone("online");
            List<ServerWarmup.Slice> slices = new ArrayList<>();
            for (Item i : plan.warmupItems()) {
                String label = i.scenario().id() + " over " + i.transport();
                var executor = CellRunner.planFor(i.scenario(), plan.run()).executor();
                slices.add(i.transport().embedded()
                        ? ServerWarmup.Slice.inProcess(label, engine, (PortableOperations) i.scenario().operations(), executor)
                        : ServerWarmup.Slice.of(label, transports.get(i.transport()), i.scenario().operations(), executor, i.scenario().probe()));
            }
            ServerWarmup.Outcome warm = ServerWarmup.run(engine, slices, plan.serverWarmup(), plan.serverWarmupCap(), ctx.progress());
            config.put("serverWarmup", warm.describe());
            config.put("serverWarmupOn", plan.describeWarmupOn());
            warm.warning("--server-warmup " + Math.max(60, 2 * plan.serverWarmupCap().toSeconds()) + "s").ifPresent(warnings::add);
            List<Item> order = CellOrder.of(listed, plan.shuffled(), ctx.seed(), ctx.trial());
            config.put("cellOrder", CellOrder.describe(plan.shuffled(), ctx.seed()));
            config.put("cellOrderOfThisTrial", order.stream().map(Item::label).toList());
            CellRunner runner = new CellRunner(engine, ctx, experiment, failures).load(plan.load());
            if (plan.load().describe() != null) config.put("loadAgents", plan.load().describe());
            int n = 0;
            for (Item i : order) {
                n++;
                ctx.progress().phase(String.format("cell %d/%d: %s over %s", n, order.size(), i.scenario().id(), i.transport()));
                if (plan.capacity().isPresent()) {
                    capacity(plan, i, runner, transports.get(i.transport()), ctx, experiment, cells, failures);
                    continue;
                }
                Cell c = runner.measure(i.scenario(), i.transport(), transports.get(i.transport()), plan.run());
                cells.add(c);
                ctx.progress().phaseDone(CellRunner.outcome(c));
                ctx.saved().cells(List.copyOf(cells), List.copyOf(failures));
            }
        } finally {
            for (Transport t : transports.values()) t.close();
        }
        return config;
    }

    /** A capacity search over one cell: its probes, then its outcome, added to {@code cells}. */
    private static void capacity(Plan plan, Item i, CellRunner runner, Transport t, RunContext ctx, String experiment, List<Cell> cells,
                                 List<String> failures) throws Exception {
        ctx.progress().phaseDone("a capacity search");
        int[] probe = {0};
        CapacityCells.search(plan.capacity().orElseThrow(), CellRunner.planFor(i.scenario(), plan.run()).executor().clients(), ctx, experiment, i.scenario().id(),
                i.scenario().title(), i.transport().id(), load -> runner.measure(i.scenario(), i.transport(), t, plan.run().withExecutor(load),
                        i.scenario().id() + "-" + i.transport() + "-probe-" + ++probe[0]), cells, failures, b -> {
                });
    }

    /** The cells in the experiment's listed order (scenario, then transport), whatever order they ran in. */
    public static List<Cell> listedOrder(List<Cell> cells, List<Scenario> scenarios, List<TransportName> transports) {
        List<Cell> out = new ArrayList<>();
        for (Scenario s : scenarios) {
            for (TransportName t : transports) {
                for (Cell c : cells) if (c.scenario().equals(s.id()) && c.transport().equals(t.id())) out.add(c);
            }
        }
        for (Cell c : cells) if (!out.contains(c)) out.add(c);
        return out;
    }
}
