package io.graphperf.core.measure;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.function.LongUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Poisson arrivals: exponential gaps of the rate's mean, the same instants in any order of asking and in any process of the same seed. */
class PoissonArrivalsTest {

    @Test
    void gapsAreExponentialWithTheRatesMean() {
        int n = 200_000;
        LongUnaryOperator due = new Open(500, 4, Open.Arrivals.POISSON, 3).dueNanos();
        double[] gaps = new double[n];
        for (int k = 0; k < n; k++) gaps[k] = due.applyAsLong(k + 1) - due.applyAsLong(k);
        double mean = Arrays.stream(gaps).average().orElseThrow();
        assertEquals(2_000_000, mean, 2_000_000 * 0.01, "mean gap 1 / 500 s");
        // Kolmogorov–Smirnov against the exponential of that mean: D below the 1 % critical value 1.63 / √n
        Arrays.sort(gaps);
        double d = 0;
        for (int i = 0; i < n; i++) {
            double f = 1 - Math.exp(-gaps[i] / 2_000_000);
            d = Math.max(d, Math.max(Math.abs(f - (double) i / n), Math.abs((double) (i + 1) / n - f)));
        }
        assertTrue(d < 1.63 / Math.sqrt(n), "KS distance " + d);
        // counts in one-second windows: variance equal to the mean (500), as a Poisson process's
        long end = due.applyAsLong(n - 1) / 1_000_000_000L;
        long[] counts = new long[(int) end];
        for (int k = 0; k < n; k++) {
            long s = due.applyAsLong(k) / 1_000_000_000L;
            if (s < end) counts[(int) s]++;
        }
        double cm = Arrays.stream(counts).average().orElseThrow(), var = Arrays.stream(counts).mapToDouble(c -> (c - cm) * (c - cm)).sum() / (counts.length - 1);
        assertEquals(500, cm, 500 * 0.02);
        assertEquals(1.0, var / cm, 0.35, "index of dispersion " + var / cm + " over " + counts.length + " windows");
    }

    @Test
    void theSameSeedGivesTheSameInstantsInAnyOrderAndAnotherSeedOthers() {
        Open open = new Open(1000, 4, Open.Arrivals.POISSON, 42);
        LongUnaryOperator sequential = open.dueNanos(), jumping = open.dueNanos();
        long[] expected = new long[50_000];
        for (int k = 0; k < expected.length; k++) expected[k] = sequential.applyAsLong(k);
        // an agent asks for every fourth slot, another out of order across blocks: the same instants
        for (int k = expected.length - 1; k >= 0; k -= 7) assertEquals(expected[k], jumping.applyAsLong(k), "slot " + k);
        for (int k = 3; k < expected.length; k += 4) assertEquals(expected[k], open.withSegment(new Segment(3, 4)).dueNanos().applyAsLong(k));
        assertEquals(0, expected[0], "the first slot at the start");
        assertNotEquals(expected[1000], new Open(1000, 2, Open.Arrivals.POISSON, 43).dueNanos().applyAsLong(1000));
        // a fixed schedule is every 1 / rate
        assertEquals(1000 * 1_000_000L, new Open(1000, 2).dueNanos().applyAsLong(1000));
    }
}
