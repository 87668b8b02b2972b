package io.graphperf.core.stats;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.inference.TTest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Verdicts you can publish: is a variant different from the baseline in each figure, beyond run-to-run noise
 * and beyond an effect worth reporting? Welch's two-sided t-test (commons-math3) per figure, Holm's correction
 * over all figures of one comparison, a minimum effect, and four outcomes — a significance test and an equivalence test read
 * together, as Lakens, Scheel and Isager ("Equivalence Testing for Psychological Research", 2018) do:
 * <ul>
 *   <li><b>faster / slower</b> (better / worse): significant after correction, and the 95 % confidence interval of the difference
 *   reaches past ± the minimum effect (it does not rule out a difference of that size);</li>
 *   <li><b>equivalent</b>: the 95 % confidence interval of the difference lies within ± the minimum effect (significant or not: a
 *   difference smaller than the minimum effect counts as none);</li>
 *   <li><b>inconclusive</b>: neither — not significant, and the interval reaches past the minimum effect; the verdict says how many
 *   runs a side would likely decide it;</li>
 *   <li><b>no verdict</b>: fewer than the minimum runs a side, or no variation at all between runs (noise cannot be told from effect).</li>
 * </ul>
 */
public final class Verdicts {

    /**
     * @param alpha     family-wise error rate of one comparison
     * @param minEffect smallest difference worth a verdict, as a fraction of the baseline's mean
     * @param minRuns   runs a side below which there is no verdict
     */
    public record Settings(double alpha, double minEffect, int minRuns) {
        public static final Settings DEFAULT = new Settings(0.05, 0.05, 3);

        public String describe(int figures) {
            return String.format(Locale.ROOT, "Welch's two-sided t-test per figure, Holm's correction over the %d figures of this comparison"
                            + " (family-wise α = %.2f), minimum effect ±%.0f %% of the baseline's mean: faster/slower when significant after"
                            + " correction and the 95 %% confidence interval of the difference of means reaches past ±%.0f %%; equivalent when it lies"
                            + " within ±%.0f %% (significant or not); inconclusive otherwise; no verdict below %d runs a side or without variation",
                    figures, alpha, minEffect * 100, minEffect * 100, minEffect * 100, minRuns);
        }

        /** The same for a duet's rounds, compared pair by pair. */
        public String describePaired(int figures) {
            return String.format(Locale.ROOT, "a duet, compared round by round: each round's ratio variant ÷ baseline (both measured at the same"
                            + " time), Student's t on the rounds' log ratios per figure, Holm's correction over the %d figures of this comparison"
                            + " (family-wise α = %.2f), minimum effect ±%.0f %%: faster/slower when significant after correction and the 95 %%"
                            + " confidence interval of the ratio reaches past ±%.0f %%; equivalent when it lies within ±%.0f %% (for a throughput,"
                            + " unless the two engines took different shares of the CPU); inconclusive otherwise; no verdict below %d rounds or"
                            + " without variation", figures, alpha, minEffect * 100, minEffect * 100,
                    minEffect * 100, minRuns);
        }
    }

    public enum Outcome {
        BETTER("faster / better"), WORSE("slower / worse"), EQUIVALENT("equivalent"), INCONCLUSIVE("inconclusive"), NO_VERDICT("no verdict");

        public final String text;

        Outcome(String text) {
            this.text = text;
        }
    }

    /**
     * One figure's runs on both sides.
     *
     * @param within per run (either side), where known: the variance of that run's value due to noise within its engine process,
     *               estimated from the windows of its measurement (the variance of its batches' values over their number)
     */
    public record Samples(String cell, String figure, String unit, boolean higherIsBetter, double[] baseline, double[] variant, double[] within) {
        public Samples(String cell, String figure, String unit, boolean higherIsBetter, double[] baseline, double[] variant) {
            this(cell, figure, unit, higherIsBetter, baseline, variant, new double[0]);
        }
    }

    /**
     * One figure's rounds of a duet: {@code baseline[i]} and {@code variant[i]} were measured at the same time (round {@code i}).
     */
    public record Paired(String cell, String figure, String unit, boolean higherIsBetter, double[] baseline, double[] variant) {
    }

    private Verdicts() {
    }

