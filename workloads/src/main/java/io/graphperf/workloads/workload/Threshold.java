package io.graphperf.workloads.workload;

import io.graphperf.core.UserError;
import io.graphperf.core.measure.LatencySummary;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.ThresholdCheck;
import org.apache.commons.math3.distribution.TDistribution;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A threshold a workload run must keep (k6's idea), as {@code [OPERATION] FIGURE OP VALUE}: a latency of the mix or of one operation
 * ({@code p50}, {@code p90}, {@code p99}, {@code p99.9}, {@code max}, {@code mean}, in ms, us or s), {@code throughput} (operations/s),
 * {@code errors} (a count, or a share of the scheduled operations with %), {@code dropped} and {@code late} (the open model's dropped
 * operations, and its share started over 1 s late, with %); OP one of {@code < <= > >= == !=}. Each is judged on every load cell of
 * the run, per variant over its repeats.
 *
 * @param operation the operation whose latency it bounds, or null for the whole mix
 * @param bound     in the figure's unit (ms for latencies, ops/s, a count, or a share for %)
 * @param share     whether {@code errors} or {@code late} is a share (given with %)
 */
public record Threshold(String text, String operation, String figure, String op, double bound, boolean share) {

    private static final Pattern FORM = Pattern.compile(
            "^\\s*(?:([A-Za-z0-9_][A-Za-z0-9_.-]*)\\s+)?(p50|p90|p99|p99\\.9|p999|max|mean|throughput|errors|dropped|late)\\s*(<=|>=|==|!=|<|>)\\s*"
                    + "([0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)\\s*(ms|us|µs|s|/s|ops/s|%)?\\s*$");
    static final List<String> LATENCIES = List.of("p50", "p90", "p99", "p99.9", "p999", "max", "mean");

    /**
     * Parses a threshold; {@code where} says where it was given, for the error.
     *
     * @param operations the workload's operation names (an operation that is none of them is refused)
     */
    public static Threshold parse(String text, List<String> operations, String where) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new UserError("bad threshold '" + text + "' (" + where + "): expected [OPERATION] FIGURE OP VALUE, e.g. 'friends p99 < 50ms', 'errors == 0',"
                    + " 'throughput > 500/s', 'late < 5%'; figures: p50, p90, p99, p99.9, max, mean, throughput, errors, dropped, late; OP: < <= > >= == !=");
        }
        String operation = m.group(1), figure = m.group(2).equals("p999") ? "p99.9" : m.group(2), unit = m.group(5);
        double value = Double.parseDouble(m.group(4));
        if (operation != null && !operations.contains(operation)) {
            throw new UserError("threshold '" + text + "' (" + where + ") names operation '" + operation + "', which the workload does not have; its operations: "
                    + String.join(", ", operations));
        }
        if (operation != null && !LATENCIES.contains(figure)) {
            throw new UserError("threshold '" + text + "' (" + where + "): an operation's own threshold bounds its latency (p50 … max, mean); "
                    + figure + " is the mix's");
        }
        boolean share = "%".equals(unit);
        if (LATENCIES.contains(figure)) {
            if (unit != null && !List.of("ms", "us", "µs", "s").contains(unit)) throw unitError(text, where, figure, "ms, us or s");
            value = unit == null || unit.equals("ms") ? value : unit.equals("s") ? value * 1000 : value / 1000;
        } else if (figure.equals("throughput")) {
            if (unit != null && !List.of("/s", "ops/s").contains(unit)) throw unitError(text, where, figure, "/s");
        } else if (figure.equals("late")) {
            if (!share) throw unitError(text, where, figure, "% (a share of the scheduled operations)");
            value /= 100;
        } else { // errors, dropped: a count, or with % a share
            if (unit != null && !share) throw unitError(text, where, figure, "none (a count) or %");
            if (share) value /= 100;
        }
        return new Threshold(text.trim(), operation, figure, m.group(3), value, share);
    }

    private static UserError unitError(String text, String where, String figure, String units) {
        return new UserError("bad threshold '" + text + "' (" + where + "): " + figure + " takes " + units);
    }

    /** The unit the bound and the measured values are in. */
    String unit() {
        if (LATENCIES.contains(figure)) return "ms";
        if (figure.equals("throughput")) return "ops/s";
        return share || figure.equals("late") ? "%" : "operations";
    }

    boolean keeps(double v) {
        return switch (op) {
            case "<" -> v < bound;
            case "<=" -> v <= bound;
            case ">" -> v > bound;
            case ">=" -> v >= bound;
            case "==" -> v == bound;
            default -> v != bound;
        };
    }

    /** The figure in one cell; NaN when the cell has none (an operation it did not run). */
    double of(Measurement m) {
        if (figure.equals("throughput")) return m.throughput().opsPerSecond();
        if (figure.equals("errors")) return share ? m.outcomes().errors() / (double) Math.max(1, m.outcomes().scheduled()) : m.outcomes().errors();
        if (figure.equals("dropped")) return share ? m.outcomes().dropped() / (double) Math.max(1, m.outcomes().scheduled()) : m.outcomes().dropped();
        if (figure.equals("late")) return m.outcomes().lateShare();
        LatencySummary l = operation == null ? m.latencies().all() : m.latencies().byType().get(operation);
        if (l == null || l.count() == 0) return Double.NaN;
        return switch (figure) {
            case "p50" -> l.p50Ms();
            case "p90" -> l.p90Ms();
            case "p99" -> l.p99Ms();
            case "p99.9" -> l.p999Ms();
            case "max" -> l.maxMs();
            default -> l.meanMs();
        };
    }

    /**
     * This threshold judged on every load cell: per variant and cell, the mean over its repeats with a 95 % t-interval when there are
     * two repeats or more; with one, the throughput's from the window's batch rates, and no interval for the other figures.
     */
    public List<ThresholdCheck> judge(List<Cell> cells) {
        Map<String, List<Cell>> groups = new LinkedHashMap<>();
        for (Cell c : cells) {
            if (c.measurement() == null) continue;
            groups.computeIfAbsent(c.variant() + "\u0000" + c.label(), k -> new ArrayList<>()).add(c);
        }
        List<ThresholdCheck> out = new ArrayList<>();
        for (List<Cell> g : groups.values()) {
            List<Double> values = new ArrayList<>();
            List<String> flags = new ArrayList<>();
            for (Cell c : g) {
                double v = of(c.measurement());
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
            } else if (figure.equals("throughput") && g.get(0).measurement().throughput().batchRates().size() >= 2) {
                double[] ci = tInterval(g.get(0).measurement().throughput().batchRates());
                low = ci[0];
                high = ci[1];
                how = "Student's t over the window's " + g.get(0).measurement().throughput().batchRates().size() + " batches";
            } else {
                how = figure.equals("errors") || figure.equals("dropped") ? "a count" : "one run: --repeat 3 gives an interval";
            }
            Cell c = g.get(0);
            double k = unit().equals("%") ? 100 : 1; // shares shown in percent
            out.add(new ThresholdCheck(text, c.label(), c.variant(), unit(), bound * k, mean * k, low * k, high * k, values.size(), keeps(mean), how,
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
        return text;
    }
}
