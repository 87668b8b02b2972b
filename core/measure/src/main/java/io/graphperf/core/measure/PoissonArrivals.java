package io.graphperf.core.measure;

import java.util.function.LongUnaryOperator;

/**
 * Poisson arrivals as an open model's schedule: slot k is due at the sum of k exponential gaps (mean 1 / rate), each gap a pure function of
 * the seed and its index, so every process that sends part of a schedule (a load agent) computes the same instants. Due times are kept a
 * block of {@value #BLOCK} slots at a time, with the start of every block seen so far: a client asking for its slot costs a lookup, and
 * the schedule's memory does not grow with the window.
 */
final class PoissonArrivals implements LongUnaryOperator {

    static final int BLOCK = 4096;

    private final double meanGapNanos;
    private final long seed;
    /** the due time of each block's first slot, for blocks 0 … known − 1 */
    private long[] starts = new long[64];
    private int known = 1;
    private long block = -1, previousBlock = -1;
    private long[] due = new long[BLOCK], previous = new long[BLOCK];

    PoissonArrivals(double ratePerSecond, long seed) {
        this.meanGapNanos = 1e9 / ratePerSecond;
        this.seed = seed;
    }

    /** The gap before slot {@code j + 1}, in nanoseconds: an exponential draw by SplitMix64 of the seed and {@code j}. */
    long gap(long j) {
        long z = seed + (j + 1) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        double u = (z >>> 11) * 0x1.0p-53; // [0, 1)
        return Math.round(-Math.log1p(-u) * meanGapNanos);
    }

    @Override
    public synchronized long applyAsLong(long slot) {
        long b = slot / BLOCK;
        int i = (int) (slot % BLOCK);
        if (b == block) return due[i];
        if (b == previousBlock) return previous[i];
        while (known <= b) { // the starts of the blocks up to b, each the last one's start and its gaps
            if (known == starts.length) starts = java.util.Arrays.copyOf(starts, starts.length * 2);
            long t = starts[known - 1], first = (long) (known - 1) * BLOCK;
            for (int k = 0; k < BLOCK; k++) t += gap(first + k);
            starts[known++] = t;
        }
        long[] older = previous;
        previous = due;
        previousBlock = block;
        due = older;
        block = b;
        long t = starts[(int) b], first = b * BLOCK;
        for (int k = 0; k < BLOCK; k++) {
            due[k] = t;
            t += gap(first + k);
        }
        return due[i];
    }
}