    /**
     * Verdicts from a duet's rounds: each round's ratio variant ÷ baseline (their logarithms' mean and Student's t interval, so the
     * machine's noise common to both sides of a round cancels), Holm's correction over the figures, the same minimum effect and
     * outcomes as {@link #compare}. A figure with a value of zero or below on either side is compared by the rounds' differences
     * instead.
     */
    public static List<FigureComparison> comparePaired(List<Paired> figures, Settings s) {
        List<FigureComparison> out = new ArrayList<>();
        List<Integer> tested = new ArrayList<>();
        double[] p = new double[figures.size()], sdRel = new double[figures.size()];
        for (int i = 0; i < figures.size(); i++) {
            Paired f = figures.get(i);
            List<double[]> pairs = new ArrayList<>();
            for (int k = 0; k < Math.min(f.baseline().length, f.variant().length); k++) {
                if (Double.isFinite(f.baseline()[k]) && Double.isFinite(f.variant()[k])) pairs.add(new double[]{f.baseline()[k], f.variant()[k]});
            }
            double[] a = pairs.stream().mapToDouble(x -> x[0]).toArray(), b = pairs.stream().mapToDouble(x -> x[1]).toArray();
            Summary sa = Summary.of(a), sb = Summary.of(b);
            boolean logs = pairs.stream().allMatch(x -> x[0] > 0 && x[1] > 0);
            // each round's effect relative to the baseline: ln(b / a), or (b − a) / mean(a)
            double[] d = pairs.stream().mapToDouble(x -> logs ? Math.log(x[1] / x[0]) : sa.mean() == 0 ? Double.NaN : (x[1] - x[0]) / Math.abs(sa.mean())).toArray();
            Summary sd = Summary.of(finite(d));
            p[i] = Double.NaN;
            sdRel[i] = sd.stdev();
            String reason = null;
            double rel = Double.NaN;
            double[] relCi = {Double.NaN, Double.NaN};
            if (sd.n() < s.minRuns()) {
                reason = sd.n() + " rounds with both sides: a verdict needs at least " + s.minRuns();
            } else if (sa.mean() == 0) {
                reason = "the baseline's mean is 0: no relative effect";
            } else if (sd.stdev() == 0) {
                reason = "no variation between the rounds' ratios: noise cannot be told from an effect";
            } else {
                double se = sd.stdev() / Math.sqrt(sd.n()), df = sd.n() - 1;
                TDistribution t = new TDistribution(df);
                p[i] = 2 * (1 - t.cumulativeProbability(Math.abs(sd.mean() / se)));
                double half = t.inverseCumulativeProbability(0.975) * se;
                tested.add(i);
                rel = logs ? Math.exp(sd.mean()) - 1 : sd.mean();
                relCi = logs ? new double[]{Math.exp(sd.mean() - half) - 1, Math.exp(sd.mean() + half) - 1} : new double[]{sd.mean() - half, sd.mean() + half};
            }
            if (reason != null && sd.n() > 0) rel = logs ? Math.exp(sd.mean()) - 1 : sd.mean();
            double base = Math.abs(sa.mean());
            out.add(new FigureComparison(new FigureComparison.What(f.cell(), f.figure(), f.unit(), f.higherIsBetter()), sa, sb,
                    new FigureComparison.Change(rel * base, 100 * rel, new double[]{relCi[0] * base, relCi[1] * base}, p[i], Double.NaN),
                    new FigureComparison.Decision(reason == null ? null : Outcome.NO_VERDICT, reason, 0, Double.NaN), Double.NaN, null));
        }
        double[] holm = holm(tested.stream().mapToDouble(i -> p[i]).toArray());
        int m = Math.max(1, tested.size());
        for (int k = 0; k < tested.size(); k++) {
            int i = tested.get(k);
            FigureComparison c = out.get(i);
            double var = Math.pow(sdRel[i] * c.baseline().mean(), 2); // one round's variance of the difference, in the figure's unit
            out.set(i, decide(c, holm[k], s, m, var));
        }
        for (int i = 0; i < out.size(); i++) {
            FigureComparison c = out.get(i);
            double mde = c.variant().n() < 2 || !Double.isFinite(sdRel[i]) ? Double.NaN : 100 * zSum(s, m) * sdRel[i] / Math.sqrt(Math.min(c.baseline().n(), c.variant().n()));
            out.set(i, c.withDetectablePct(mde));
        }
        return out;
    }

    /** z(1 − α/2m) + z(0.8): a two-sided test at the strictest Holm level over {@code m} figures, with 80 % power. */
    private static double zSum(Settings s, int m) {
        NormalDistribution z = new NormalDistribution();
        return z.inverseCumulativeProbability(1 - s.alpha() / (2.0 * Math.max(1, m))) + z.inverseCumulativeProbability(0.8);
    }

