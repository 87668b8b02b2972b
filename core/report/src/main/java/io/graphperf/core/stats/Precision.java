package io.graphperf.core.stats;

import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Figure;
import org.apache.commons.math3.distribution.TDistribution;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Precision on demand ({@code --precision 5% --budget 30m}): trials are added, a round (every variant once, interleaved) at a time,
 * until the 95 % confidence interval of the mean of every figure of every variant is within ± the target, or the budget would be
 * overrun by one more round. The rule is Chow and Robbins's fixed-width sequential rule: it stops on the intervals' widths only —
 * never on a difference between variants nor on a p-value — so the verdicts computed afterwards are not biased by looking at them
 * on the way (coverage of such intervals is asymptotically 95 %; with very few runs a little below, hence at least 3 runs each).
 */
public final class Precision {

    /**
     * @param halfWidth the target half-width of each 95 % interval, as a fraction of the figure's mean (0.05 for ±5 %)
     * @param budgetSeconds wall-clock time the trials may take in all; a round that would overrun it is not started
     * @param minRuns   runs per variant before the rule is first applied
     * @param maxRuns   runs per variant at most, whatever the budget
     */
    public record Goal(double halfWidth, long budgetSeconds, int minRuns, int maxRuns) {
        public static final int MIN_RUNS = 3, MAX_RUNS = 100;

        public Goal(double halfWidth, Duration budget, int minRuns, int maxRuns) {
            this(halfWidth, Math.max(0, budget.toMillis()) / 1000, minRuns, maxRuns);
        }

        public Duration budget() {
            return Duration.ofSeconds(budgetSeconds);
        }

        public String describe() {
            return String.format(Locale.ROOT, "±%.1f %% (95 %% interval of each figure's mean), within %s", 100 * halfWidth, human(budget()));
        }
    }

    /**
     * One figure of one variant: its runs' 95 % interval half-width in percent of their mean, and the runs that would likely bring
     * it within the target (the same spread assumed).
     */
    public record FigurePrecision(String variant, String cell, String figure, int runs, double mean, double halfWidthPct, boolean reached,
                                  int runsNeeded) {
    }

    /** Where a precision run ended, and why. */
    public record Outcome(Goal goal, int rounds, String stoppedBecause, List<FigurePrecision> figures) {
        public long reachedCount() {
            return figures.stream().filter(FigurePrecision::reached).count();
        }

        public List<FigurePrecision> notReached() {
            return figures.stream().filter(f -> !f.reached()).toList();
        }
    }

    private Precision() {
    }

    /** Each variant's figures over its runs so far (cells of passed trials). */
    public static List<FigurePrecision> of(List<Cell> cells, Goal goal) {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        Map<String, String[]> names = new LinkedHashMap<>();
        for (Cell c : cells) {
            for (Figure f : c.figures()) {
                String key = c.variant() + "\u0000" + c.key() + "\u0000" + f.name();
                names.putIfAbsent(key, new String[]{c.variant(), c.label(), f.name()});
                if (Double.isFinite(f.value())) values.computeIfAbsent(key, k -> new ArrayList<>()).add(f.value());
            }
        }
        List<FigurePrecision> out = new ArrayList<>();
        for (Map.Entry<String, List<Double>> e : values.entrySet()) {
            String[] n = names.get(e.getKey());
            double[] v = e.getValue().stream().mapToDouble(Double::doubleValue).toArray();
            Summary s = Summary.of(v);
            double hw = halfWidthPct(s);
            boolean reached = Double.isFinite(hw) && hw <= 100 * goal.halfWidth();
            int needed = reached ? s.n() : !Double.isFinite(hw) ? 0
                    : (int) Math.min(Goal.MAX_RUNS * 10L, (long) Math.ceil(s.n() * Math.pow(hw / (100 * goal.halfWidth()), 2)));
            out.add(new FigurePrecision(n[0], n[1], n[2], s.n(), s.mean(), hw, reached, needed));
        }
        return out;
    }

    /** The 95 % interval's half-width of the mean in percent of the mean (Student's t); NaN below 2 runs or for a zero mean. */
    static double halfWidthPct(Summary s) {
        if (s.n() < 2 || s.mean() == 0) return Double.NaN;
        if (s.stdev() == 0) return 0;
        double t = new TDistribution(s.n() - 1).inverseCumulativeProbability(0.975);
        return 100 * t * s.stdev() / Math.sqrt(s.n()) / Math.abs(s.mean());
    }

    /** Whether every figure is within the target (figures with no runs' spread to judge, e.g. a zero mean, do not hold it up). */
    public static boolean reached(List<FigurePrecision> figures) {
        return figures.stream().allMatch(f -> f.reached() || !Double.isFinite(f.halfWidthPct()) && f.runs() >= 2);
    }

    static String human(Duration d) {
        long s = d.toSeconds();
        return s < 60 || s % 60 != 0 ? s + " s" : s % 3600 == 0 ? s / 3600 + " h" : s / 60 + " min";
    }

    /** The outcome in a few lines: how many figures reached the target, and what the others would still need. */
    public static List<String> summary(Outcome o) {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "precision %s: %d of %d figures reached it after %d round%s (%s)", o.goal().describe(), o.reachedCount(),
                o.figures().size(), o.rounds(), o.rounds() == 1 ? "" : "s", o.stoppedBecause()));
        for (FigurePrecision f : o.notReached()) {
            lines.add(String.format(Locale.ROOT, "  not reached: %s · %s · %s: ±%.1f %% after %d runs%s", f.variant(), f.cell(), f.figure(),
                    f.halfWidthPct(), f.runs(), f.runsNeeded() > 0 ? " — about " + f.runsNeeded() + " runs would reach ±" + String.format(Locale.ROOT, "%.1f",
                            100 * o.goal().halfWidth()) + " %" : ""));
        }
        return lines;
    }
}
