package io.graphperf.workloads.workload;

import io.graphperf.core.measure.Objective;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.ThresholdCheck;
import org.apache.commons.math3.distribution.TDistribution;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A threshold a workload run must keep (k6's idea): an {@link Objective} ({@code [OPERATION] FIGURE OP VALUE}, e.g. {@code friends p99 < 50ms},
 * {@code errors == 0}, {@code throughput > 500/s}, {@code late < 5%}) judged on every load cell of the run, per variant over its repeats.
 */
public record Threshold(Objective objective) {

    /**
     * Parses a threshold; {@code where} says where it was given, for the error.
     *
     * @param operations the workload's operation names (an operation that is none of them is refused)
     */
    public static Threshold parse(String text, List<String> operations, String where) {
        return new Threshold(Objective.parse(text, operations, "threshold", where));
    }

    public String text() {
        return objective.text();
    }

    public String operation() {
        return objective.operation();
    }

    public String figure() {
        return objective.figure();
    }

    public double bound() {
        return objective.bound();
    }

    /**
     * This threshold judged on every load cell: per variant and cell, the mean over its repeats with a 95 % t-interval when there are
     * two repeats or more; with one, the throughput's from the window's batch rates, and no interval for the other figures.
     */
    public List<ThresholdCheck> judge(List<Cell> cells) {
        Map<String, List<Cell>> groups = new LinkedHashMap<>();
        for (Cell c : cells) {
            if (c.measurement() == null || c.dimensions().containsKey(Cell.PROBE)) continue; // a capacity search's probes break objectives by design
            groups.computeIfAbsent(c.variant() + "\u0000" + c.label(), k -> new ArrayList<>()).add(c);
        }
        List<ThresholdCheck> out = new ArrayList<>();
        for (List<Cell> g : groups.values()) {
            List<Double> values = new ArrayList<>();
            List<String> flags = new ArrayList<>();
            for (Cell c : g) {
                double v = objective.of(c.measurement());
                if (!Double.isNaN(v)) values.add(v);
                for (String f : c.validity().flags()) if (!flags.contains(f)) flags.add(f);
            }
            if (values.isEmpty()) continue;
            double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN), low = Double.NaN, high = Double.NaN;
            String how;
            if (values.size() >= 2) {
                double[] ci = tInterval(values);
                low = ci[0];
                high = ci[1];
                how = "Student's t over " + values.size() + " runs";
            } else if (figure().equals("throughput") && g.get(0).measurement().throughput().batchRates().size() >= 2) {
                double[] ci = tInterval(g.get(0).measurement().throughput().batchRates());
                low = ci[0];
                high = ci[1];
                how = "Student's t over the window's " + g.get(0).measurement().throughput().batchRates().size() + " batches";
            } else {
                how = figure().equals("errors") || figure().equals("dropped") ? "a count" : "one run: --repeat 3 gives an interval";
            }
            Cell c = g.get(0);
            double k = objective.unit().equals("%") ? 100 : 1; // shares shown in percent
            out.add(new ThresholdCheck(text(), c.label(), c.variant(), objective.unit(), bound() * k, mean * k, low * k, high * k, values.size(), objective.keeps(mean), how,
                    String.join("; ", flags)));
        }
        return out;
    }

    private static double[] tInterval(List<Double> xs) {
        int n = xs.size();
        double mean = xs.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN), ss = 0;
        for (double x : xs) ss += (x - mean) * (x - mean);
        double half = new TDistribution(n - 1).inverseCumulativeProbability(0.975) * Math.sqrt(ss / (n - 1) / n);
        return new double[]{mean - half, mean + half};
    }

    @Override
    public String toString() {
        return text();
    }
}