    public static List<FigureComparison> compare(List<Samples> figures, Settings s) {
        List<FigureComparison> out = new ArrayList<>();
        List<Integer> tested = new ArrayList<>();
        double[] p = new double[figures.size()];
        for (int i = 0; i < figures.size(); i++) {
            Samples f = figures.get(i);
            Summary a = Summary.of(finite(f.baseline())), b = Summary.of(finite(f.variant()));
            double diff = b.mean() - a.mean();
            p[i] = Double.NaN;
            String reason = null;
            if (a.n() < s.minRuns() || b.n() < s.minRuns()) {
                reason = a.n() + " and " + b.n() + " runs: a verdict needs at least " + s.minRuns() + " a side";
            } else if (a.stdev() == 0 && b.stdev() == 0) {
                reason = "no variation between runs on either side: noise cannot be told from an effect";
            } else if (a.mean() == 0) {
                reason = "the baseline's mean is 0: no relative effect";
            } else {
                p[i] = new TTest().tTest(finite(f.baseline()), finite(f.variant()));
                tested.add(i);
            }
            out.add(new FigureComparison(new FigureComparison.What(f.cell(), f.figure(), f.unit(), f.higherIsBetter()), a, b,
                    new FigureComparison.Change(diff, pct(diff, a), ci(a, b), p[i], Double.NaN),
                    new FigureComparison.Decision(reason == null ? null : Outcome.NO_VERDICT, reason, 0, Double.NaN), betweenShare(a, b, f.within()), null));
        }
        double[] holm = holm(tested.stream().mapToDouble(i -> p[i]).toArray());
        for (int k = 0; k < tested.size(); k++) {
            int i = tested.get(k);
            FigureComparison c = out.get(i);
            double var = c.baseline().stdev() * c.baseline().stdev() + c.variant().stdev() * c.variant().stdev();
            out.set(i, decide(c, holm[k], s, tested.size(), var));
        }
        int m = Math.max(1, tested.size());
        for (int i = 0; i < out.size(); i++) {
            FigureComparison c = out.get(i);
            out.set(i, c.withDetectablePct(detectablePct(c.baseline(), c.variant(), s, m)));
        }
        return out;
    }

    /**
     * Where a figure's noise is (Kalibera and Jones's two levels: engine processes, and windows within one): the variance of the
     * runs' values on each side, pooled, against the part of it the noise within one process explains (the mean of {@code within});
     * the rest lies between processes. NaN without windows, with fewer than 2 runs a side, or without variation.
     */
    static double betweenShare(Summary a, Summary b, double[] within) {
        double[] w = finite(within);
        if (w.length == 0 || a.n() < 2 || b.n() < 2) return Double.NaN;
        double observed = (a.stdev() * a.stdev() + b.stdev() * b.stdev()) / 2;
        if (observed == 0) return Double.NaN;
        double inside = Arrays.stream(w).average().orElse(0);
        return Math.max(0, Math.min(1, (observed - inside) / observed));
    }

    /**
     * The minimum detectable effect of two samples, in percent of the baseline's mean: (z₁₋α/2m + z₀.₈) · √(s²ₐ/nₐ + s²ᵦ/nᵦ), the
     * smallest true difference a two-sided test at the strictest level of Holm's correction over {@code m} figures would find with
     * 80 % power (normal approximation: with few runs the t-test needs somewhat more). NaN below 2 runs a side or a zero mean.
     */
    public static double detectablePct(Summary a, Summary b, Settings s, int m) {
        if (a.n() < 2 || b.n() < 2 || a.mean() == 0) return Double.NaN;
        double se = Math.sqrt(a.stdev() * a.stdev() / a.n() + b.stdev() * b.stdev() / b.n());
        NormalDistribution z = new NormalDistribution();
        double za = z.inverseCumulativeProbability(1 - s.alpha() / (2.0 * Math.max(1, m))), zb = z.inverseCumulativeProbability(0.8);
        return 100 * (za + zb) * se / Math.abs(a.mean());
    }

