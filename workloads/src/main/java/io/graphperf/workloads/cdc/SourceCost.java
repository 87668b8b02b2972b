package io.graphperf.workloads.cdc;

import io.graphperf.core.engine.TransportName;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Engines;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.results.Cell;
import io.graphperf.workloads.RunContext;
import io.graphperf.workloads.cells.CellRunner;
import io.graphperf.workloads.cells.Scenario;
import io.graphperf.workloads.writes.WriteScenarios;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the source costs a committing client: E4's one-write-per-transaction scenario (single CREATE of an indexed :User node,
 * 8 clients, until steady, then a window), measured by the measuring layer on a database without the change source and on the
 * pipeline's source, where each transaction also writes its outbox node, after the pipeline's warm-up. The database without
 * the source is a JVM started for this, so its figure comes from a less-compiled JVM than the source's (measured: 1,618 vs
 * 1,370 tx/s in a first round, 2,174 vs 1,465 in a second one). A second round on the same stores is not run: the scenario's
 * id check expects each :User id once per store, and round 2 writes round 1's ids again ({@link #ROUNDS}).
 */
final class SourceCost {

    static final String SCENARIO = WriteScenarios.ONE_WRITE_PER_TX;
    static final int ROUNDS = 1;

    private SourceCost() {
    }

    static List<Cell> run(Engines engines, Pipeline p, RunPlan plan, RunContext ctx, List<String> failures) throws Exception {
        Scenario s = WriteScenarios.all().stream().filter(x -> x.id().equals(SCENARIO)).findFirst().orElseThrow();
        List<Cell> cells = new ArrayList<>();
        try (Engine plain = engines.start("cdc-plain", Map.of(), 0)) {
            for (int round = 1; round <= ROUNDS; round++) {
                ctx.progress().phase("source cost, round " + round + ": a database without the change source");
                cells.add(measure(plain, s, plan, ctx, failures, "off", round));
                ctx.progress().phase("source cost, round " + round + ": the pipeline's source (capture on)");
                cells.add(measure(p.source(), s, plan, ctx, failures, "on", round));
            }
        } finally {
            engines.deleteStore("cdc-plain");
        }
        return cells;
    }

    private static Cell measure(Engine e, Scenario s, RunPlan plan, RunContext ctx, List<String> failures, String capture, int round) throws Exception {
        Cell c = new CellRunner(e, ctx, CdcExperiment.NAME, failures, x -> { }).measure(s, TransportName.BOLT, e.transport(TransportName.BOLT), plan);
        ctx.progress().phaseDone("capture " + capture + ": " + CellRunner.outcome(c));
        Map<String, Object> d = new LinkedHashMap<>(c.dimensions());
        d.put("capture", capture);
        d.put("round", round);
        return c.as("source-cost-" + capture, "one CREATE per transaction, change source " + capture + ", round " + round, d);
    }
}
