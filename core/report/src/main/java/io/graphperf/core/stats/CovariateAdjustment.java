package io.graphperf.core.stats;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.inference.TTest;

import java.util.Locale;
import java.util.Map;

/**
 * Regression adjustment of runs for a covariate of the machine (as CUPED does for A/B tests, Deng et al., WSDM 2013): when a probe of
 * what the machine was doing during each trial (its disk's fsync time, its CPU's speed, the CPU stolen from it) explains the runs'
 * variance within each variant, each run is moved to where it would have been at the covariate's mean, y − θ (x − x̄), and the
 * comparison uses the moved runs. θ is the slope of the runs on the covariate within the variants (pooled). The covariate is the one
 * with the strongest such relation, if it is significant (p &lt; 0.05 with n − 3 degrees of freedom) and there are at least 3 runs a
 * side; a covariate the variant itself moves (its means differ between the sides, p &lt; 0.2 — a variant on another disk changes its
 * fsync time) is never used: adjusting for it would remove the effect being measured.
 */
public final class CovariateAdjustment {

    /** The runs as adjusted (or as they were), and what was done in words. */
    public record Result(double[] baseline, double[] variant, String covariate, double r, String note) {
        public boolean adjusted() {
            return covariate != null;
        }
    }

    static final double P_USE = 0.05, P_MOVED = 0.2;

    private CovariateAdjustment() {
    }

    /**
     * @param xa each covariate's values in the baseline's runs, in the order of {@code ya} (NaN where not probed)
     * @param xb the same for the variant's runs
     */
    public static Result adjust(double[] ya, double[] yb, Map<String, double[]> xa, Map<String, double[]> xb) {
        if (ya.length < 3 || yb.length < 3) return new Result(ya, yb, null, Double.NaN, "not adjusted: fewer than 3 runs a side");
        String best = null, moved = null;
        double bestP = 1, bestR = Double.NaN, bestTheta = 0, grand = 0;
        for (Map.Entry<String, double[]> e : xa.entrySet()) {
            double[] a = e.getValue(), b = xb.get(e.getKey());
            if (b == null || a.length != ya.length || b.length != yb.length || !finite(a) || !finite(b)) continue;
            if (Summary.of(a).stdev() > 0 && Summary.of(b).stdev() > 0 && new TTest().tTest(a, b) < P_MOVED) {
                moved = e.getKey();
                continue;
            }
            double sxy = cross(a, ya) + cross(b, yb), sxx = cross(a, a) + cross(b, b), syy = cross(ya, ya) + cross(yb, yb);
            if (sxx <= 0 || syy <= 0) continue;
            double r = sxy / Math.sqrt(sxx * syy);
            int df = ya.length + yb.length - 3;
            if (df < 1 || Math.abs(r) >= 1) continue;
            double t = r * Math.sqrt(df / (1 - r * r));
            double p = 2 * (1 - new TDistribution(df).cumulativeProbability(Math.abs(t)));
            if (p < bestP) {
                bestP = p;
                best = e.getKey();
                bestR = r;
                bestTheta = sxy / sxx;
                grand = (sum(a) + sum(b)) / (a.length + b.length);
            }
        }
        if (best == null || bestP >= P_USE) {
            String why = best == null ? "no covariate of the machine varied in both variants' runs" : String.format(Locale.ROOT,
                    "no covariate of the machine explains the runs' variance (the strongest, %s, r = %.2f, p = %.2g)", best, bestR, bestP);
            return new Result(ya, yb, null, Double.NaN, "not adjusted: " + why + (moved == null ? "" : "; " + moved + " left out: the variant moves it"));
        }
        double[] xaBest = xa.get(best), xbBest = xb.get(best);
        double[] a = new double[ya.length], b = new double[yb.length];
        for (int i = 0; i < a.length; i++) a[i] = ya[i] - bestTheta * (xaBest[i] - grand);
        for (int i = 0; i < b.length; i++) b[i] = yb[i] - bestTheta * (xbBest[i] - grand);
        return new Result(a, b, best, bestR, String.format(Locale.ROOT, "adjusted for %s (r = %.2f within the variants, p = %.2g)", best, bestR, bestP));
    }

    private static boolean finite(double[] v) {
        for (double x : v) if (!Double.isFinite(x)) return false;
        return v.length > 0;
    }

    private static double sum(double[] v) {
        double s = 0;
        for (double x : v) s += x;
        return s;
    }

    /** Σ (x − x̄)(y − ȳ). */
    private static double cross(double[] x, double[] y) {
        double mx = sum(x) / x.length, my = sum(y) / y.length, s = 0;
        for (int i = 0; i < x.length; i++) s += (x[i] - mx) * (y[i] - my);
        return s;
    }
}
