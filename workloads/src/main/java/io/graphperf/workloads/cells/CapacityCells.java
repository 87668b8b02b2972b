package io.graphperf.workloads.cells;

import io.graphperf.core.measure.CapacitySearch;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.Objective;
import io.graphperf.core.measure.Open;
import io.graphperf.core.report.Format;
import io.graphperf.core.results.Cell;
import io.graphperf.workloads.RunContext;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * A capacity search over one cell, for any experiment whose cells can run the open model: each probe is the experiment's own cell at a
 * rate (warmed, judged steady or not, every scheduled operation accounted for, its checks run), kept in the run as a cell of its own
 * with the search's objective and its probe number; the outcome is a cell of its own too (load {@code capacity}): the capacity, its
 * bracket, why the search ended and what limited it.
 */
public final class CapacityCells {

    /** Runs the experiment's cell with an open-model executor and returns it. */
    @FunctionalInterface
    public interface CellAt {
        Cell at(Open load) throws Exception;
    }

    private CapacityCells() {
    }

    /** The objectives as one text ("p99 < 50ms, errors < 1%"), the dimension that ties probes and outcome together. */
    public static String objectives(CapacitySearch.Settings s) {
        return s.objectives().stream().map(Objective::text).collect(Collectors.joining(", "));
    }

    /**
     * Searches one cell's capacity with {@code clients} client threads sending the open model; every probe cell, then the outcome, is
     * added to {@code cells} (and saved) as it ends.
     *
     * @param extras what the experiment adds to its cells (its dimensions, its dataset's scale)
     * @return the outcome
     */
    public static Cell search(CapacitySearch.Settings settings, int clients, RunContext ctx, String experiment, String scenario, String title,
                              String transport, CellAt cellAt, List<Cell> cells, List<String> failures, Consumer<Cell.Builder> extras) throws Exception {
        String objective = objectives(settings);
        Cell[] measured = new Cell[1]; // the probe's cell, until the search has judged it
        CapacitySearch search = new CapacitySearch(settings, clients, load -> {
            ctx.progress().phase(String.format("capacity of %s over %s (%s): probe at %s ops/s", scenario, transport, objective,
                    Format.rate(load.ratePerSecond())));
            measured[0] = cellAt.at(load);
            return measured[0].measurement();
        }, (p, n) -> {
            Cell c = measured[0];
            Map<String, Object> tie = new LinkedHashMap<>();
            tie.put(Cell.OBJECTIVE, objective);
            tie.put(Cell.PROBE, n);
            tie.put(Cell.KEPT, p.kept());
            cells.add(c.withDimensions(tie));
            Measurement m = p.measurement();
            ctx.progress().phaseDone(String.format("probe %d: achieved %s ops/s, p50 %s ms, p99 %s ms, %s: %s", n, Format.rate(m.throughput().opsPerSecond()),
                    Format.ms(m.latencies().all().p50Ms()), Format.ms(m.latencies().all().p99Ms()), c.validity().label(),
                    p.kept() ? "kept" : "broken — " + String.join("; ", p.broken())));
            ctx.saved().cells(List.copyOf(cells), List.copyOf(failures));
        });
        CapacitySearch.Result r = search.run();
        String limited = CapacitySearch.limitedBy(r);
        Cell.Builder b = Cell.builder(experiment, scenario).title("capacity of " + title).transport(transport).capacity(clients)
                .dimension(Cell.OBJECTIVE, objective)
                .value("capacity_per_s", r.capacity()).value("capacity_low_per_s", r.low())
                .value("capacity_high_per_s", Double.isInfinite(r.high()) ? Double.NaN : r.high()).value("capacity_probes", r.probes().size());
        if (Double.isFinite(r.capacity())) b.figure("capacity", "ops/s", true, r.capacity());
        Map<String, Object> about = new LinkedHashMap<>();
        about.put("objectives", settings.objectives().stream().map(Objective::text).toList());
        about.put("bracket", r.bracketText());
        about.put("stop", r.stop().name().toLowerCase(java.util.Locale.ROOT));
        about.put("why", r.why());
        about.put("limitedBy", limited);
        about.put("precisionPct", settings.precision() * 100);
        about.put("repeats", settings.repeats());
        about.put("start", settings.start());
        about.put("arrivals", "fixed intervals (the open model's schedule: operation i at i / rate)");
        b.component(about);
        extras.accept(b);
        Cell outcome = ctx.tag(b.build());
        cells.add(outcome);
        ctx.progress().phase(String.format("capacity of %s over %s (%s)", scenario, transport, objective));
        ctx.progress().phaseDone(outcome(outcome));
        ctx.saved().cells(List.copyOf(cells), List.copyOf(failures));
        return outcome;
    }

    /** One line for the progress log. */
    public static String outcome(Cell c) {
        Map<String, Object> about = c.component();
        double cap = c.values().getOrDefault("capacity_per_s", Double.NaN);
        return String.format("capacity %s ops/s, %s (%s); limited by %s", Double.isFinite(cap) ? Format.rate(cap) : "not found", about.get("bracket"),
                about.get("why"), about.get("limitedBy"));
    }
}
