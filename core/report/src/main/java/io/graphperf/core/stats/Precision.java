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
        /**
         * Rounds before a run may stop because every interval is narrow enough: stopping when an interval happens to be narrow makes
         * it too narrow, the more so the fewer the rounds (simulated coverage of the 95 % intervals at the stop, rounds' spread
         * 2–8 %: 0.90–0.95 stopping from 3 rounds, 0.92–0.95 from 5; {@code bench/precision-coverage.py}).
         */
        public static final int MIN_RUNS_TO_STOP = 5;
        /**
         * Rounds before a duet may stop: its verdict is Student's t on the rounds' log ratios, with n − 1 degrees of freedom, and at 5
         * rounds (t = 2.78) a difference the size of the minimum effect is often left undecided. Generated rounds spread as
         * {@code unwind-1000}'s C1 duets (±2.5 % a round), a variant 1/1.05 of the baseline: called slower in 83 % of runs stopped at
         * 5 rounds, 92 % at 6, 97 % at 7; A against A at that spread, false differences 0.5, 0.3, 0.2 % (the generator of
         * PairedVerdictsTest, which checks 5 and 7 rounds). A duet's
         * round takes about 50 s here, so 7 rounds fit a 15-minute budget with room.
         */
        public static final int MIN_ROUNDS_TO_STOP_DUET = 7;

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
     * One figure of one variant: its runs' 95 % interval half-width in percent of their mean, the runs that would likely bring it
     * within the target (the same spread assumed), and where its noise is: the share (0–1) of its runs' variance that lies between
     * engine processes rather than within one (NaN for a figure without windows).
     */
    public record FigurePrecision(String variant, String cell, String figure, int runs, double mean, double halfWidthPct, boolean reached,
                                  int runsNeeded, double betweenShare) {
    }

    /** How much longer windows a precision run chose, when, and why (null fields: it kept the windows it was given). */
    public record WindowChoice(double factor, int fromRound, String why) {
    }

    /** Where a precision run ended, and why. */
    public record Outcome(Goal goal, int rounds, String stoppedBecause, List<FigurePrecision> figures, WindowChoice windows) {
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
        Map<String, List<Double>> values = new LinkedHashMap<>(), within = new LinkedHashMap<>();
        Map<String, String[]> names = new LinkedHashMap<>();
        for (Cell c : cells) {
            for (Figure f : c.figures()) {
                String key = c.variant() + "\u0000" + c.key() + "\u0000" + f.name();
                names.putIfAbsent(key, new String[]{c.variant(), c.label(), f.name()});
                if (Double.isFinite(f.value())) values.computeIfAbsent(key, k -> new ArrayList<>()).add(f.value());
                double w = Comparisons.withinVariance(c, f);
                if (Double.isFinite(w)) within.computeIfAbsent(key, k -> new ArrayList<>()).add(w);
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
            double[] w = within.getOrDefault(e.getKey(), List.of()).stream().mapToDouble(Double::doubleValue).toArray();
            out.add(new FigurePrecision(n[0], n[1], n[2], s.n(), s.mean(), hw, reached, needed, Verdicts.betweenShare(s, s, w)));
        }
        return out;
    }

    /**
     * A duet's figures so far: for each variant, the 95 % interval of its ratio to the baseline over the rounds in which both measured
     * the cell (Student's t on the rounds' log ratios), its half-width in percent — the interval a duet's verdict rests on.
     */
    public static List<FigurePrecision> paired(String baseline, List<Cell> cells, Goal goal) {
        Map<String, Map<Integer, Double>> base = new LinkedHashMap<>();
        Map<String, Map<String, Map<Integer, Double>>> others = new LinkedHashMap<>();
        Map<String, String[]> names = new LinkedHashMap<>();
        for (Cell c : cells) {
            for (Figure f : c.figures()) {
                if (!Double.isFinite(f.value())) continue;
                String key = c.key() + "\u0000" + f.name();
                names.putIfAbsent(key, new String[]{c.label(), f.name()});
                if (c.variant().equals(baseline)) base.computeIfAbsent(key, k -> new LinkedHashMap<>()).put(c.repeat(), f.value());
                else others.computeIfAbsent(c.variant(), v -> new LinkedHashMap<>()).computeIfAbsent(key, k -> new LinkedHashMap<>()).put(c.repeat(), f.value());
            }
        }
        List<FigurePrecision> out = new ArrayList<>();
        others.forEach((variant, figures) -> figures.forEach((key, rounds) -> {
            Map<Integer, Double> a = base.getOrDefault(key, Map.of());
            double[] logs = rounds.entrySet().stream().filter(r -> a.containsKey(r.getKey()) && a.get(r.getKey()) > 0 && r.getValue() > 0)
                    .mapToDouble(r -> Math.log(r.getValue() / a.get(r.getKey()))).toArray();
            if (logs.length == 0) return;
            Summary s = Summary.of(logs);
            double hw = Double.NaN;
            if (s.n() >= 2) {
                double half = s.stdev() == 0 ? 0 : new TDistribution(s.n() - 1).inverseCumulativeProbability(0.975) * s.stdev() / Math.sqrt(s.n());
                hw = 100 * Math.max(Math.exp(half) - 1, 1 - Math.exp(-half));
            }
            boolean reached = Double.isFinite(hw) && hw <= 100 * goal.halfWidth();
            int needed = reached ? s.n() : !Double.isFinite(hw) ? 0
                    : (int) Math.min(Goal.MAX_RUNS * 10L, (long) Math.ceil(s.n() * Math.pow(hw / (100 * goal.halfWidth()), 2)));
            String[] n = names.get(key);
            out.add(new FigurePrecision(variant + " ÷ " + baseline, n[0], n[1], s.n(), Math.exp(s.mean()), hw, reached, needed, Double.NaN));
        }));
        return out;
    }

    /** The 95 % interval's half-width of the mean in percent of the mean (Student's t); NaN below 2 runs or for a zero mean. */
    static double halfWidthPct(Summary s) {
        if (s.n() < 2 || s.mean() == 0) return Double.NaN;
        if (s.stdev() == 0) return 0;
        double t = new TDistribution(s.n() - 1).inverseCumulativeProbability(0.975);
        return 100 * t * s.stdev() / Math.sqrt(s.n()) / Math.abs(s.mean());
    }

    /**
     * How much longer the windows of the rounds still to come should be, after the first rounds (Kalibera and Jones: spend the runs
     * at the level where the variance is): 2 when, over the figures not yet within the target that have windows, most of the
     * variance lies within engine processes (the median share between them below one half) — longer windows then narrow the
     * intervals as much as more trials do, at less cost (no engine start, no warm-up); else 1 (more trials help, longer windows
     * do not).
     */
    public static WindowChoice windowFactor(List<FigurePrecision> figures, int round) {
        double[] shares = shares(figures);
        if (shares.length == 0) return new WindowChoice(1, round, "no figure short of the target has windows: only more trials narrow it");
        String split = split(shares);
        return median(shares) < 0.5 ? new WindowChoice(2, round + 1, split + ": windows twice as long from round " + (round + 1))
                : new WindowChoice(1, round, split + ": more trials help, longer windows do not; windows kept");
    }

    /** The windows kept after round {@code round} though {@link #windowFactor} would lengthen them, {@code because} saying why. */
    public static WindowChoice windowsKept(List<FigurePrecision> figures, int round, String because) {
        return new WindowChoice(1, round, split(shares(figures)) + ", but " + because + "; windows kept");
    }

    /** The between-process shares of the figures short of the target that have windows, in order. */
    private static double[] shares(List<FigurePrecision> figures) {
        return figures.stream().filter(f -> !f.reached() && Double.isFinite(f.betweenShare())).mapToDouble(FigurePrecision::betweenShare).sorted().toArray();
    }

    private static double median(double[] sorted) {
        return sorted.length % 2 == 1 ? sorted[sorted.length / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }

    private static String split(double[] shares) {
        return String.format(Locale.ROOT, "%.0f %% of the variance between engine processes (the median over %d figure%s short of the target)",
                100 * median(shares), shares.length, shares.length == 1 ? "" : "s");
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
        if (o.windows() != null) lines.add("  windows: " + o.windows().why());
        for (FigurePrecision f : o.notReached()) {
            lines.add(String.format(Locale.ROOT, "  not reached: %s · %s · %s: ±%.1f %% after %d runs%s", f.variant(), f.cell(), f.figure(),
                    f.halfWidthPct(), f.runs(), f.runsNeeded() > 0 ? " — about " + f.runsNeeded() + " runs would reach ±" + String.format(Locale.ROOT, "%.1f",
                            100 * o.goal().halfWidth()) + " %" : ""));
        }
        return lines;
    }
}
