package io.graphperf.core.stats;

import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/** Median, spread (min–max and interquartile range), mean and standard deviation of one figure's runs. */
public record Summary(int n, double median, double min, double max, double q1, double q3, double mean, double stdev) {

    public static Summary of(double[] samples) {
        int n = samples.length;
        if (n == 0) return new Summary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        DescriptiveStatistics d = new DescriptiveStatistics(samples);
        // the R-7 quantile (linear between order statistics), as spreadsheets compute it
        double[] s = d.getSortedValues();
        return new Summary(n, quantile(s, 0.5), d.getMin(), d.getMax(), quantile(s, 0.25), quantile(s, 0.75), d.getMean(),
                n > 1 ? d.getStandardDeviation() : 0);
    }

    private static double quantile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos), hi = (int) Math.ceil(pos);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
    }
}
