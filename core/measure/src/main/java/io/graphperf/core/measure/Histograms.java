package io.graphperf.core.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The one histogram shape used everywhere: nanoseconds, 1 ns .. 1 hour, 3 significant digits. A value
 * outside the range is clamped to it (and counted by the caller), never fatal: an operation that took
 * longer than an hour is still an operation.
 */
public final class Histograms {
    public static final long HIGHEST_TRACKABLE_NANOS = 3_600_000_000_000L;
    public static final int SIGNIFICANT_DIGITS = 3;

    private Histograms() {
    }

    public static Histogram newHistogram() {
        return new Histogram(1, HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
    }

    public static Recorder newRecorder() {
        return new Recorder(1, HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
    }

    /** The value as the histograms can hold it: at least 1 ns, at most {@link #HIGHEST_TRACKABLE_NANOS}. */
    public static long clamp(long nanos) {
        return Math.max(1, Math.min(HIGHEST_TRACKABLE_NANOS, nanos));
    }

    public static boolean outOfRange(long nanos) {
        return nanos > HIGHEST_TRACKABLE_NANOS;
    }
}
