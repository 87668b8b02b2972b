package io.graphperf.core.measure;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SteadinessTest {

    static final Steadiness.Criterion C = Steadiness.Criterion.DEFAULT;

    static double[] noisy(int n, double mean, double relNoise, long seed, java.util.function.IntToDoubleFunction shape) {
        Random r = new Random(seed);
        double[] y = new double[n];
        for (int i = 0; i < n; i++) y[i] = shape.applyAsDouble(i) * (1 + relNoise * r.nextGaussian()) * mean;
        return y;
    }

    @Test
    void aFlatNoisySeriesIsReadyAndSteady() {
        int ready = 0;
        for (long seed = 0; seed < 100; seed++) {
            double[] y = noisy(10, 1000, 0.08, seed, i -> 1);
            if (Steadiness.readyForWindow(y, 1, C)) ready++;
        }
        // the slope test alone lets ~98 % of flat series through at 8 % noise; changepoints rarely trigger
        assertTrue(ready >= 85, "flat series judged ready: " + ready + " of 100");
        int steady = 0;
        for (long seed = 0; seed < 100; seed++) if (Steadiness.judge(noisy(30, 1000, 0.08, seed, i -> 1), 1, "throughput", C).steady()) steady++;
        assertTrue(steady >= 90, "flat windows judged steady: " + steady + " of 100");
    }

    @Test
    void aClimbOfFivePercentPerSecondIsNotReady() {
        int ready = 0;
        for (long seed = 0; seed < 100; seed++) {
            double[] y = noisy(10, 1000, 0.05, seed, i -> 1 + 0.05 * i);
            if (Steadiness.readyForWindow(y, 1, C)) ready++;
        }
        assertTrue(ready <= 2, "a 5 %/s climb judged ready " + ready + " times of 100");
        Steadiness.Verdict v = Steadiness.judge(noisy(30, 1000, 0.05, 1, i -> 1 + 0.05 * i), 1, "throughput", C);
        assertFalse(v.steady());
        assertTrue(v.trendPctPerSecond() > 2, "trend " + v.trendPctPerSecond());
    }

    @Test
    void aStepIsAChangepointAtItsPlace() {
        double[] y = noisy(30, 1000, 0.03, 7, i -> i < 18 ? 1 : 1.25);
        assertEquals(List.of(18), Steadiness.changepoints(y, C));
        Steadiness.Verdict v = Steadiness.judge(y, 0.5, "throughput", C);
        assertEquals(List.of(9.0), v.changepoints(), "seconds into the window");
        assertFalse(v.steady(), "a 25 % step moves the window's mean: a drift well beyond 10 % over its 15 s");
        assertTrue(v.reason().contains("drifted"), v.reason());
    }

    /** A plateau with bursts (checkpoints, GC; as measured: 1,200–1,870 ops/s around ~1,500) has a stable mean — steady. */
    @Test
    void aPlateauWithBurstsIsSteady() {
        double[] measured = {1359, 1377, 1396, 1482, 1510, 1441, 1521, 1516, 1383, 1832, 1810, 1870, 1564, 1360, 1483, 1515, 1482, 1608, 1826,
                1876, 1820, 1781, 1765, 1692, 1424, 1505, 1824, 1585, 1210, 1180};
        Steadiness.Verdict v = Steadiness.judge(measured, 1, "throughput", C);
        assertFalse(v.changepoints().isEmpty(), "its level shifts are seen and reported");
        assertTrue(v.steady(), v.reason());
        double[] burst = noisy(30, 1500, 0.05, 11, i -> i >= 12 && i < 15 ? 1.3 : 1);
        assertTrue(Steadiness.judge(burst, 1, "throughput", C).steady());
    }

    /** The JIT still compiling (as measured: 660 → 1,440 ops/s over a 30 s window) is not steady. */
    @Test
    void aWindowStillClimbingIsNotSteady() {
        double[] y = noisy(30, 660, 0.06, 5, i -> 1 + 0.04 * i);
        Steadiness.Verdict v = Steadiness.judge(y, 1, "throughput", C);
        assertFalse(v.steady());
        assertTrue(v.reason().contains("more than ±10 %"), v.reason());
    }

    @Test
    void aStepSmallerThanTheMinimumShiftIsNotAChangepoint() {
        double[] y = new double[30];
        for (int i = 0; i < 30; i++) y[i] = i < 15 ? 1000 : 1020; // 2 %, noise-free
        assertTrue(Steadiness.changepoints(y, C).isEmpty());
    }

    @Test
    void trendIsPercentOfTheMeanPerSecondWithAConfidenceInterval() {
        double[] y = {100, 102, 104, 106, 108, 110};
        double[] t = Steadiness.trend(y, 0.5);
        // slope 2 per interval of 0.5 s = 4 per s, mean 105 → 3.81 %/s; a perfect line has a zero-width interval
        assertEquals(4 / 105.0 * 100, t[0], 1e-9);
        assertEquals(t[0], t[1], 1e-9);
        assertEquals(t[0], t[2], 1e-9);
    }

    @Test
    void noiseComesFromFirstDifferencesSoATrendDoesNotInflateIt() {
        double[] ramp = new double[20];
        for (int i = 0; i < 20; i++) ramp[i] = 100 + 10 * i;
        assertEquals(0, Steadiness.noise(ramp), 1e-9);
        Random r = new Random(3);
        double[] gauss = new double[4000];
        for (int i = 0; i < gauss.length; i++) gauss[i] = 50 + 2 * i + 7 * r.nextGaussian();
        assertEquals(7, Steadiness.noise(gauss), 0.4, "σ of the noise around a steep trend");
    }

    @Test
    void studentQuantilesMatchTheTable() {
        assertEquals(2.228, Steadiness.tQuantile975(10), 1e-3);
        assertEquals(2.0003, Steadiness.tQuantile975(60), 2e-3);
        assertEquals(1.984, Steadiness.tQuantile975(100), 2e-3);
    }
}
