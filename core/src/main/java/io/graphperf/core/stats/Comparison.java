package io.graphperf.core.stats;

import java.util.Arrays;

/**
 * Is variant B different from baseline A for one figure, beyond run-to-run noise? Welch's t-test
 * (unequal variances) on the repeated runs, with a 95 % confidence interval of the difference of
 * means, B − A. The verdict also knows which direction is better for the figure.
 *
 * @param differenceCi95 {low, high} of mean(B) − mean(A)
 * @param pValue         two-sided Welch t-test; NaN when there are too few runs
 */
public record Comparison(String figure, boolean higherIsBetter, Summary a, Summary b, double difference,
                         double[] differenceCi95, double pValue, Verdict verdict) {

    public static final double ALPHA = 0.05;
    public static final String TEST = "Welch's two-sided t-test, α = 0.05; 95 % CI of the difference of means";

    public enum Verdict {
        BETTER("faster / better"), WORSE("slower / worse"), NO_SIGNIFICANT_DIFFERENCE("no significant difference"),
        TOO_FEW_RUNS("too few runs (need 2 of each)");

        public final String text;

        Verdict(String text) {
            this.text = text;
        }
    }

    /** Median, spread (min–max and interquartile range) and mean of one variant's runs. */
    public record Summary(int n, double median, double min, double max, double q1, double q3, double mean, double stdev) {
        public static Summary of(double[] samples) {
            double[] s = samples.clone();
            Arrays.sort(s);
            int n = s.length;
            if (n == 0) return new Summary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
            double mean = Arrays.stream(s).average().orElse(Double.NaN);
            double var = 0;
            for (double x : s) var += (x - mean) * (x - mean);
            double stdev = n > 1 ? Math.sqrt(var / (n - 1)) : 0;
            return new Summary(n, quantile(s, 0.5), s[0], s[n - 1], quantile(s, 0.25), quantile(s, 0.75), mean, stdev);
        }

        private static double quantile(double[] sorted, double q) {
            double pos = q * (sorted.length - 1);
            int lo = (int) Math.floor(pos), hi = (int) Math.ceil(pos);
            return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
        }
    }

    public static Comparison of(String figure, boolean higherIsBetter, double[] a, double[] b) {
        Summary sa = Summary.of(a), sb = Summary.of(b);
        double diff = sb.mean() - sa.mean();
        if (sa.n() < 2 || sb.n() < 2) {
            return new Comparison(figure, higherIsBetter, sa, sb, diff, new double[]{Double.NaN, Double.NaN}, Double.NaN, Verdict.TOO_FEW_RUNS);
        }
        double va = sa.stdev() * sa.stdev() / sa.n(), vb = sb.stdev() * sb.stdev() / sb.n();
        double se = Math.sqrt(va + vb);
        double p;
        double[] ci;
        if (se == 0) {
            // no noise at all: any difference is real, none is none
            p = diff == 0 ? 1 : 0;
            ci = new double[]{diff, diff};
        } else {
            double df = (va + vb) * (va + vb) / (va * va / (sa.n() - 1) + vb * vb / (sb.n() - 1));
            p = StudentT.twoSidedP(diff / se, df);
            double half = StudentT.quantile(0.975, df) * se;
            ci = new double[]{diff - half, diff + half};
        }
        Verdict v = p >= ALPHA ? Verdict.NO_SIGNIFICANT_DIFFERENCE : (diff > 0) == higherIsBetter ? Verdict.BETTER : Verdict.WORSE;
        return new Comparison(figure, higherIsBetter, sa, sb, diff, ci, p, v);
    }
}
