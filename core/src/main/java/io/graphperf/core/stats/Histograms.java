package io.graphperf.core.stats;

import org.HdrHistogram.Histogram;

/** The one histogram shape used everywhere: nanoseconds, 1 ns .. 1 hour, 3 significant digits. */
public final class Histograms {
    public static final long HIGHEST_TRACKABLE_NANOS = 3_600_000_000_000L;
    public static final int SIGNIFICANT_DIGITS = 3;

    private Histograms() {
    }

    public static Histogram newHistogram() {
        return new Histogram(1, HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
    }
}
