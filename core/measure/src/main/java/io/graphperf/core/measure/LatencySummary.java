package io.graphperf.core.measure;

import org.HdrHistogram.AbstractHistogram;

/**
 * Percentiles of one latency histogram, in milliseconds. The only place where histograms become the
 * numbers a report prints, so every exporter shows the same figures.
 */
public record LatencySummary(long count, double meanMs, double p50Ms, double p90Ms, double p99Ms,
                             double p999Ms, double maxMs) {

    private static final double NANOS_PER_MS = 1_000_000.0;

    public static final LatencySummary EMPTY = new LatencySummary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    public static LatencySummary of(AbstractHistogram h) {
        if (h.getTotalCount() == 0) return EMPTY;
        return new LatencySummary(h.getTotalCount(),
                h.getMean() / NANOS_PER_MS,
                h.getValueAtPercentile(50) / NANOS_PER_MS,
                h.getValueAtPercentile(90) / NANOS_PER_MS,
                h.getValueAtPercentile(99) / NANOS_PER_MS,
                h.getValueAtPercentile(99.9) / NANOS_PER_MS,
                h.getMaxValue() / NANOS_PER_MS);
    }
}
