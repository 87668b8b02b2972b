package io.graphperf.core.stats;

import org.apache.commons.math3.distribution.TDistribution;

import java.util.List;

/**
 * A ratio of two rates with a 95 % confidence interval from their batch means (equal consecutive parts of each
 * window): Welch's interval for the difference of the log rates, exponentiated. Batch means keep the
 * autocorrelation of neighbouring intervals out of the error estimate.
 */
public record Ratio(double value, double low, double high) {

    public static Ratio of(List<Double> numerator, List<Double> denominator) {
        double[] a = logs(numerator), b = logs(denominator);
        if (a.length == 0 || b.length == 0) return new Ratio(Double.NaN, Double.NaN, Double.NaN);
        double ma = mean(a), mb = mean(b);
        double value = Math.exp(ma - mb);
        if (a.length < 2 || b.length < 2) return new Ratio(value, Double.NaN, Double.NaN);
        double va = var(a, ma) / a.length, vb = var(b, mb) / b.length, se = Math.sqrt(va + vb);
        if (se == 0) return new Ratio(value, value, value);
        double df = (va + vb) * (va + vb) / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        double half = new TDistribution(Math.max(1, df)).inverseCumulativeProbability(0.975) * se;
        return new Ratio(value, Math.exp(ma - mb - half), Math.exp(ma - mb + half));
    }

    /** One rate with its 95 % confidence interval from its batch means. */
    public static Ratio rate(List<Double> batches) {
        double[] v = batches.stream().mapToDouble(Double::doubleValue).filter(x -> Double.isFinite(x)).toArray();
        if (v.length == 0) return new Ratio(Double.NaN, Double.NaN, Double.NaN);
        double m = mean(v);
        if (v.length < 2) return new Ratio(m, Double.NaN, Double.NaN);
        double half = new TDistribution(v.length - 1).inverseCumulativeProbability(0.975) * Math.sqrt(var(v, m) / v.length);
        return new Ratio(m, m - half, m + half);
    }

    private static double[] logs(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).filter(x -> x > 0 && Double.isFinite(x)).map(Math::log).toArray();
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) s += x;
        return s / v.length;
    }

    private static double var(double[] v, double m) {
        double s = 0;
        for (double x : v) s += (x - m) * (x - m);
        return s / (v.length - 1);
    }
}
