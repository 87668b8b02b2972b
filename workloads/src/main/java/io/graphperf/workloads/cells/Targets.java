package io.graphperf.workloads.cells;

import io.graphperf.core.measure.Measurement;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.TargetCheck;
import io.graphperf.core.stats.Ratio;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Checks ratio targets on the baseline variant's cells, with confidence intervals from their batch rates. */
public final class Targets {

    private Targets() {
    }

    public static List<TargetCheck> check(List<RatioTarget> targets, List<Cell> cells) {
        List<TargetCheck> out = new ArrayList<>();
        List<Cell> base = cells.stream().filter(c -> Cell.BASELINE.equals(c.variant()) && c.measurement() != null).toList();
        List<String> transports = base.stream().map(Cell::transport).distinct().toList();
        for (RatioTarget t : targets) {
            if (t.across().isPresent()) {
                RatioTarget.Across x = t.across().get();
                add(out, t, match(base, t.scenario(), x.transport().id()), match(base, t.baseline(), x.baselineTransport().id()),
                        x.transport() + " vs " + x.baselineTransport());
                continue;
            }
            for (String tr : transports) add(out, t, match(base, t.scenario(), tr), match(base, t.baseline(), tr), tr);
        }
        return out;
    }

    private static void add(List<TargetCheck> out, RatioTarget t, List<Cell> a, List<Cell> b, String transport) {
        if (a.isEmpty() || b.isEmpty()) return;
        Ratio r = entityRatio(a, b);
        if (!Double.isFinite(r.value())) return;
        boolean steady = a.stream().noneMatch(c -> c.validity().flagged()) && b.stream().noneMatch(c -> c.validity().flagged());
        out.add(new TargetCheck(t.label(), t.scenario(), t.baseline(), transport, r.value(), r.low(), r.high(), t.minimum(), steady));
    }

    static List<Cell> match(List<Cell> cells, String scenario, String transport) {
        return cells.stream().filter(c -> c.scenario().equals(scenario) && Objects.equals(c.transport(), transport)).toList();
    }

    /** entities/s of cells {@code a} ÷ those of {@code b}, pooling every repeat's batch rates. */
    public static Ratio entityRatio(List<Cell> a, List<Cell> b) {
        return Ratio.of(entityBatches(a), entityBatches(b));
    }

    /** Every cell's batch rates in entities/s (ops/s × the cell's entities per operation). */
    public static List<Double> entityBatches(List<Cell> cells) {
        List<Double> out = new ArrayList<>();
        for (Cell c : cells) {
            Measurement m = c.measurement();
            double perOp = m.throughput().ops() == 0 ? 0 : (double) m.throughput().entities() / m.throughput().ops();
            for (double r : m.throughput().batchRates()) out.add(r * perOp);
        }
        return out;
    }
}
