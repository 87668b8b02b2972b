package io.graphperf.workloads.workload;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.measure.DrawnMix;
import io.graphperf.core.measure.Executor;
import io.graphperf.core.measure.RunListener;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.results.Cell;
import io.graphperf.workloads.RunContext;
import io.graphperf.workloads.agents.AgentWork;
import io.graphperf.workloads.agents.Coordinator;
import io.graphperf.workloads.cells.CellCheck;
import io.graphperf.workloads.cells.CapacityCells;
import io.graphperf.workloads.cells.CellLoad;
import io.graphperf.workloads.cells.CellOrder;
import io.graphperf.workloads.cells.CellRunner;
import io.graphperf.workloads.cells.Scenario;
import io.graphperf.workloads.cells.ServerWarmup;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A workload's cells on one engine: one per transport and load (each client count, each rate), each its own phase of the mix (its
 * draws and unique ids its own, the same on every engine), measured by the measuring layer as every study's cells are: the server
 * warmed first over every cell's workload, the cells in the trial's order, each warmed until steady, its window judged, its declared
 * writes checked id by id. The data is not reset between cells: a workload that writes leaves its writes for the cells after it.
 */
final class WorkloadCells {

    /** One cell: its transport, load and phase (its position in the listed order, from 1). */
    record Item(TransportName transport, Executor load, int phase) {
        String label() {
            return "mix over " + transport + " by " + load.describe();
        }
    }

    private final RunContext ctx;
    private final WorkloadOptions o;
    private final Workload w;
    private final WorkloadMix mix;
    private final Engine engine;
    private final Coordinator agents;
    private final List<Cell> cells;
    private final List<String> failures, warnings;
    private final Map<String, Object> config;
    private final Double scale;

    WorkloadCells(RunContext ctx, WorkloadOptions o, Workload w, WorkloadMix mix, Engine engine, Coordinator agents, List<Cell> cells, List<String> failures,
                  List<String> warnings, Map<String, Object> config, Double scale) {
        this.ctx = ctx;
        this.o = o;
        this.w = w;
        this.mix = mix;
        this.engine = engine;
        this.agents = agents;
        this.cells = cells;
        this.failures = failures;
        this.warnings = warnings;
        this.config = config;
        this.scale = scale;
    }

    /** Every cell, listed: transports (as given) × loads; a cell's phase is its place in this list, whichever transports are measured. */
    private List<Item> listed(List<TransportName> transports) {
        List<Item> out = new ArrayList<>();
        int phase = 0;
        for (TransportName t : o.transports()) {
            for (Executor load : o.loads()) {
                phase++;
                if (transports.contains(t)) out.add(new Item(t, load, phase));
            }
        }
        return out;
    }

    /** The server warmed over every cell's workload in turn until its JIT compilers are quiet; the outcome in words. */
    String warm(List<TransportName> transports) throws Exception {
        List<ServerWarmup.Slice> slices = new ArrayList<>();
        List<Transport> opened = new ArrayList<>();
        try {
            for (Item i : listed(transports)) {
                DrawnMix m = mix.mix().forPhase(i.phase(), i.load().clients());
                if (i.transport().embedded()) {
                    slices.add(ServerWarmup.Slice.inProcess(i.label(), engine, m, i.load()));
                } else {
                    Transport t = engine.transport(i.transport());
                    opened.add(t);
                    slices.add(ServerWarmup.Slice.of(i.label(), t, m, i.load(), null));
                }
            }
            ServerWarmup.Outcome out = ServerWarmup.run(engine, slices, o.serverWarmup(), o.serverWarmupCap(), ctx.progress());
            out.warning("--server-warmup " + 2 * o.serverWarmupCap().toSeconds() + "s").ifPresent(warnings::add);
            config.put("serverWarmup", out.describe());
            return out.describe();
        } finally {
            for (Transport t : opened) t.close();
        }
    }

