package io.graphperf.core.stats;

/**
 * Student's t distribution: two-sided p-values and quantiles, from the regularized incomplete beta
 * function (continued fraction, Lentz's method) and a Lanczos log-gamma. Accurate to about 1e-10,
 * far beyond what run-to-run noise can use.
 */
public final class StudentT {
    private StudentT() {
    }

    /** P(|T| >= |t|) for T with {@code df} degrees of freedom. */
    public static double twoSidedP(double t, double df) {
        if (Double.isNaN(t) || !(df > 0)) return Double.NaN;
        if (Double.isInfinite(t)) return 0;
        return regularizedBeta(df / (df + t * t), df / 2, 0.5);
    }

    /** The value q with P(T <= q) = p, for 0 < p < 1. */
    public static double quantile(double p, double df) {
        if (!(p > 0 && p < 1) || !(df > 0)) throw new IllegalArgumentException("need 0 < p < 1 and df > 0");
        if (p == 0.5) return 0;
        double target = 2 * Math.min(p, 1 - p); // two-sided tail mass of |q|
        double lo = 0, hi = 1;
        while (twoSidedP(hi, df) > target) hi *= 2;
        for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
            double mid = (lo + hi) / 2;
            if (twoSidedP(mid, df) > target) lo = mid;
            else hi = mid;
        }
        double q = (lo + hi) / 2;
        return p < 0.5 ? -q : q;
    }

    static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) return 0;
        if (x >= 1) return 1;
        double front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
        // the continued fraction converges fast below the mean; use the symmetry above it
        if (x < (a + 1) / (a + b + 2)) return front * betaFraction(x, a, b) / a;
        return 1 - front * betaFraction(1 - x, b, a) / b;
    }

    private static double betaFraction(double x, double a, double b) {
        final double tiny = 1e-300;
        double c = 1, d = 1 - (a + b) * x / (a + 1);
        if (Math.abs(d) < tiny) d = tiny;
        d = 1 / d;
        double h = d;
        for (int m = 1; m <= 500; m++) {
            int m2 = 2 * m;
            double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
            d = 1 + aa * d;
            if (Math.abs(d) < tiny) d = tiny;
            c = 1 + aa / c;
            if (Math.abs(c) < tiny) c = tiny;
            d = 1 / d;
            h *= d * c;
            aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
            d = 1 + aa * d;
            if (Math.abs(d) < tiny) d = tiny;
            c = 1 + aa / c;
            if (Math.abs(c) < tiny) c = tiny;
            d = 1 / d;
            double del = d * c;
            h *= del;
            if (Math.abs(del - 1) < 1e-14) break;
        }
        return h;
    }

    /** Lanczos approximation (g = 7, 9 terms). */
    static double logGamma(double x) {
        double[] c = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
                -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
        if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        x -= 1;
        double sum = c[0];
        for (int i = 1; i < 9; i++) sum += c[i] / (x + i);
        double t = x + 7.5;
        return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
    }
}