    /**
     * @param var the variance of one run's (or one round's) difference in the figure's unit: both sides' variances added for independent
     *            runs, the variance of the rounds' differences for a duet
     */
    private static FigureComparison decide(FigureComparison c, double pHolm, Settings s, int m, double var) {
        double delta = s.minEffect() * Math.abs(c.baseline().mean());
        double d = c.difference();
        double[] ci = c.ci95();
        Outcome o;
        String reason;
        int needed = 0;
        boolean significant = pHolm < s.alpha(), within = ci[0] > -delta && ci[1] < delta;
        if (significant && !within) {
            // a difference, and its interval does not rule out one of the minimum effect's size
            o = (d > 0) == c.higherIsBetter() ? Outcome.BETTER : Outcome.WORSE;
            reason = String.format(Locale.ROOT, "%+.1f %% (95 %% CI %+.1f … %+.1f %%, p = %.2g after Holm's correction)", c.differencePct(),
                    pct(ci[0], c.baseline()), pct(ci[1], c.baseline()), pHolm);
        } else if (within) {
            o = Outcome.EQUIVALENT;
            reason = String.format(Locale.ROOT, "the 95 %% CI %+.1f … %+.1f %% lies within ±%.0f %%", pct(ci[0], c.baseline()), pct(ci[1], c.baseline()),
                    s.minEffect() * 100) + (significant ? String.format(Locale.ROOT, ": a difference (p = %.2g after Holm's correction),"
                    + " smaller than the minimum effect", pHolm) : "");
        } else {
            o = Outcome.INCONCLUSIVE;
            needed = repeatsNeeded(c, delta, s, m, var);
            reason = String.format(Locale.ROOT, "95 %% CI %+.1f … %+.1f %%: too wide to decide; about %s runs a side would likely decide it",
                    pct(ci[0], c.baseline()), pct(ci[1], c.baseline()), runs(needed));
        }
        return c.decided(d, ci, pHolm, o, reason, needed);
    }

    /** "about N runs", capped in words. */
    private static String runs(int needed) {
        return needed >= 1000 ? "1000 or more" : Integer.toString(needed);
    }

    /**
     * Runs a side with which the same spread would likely decide: an equivalence when the difference is below
     * the minimum effect (the CI's half-width must fit in what is left of it), a difference otherwise (80 %
     * power at the Holm-corrected level of the first test).
     */
    static int repeatsNeeded(FigureComparison c, double delta, Settings s, int m, double var) {
        double d = Math.abs(c.difference());
        double n;
        if (d < delta) {
            n = 4 * var / ((delta - d) * (delta - d)); // t ≈ 2
        } else {
            NormalDistribution z = new NormalDistribution();
            double za = z.inverseCumulativeProbability(1 - s.alpha() / (2.0 * Math.max(1, m))), zb = z.inverseCumulativeProbability(0.8);
            n = (za + zb) * (za + zb) * var / (d * d);
        }
        return (int) Math.min(1000, Math.max(Math.max(c.baseline().n(), c.variant().n()) + 1, Math.ceil(n)));
    }

    /** Holm's step-down adjustment of p-values (same order as given). */
    static double[] holm(double[] p) {
        int m = p.length;
        Integer[] order = new Integer[m];
        for (int i = 0; i < m; i++) order[i] = i;
        Arrays.sort(order, Comparator.comparingDouble(i -> p[i]));
        double[] adj = new double[m];
        double running = 0;
        for (int k = 0; k < m; k++) {
            int i = order[k];
            running = Math.max(running, Math.min(1, (m - k) * p[i]));
            adj[i] = running;
        }
        return adj;
    }

    /** 95 % confidence interval of mean(variant) − mean(baseline), Welch–Satterthwaite degrees of freedom. */
    static double[] ci(Summary a, Summary b) {
        if (a.n() < 2 || b.n() < 2) return new double[]{Double.NaN, Double.NaN};
        double va = a.stdev() * a.stdev() / a.n(), vb = b.stdev() * b.stdev() / b.n();
        double se = Math.sqrt(va + vb), diff = b.mean() - a.mean();
        if (se == 0) return new double[]{diff, diff};
        double df = (va + vb) * (va + vb) / (va * va / (a.n() - 1) + vb * vb / (b.n() - 1));
        double half = new TDistribution(df).inverseCumulativeProbability(0.975) * se;
        return new double[]{diff - half, diff + half};
    }

    private static double pct(double diff, Summary base) {
        return base.mean() == 0 ? Double.NaN : 100 * diff / Math.abs(base.mean());
    }

    private static double[] finite(double[] v) {
        return Arrays.stream(v).filter(Double::isFinite).toArray();
    }
}