    void measure(List<TransportName> transports) throws Exception {
        List<Item> order = CellOrder.of(listed(transports), o.shuffled(), ctx.seed(), ctx.trial());
        config.put("cellOrder", CellOrder.describe(o.shuffled(), ctx.seed()));
        config.put("cellOrderOfThisTrial", order.stream().map(Item::label).toList());
        String form = WorkloadMix.form(w);
        CellRunner runner = new CellRunner(engine, ctx, WorkloadExperiment.NAME, failures, e -> {
        }).load(agents == null ? CellLoad.HERE : overAgents(form)).extras(b -> b.scale(scale).dimension("form", form).entityUnit(unit()));
        Map<TransportName, Transport> open = new LinkedHashMap<>();
        try {
            int n = 0;
            for (Item i : order) {
                n++;
                ctx.progress().phase(String.format("cell %d/%d: %s", n, order.size(), i.label()));
                Transport t = i.transport().embedded() ? null : open.computeIfAbsent(i.transport(), x -> transport(x));
                if (o.capacity().isPresent()) {
                    ctx.progress().phaseDone("a capacity search");
                    int[] probe = {0};
                    CapacityCells.search(o.capacity().orElseThrow(), i.load().clients(), ctx, WorkloadExperiment.NAME, "mix", w.name(), i.transport().id(),
                            rate -> runner.measure(scenario(i), i.transport(), t, o.plan(rate), "mix-" + i.transport() + "-probe-" + ++probe[0]), cells, failures,
                            b -> b.scale(scale).dimension("form", form));
                    continue;
                }
                Cell c = runner.measure(scenario(i), i.transport(), t, o.plan(i.load()), "mix-" + i.transport() + "-" + i.load().name() + "-"
                        + i.load().clients() + (i.load().offeredPerSecond() == null ? "" : "-" + Math.round(i.load().offeredPerSecond())));
                cells.add(c);
                if (c.measurement().outcomes().errors() > 0) {
                    failures.add(c.label() + ": " + c.measurement().outcomes().errors() + " errors, e.g. " + c.measurement().outcomes().errorSamples());
                }
                ctx.progress().phaseDone(CellRunner.outcome(c));
                ctx.saved().cells(List.copyOf(cells), List.copyOf(failures));
            }
        } finally {
            for (Transport t : open.values()) t.close();
        }
    }

    private Transport transport(TransportName name) {
        try {
            return engine.transport(name);
        } catch (Exception e) {
            throw new IllegalStateException("cannot open transport " + name + ": " + e.getMessage(), e);
        }
    }

    private String unit() {
        return w.operations().stream().allMatch(op -> op.entities() == 1) ? "operations" : "entities";
    }

    /** The cell as a scenario: the mix of its phase, and a check of every write that declares its id. */
    private Scenario scenario(Item i) {
        DrawnMix m = mix.mix().forPhase(i.phase(), i.load().clients());
        List<CellCheck> checks = new ArrayList<>();
        for (OperationSpec op : w.operations()) {
            if (op.id() != null && !mix.notExpressible().containsKey(op.name())) checks.add(new WrittenIdsCheck(op, m, WrittenIdsCheck.lookup(op.id(), engine.dialect())));
        }
        String title = "the workload " + w.name() + " (" + mix.mix().types().size() + " operations mixed by weight), " + i.load().describe();
        return new Scenario("mix", title, "(mix)", List.of(), m, checks, null, unit());
    }

    /** Load agents send a cell that splits over them (its mix shared with them as a file); the others this process does, saying so. */
    private CellLoad overAgents(String form) {
        return new CellLoad() {
            @Override
            public Measured measure(Engine e, Scenario s, TransportName transportName, Transport transport, RunPlan plan, Path log, List<RunListener> listeners)
                    throws Exception {
                if (!agents.splits(e, transportName, plan.executor().clients())) {
                    warnings.add(s.title() + " over " + transportName + ": sent by this process, not the " + agents.count() + " agents");
                    return CellLoad.HERE.measure(e, s, transportName, transport, plan, log, listeners);
                }
                DrawnMix m = (DrawnMix) s.operations();
                Path file = ctx.dir().resolve("workload-mix-" + m.phase() + ".json");
                new ObjectMapper().writeValue(file.toFile(), m);
                agents.share(file);
                Files.deleteIfExists(file);
                Map<String, String> details = new LinkedHashMap<>();
                details.put(WorkloadOverAgents.MIX, file.getFileName().toString());
                details.put(AgentWork.TITLE, s.title());
                details.put(WorkloadOverAgents.FORM, form);
                return agents.measure(e, new AgentWork("mix", details, 0), transportName, plan, log);
            }

            @Override
            public String describe() {
                return agents.describe();
            }
        };
    }
}
