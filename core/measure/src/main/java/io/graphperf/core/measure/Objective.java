package io.graphperf.core.measure;

import io.graphperf.core.UserError;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A bound on one figure of a cell, as {@code [OPERATION] FIGURE OP VALUE}: a latency of the mix or of one operation ({@code p50},
 * {@code p90}, {@code p99}, {@code p99.9}, {@code max}, {@code mean}, in ms, us or s; latency counts from the intended start),
 * {@code throughput} (operations/s), {@code errors} (a count, or a share of the scheduled operations with %), {@code dropped} and
 * {@code late} (the open model's dropped operations, and its share started over 1 s late, with %); OP one of {@code < <= > >= == !=}.
 * A workload's thresholds and a capacity search's objectives are both written so.
 *
 * @param operation the operation whose latency it bounds, or null for the whole mix
 * @param bound     in the figure's unit (ms for latencies, ops/s, a count, or a share for %)
 * @param share     whether {@code errors}, {@code dropped} or {@code late} is a share (given with %)
 */
public record Objective(String text, String operation, String figure, String op, double bound, boolean share) {

    private static final Pattern FORM = Pattern.compile(
            "^\\s*(?:([A-Za-z0-9_][A-Za-z0-9_.-]*)\\s+)?(p[0-9]+(?:\\.[0-9]+)?|max|mean|throughput|errors|dropped|late)\\s*(<=|>=|==|!=|<|>)\\s*"
                    + "([0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)\\s*(ms|us|µs|s|/s|ops/s|%)?\\s*$");
    public static final List<String> LATENCIES = List.of("p50", "p90", "p99", "p99.9", "max", "mean");
    private static final String FIGURES = "p50, p90, p99, p99.9, max, mean, throughput, errors, dropped, late";

    /**
     * Parses one; {@code noun} names what it is (threshold, objective) and {@code where} where it was given, for the error.
     *
     * @param operations the operations it may name (one that is none of them is refused); empty: none may be named
     */
    public static Objective parse(String text, List<String> operations, String noun, String where) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new UserError("bad " + noun + " '" + text + "' (" + where + "): expected [OPERATION] FIGURE OP VALUE, e.g. 'p99 < 50ms', 'errors == 0',"
                    + " 'throughput > 500/s', 'late < 5%'; figures: " + FIGURES + "; OP: < <= > >= == !=");
        }
        String operation = m.group(1), figure = m.group(2), unit = m.group(5);
        if (figure.equals("p999")) figure = "p99.9";
        if (figure.startsWith("p") && !LATENCIES.contains(figure)) {
            double p = Double.parseDouble(figure.substring(1));
            throw new UserError("bad " + noun + " '" + text + "' (" + where + "): " + (p <= 0 || p >= 100 ? "percentile " + figure.substring(1) + " is out of range (0–100);"
                    : "percentile " + figure.substring(1) + " is not one graphperf keeps;") + " the percentiles are p50, p90, p99, p99.9 (and max)");
        }
        double value = Double.parseDouble(m.group(4));
        if (operation != null && !operations.contains(operation)) {
            throw new UserError(noun + " '" + text + "' (" + where + ") names operation '" + operation + "', which is not one of "
                    + (operations.isEmpty() ? "this run's (none may be named here)" : "its operations: " + String.join(", ", operations)));
        }
        if (operation != null && !LATENCIES.contains(figure)) {
            throw new UserError(noun + " '" + text + "' (" + where + "): an operation's own " + noun + " bounds its latency (p50 … max, mean); "
                    + figure + " is the mix's");
        }
        boolean share = "%".equals(unit);
        if (LATENCIES.contains(figure)) {
            if (unit != null && !List.of("ms", "us", "µs", "s").contains(unit)) throw unitError(text, noun, where, figure, "ms, us or s");
            value = unit == null || unit.equals("ms") ? value : unit.equals("s") ? value * 1000 : value / 1000;
        } else if (figure.equals("throughput")) {
            if (unit != null && !List.of("/s", "ops/s").contains(unit)) throw unitError(text, noun, where, figure, "/s");
        } else if (figure.equals("late")) {
            if (!share) throw unitError(text, noun, where, figure, "% (a share of the scheduled operations)");
            value /= 100;
        } else { // errors, dropped: a count, or with % a share
            if (unit != null && !share) throw unitError(text, noun, where, figure, "none (a count) or %");
            if (share) value /= 100;
        }
        if (share && value > 1) throw new UserError(noun + " '" + text + "' (" + where + "): a share is at most 100 %");
        return new Objective(text.trim(), operation, figure, m.group(3), value, share);
    }

    private static UserError unitError(String text, String noun, String where, String figure, String units) {
        return new UserError("bad " + noun + " '" + text + "' (" + where + "): " + figure + " takes " + units);
    }

    /** The unit the bound and the measured values are in. */
    public String unit() {
        if (LATENCIES.contains(figure)) return "ms";
        if (figure.equals("throughput")) return "ops/s";
        return share || figure.equals("late") ? "%" : "operations";
    }

    /** Whether a value keeps the bound. */
    public boolean keeps(double v) {
        return switch (op) {
            case "<" -> v < bound;
            case "<=" -> v <= bound;
            case ">" -> v > bound;
            case ">=" -> v >= bound;
            case "==" -> v == bound;
            default -> v != bound;
        };
    }

    /** An upper bound on a figure that grows with load (a latency, errors, dropped, late): one a capacity search can look for. */
    public boolean upperBoundOnLoad() {
        return (op.equals("<") || op.equals("<=")) && !figure.equals("throughput");
    }

    /** The figure in one measurement; NaN when it has none (an operation it did not run). */
    public double of(Measurement m) {
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

    /** A value in this objective's unit, as text ("41.2 ms", "0.3 %", "512 ops/s"). */
    public String show(double v) {
        String u = unit();
        if (u.equals("%")) return String.format(Locale.ROOT, "%.2f %%", v * 100);
        if (u.equals("ms")) return String.format(Locale.ROOT, v >= 100 ? "%.0f ms" : "%.3g ms", v);
        return String.format(Locale.ROOT, "%.4g %s", v, u);
    }

    @Override
    public String toString() {
        return text;
    }
}
