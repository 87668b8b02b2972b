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

    /** Seeds (of 200) for which {@code series} gets {@code state}. */
    static int count(Steadiness.State state, java.util.function.LongFunction<double[]> series, double seconds) {
        int n = 0;
        for (long seed = 0; seed < 200; seed++) if (Steadiness.judge(series.apply(seed), seconds, "throughput", C).state() == state) n++;
        return n;
    }

    /** A flat series long enough for its noise is shown steady; the same noise over a third of the length is too short to tell. */
    @Test
    void aFlatWindowIsSteadyOnlyWhenLongEnoughToShowIt() {
        // 5 % noise per 1 s interval: a drift's CI half-width of about 2 · 5 · √(12 / L) %, so 60 s show a flat window steady in ~98 %
        int steady = count(Steadiness.State.STEADY, seed -> noisy(60, 1000, 0.05, seed, i -> 1), 1);
        assertTrue(steady >= 185, "flat 60 s windows shown steady: " + steady + " of 200");
        int shortUndecided = count(Steadiness.State.UNDECIDED, seed -> noisy(6, 1000, 0.05, seed, i -> 1), 1);
        assertTrue(shortUndecided >= 180, "flat 6 s windows too short to tell: " + shortUndecided + " of 200");
        assertEquals(0, count(Steadiness.State.DRIFTING, seed -> noisy(6, 1000, 0.05, seed, i -> 1), 1), "a flat window is never called drifting");
    }

    /** Steady means shown: a window whose true drift is twice the bound is (almost) never called steady, however noisy or short. */
    @Test
    void aTrueDriftBeyondTheBoundIsAlmostNeverCalledSteady() {
        for (int n : new int[]{5, 8, 15, 30, 60}) {
            for (double noise : new double[]{0.01, 0.05, 0.15}) {
                int length = n;
                // 20 % over the window (the bound is 10 %)
                int steady = count(Steadiness.State.STEADY, seed -> noisy(length, 1000, noise, seed, i -> 1 + 0.2 * i / length), 1);
                assertTrue(steady <= 10, n + " intervals, noise " + noise + ": called steady " + steady + " times of 200");
            }
        }
    }

    @Test
    void aClimbOfFivePercentPerSecondIsDrifting() {
        int ready = 0;
        for (long seed = 0; seed < 100; seed++) {
            double[] y = noisy(10, 1000, 0.05, seed, i -> 1 + 0.05 * i);
            if (Steadiness.readyForWindow(y, 1, C)) ready++;
        }
        assertTrue(ready <= 2, "a 5 %/s climb judged ready " + ready + " times of 100");
        Steadiness.Verdict v = Steadiness.judge(noisy(30, 1000, 0.05, 1, i -> 1 + 0.05 * i), 1, "throughput", C);
        assertEquals(Steadiness.State.DRIFTING, v.state());
        assertFalse(v.steady());
        assertTrue(v.trendPctPerSecond() > 2, "trend " + v.trendPctPerSecond());
        assertTrue(v.reason().startsWith("drifting: "), v.reason());
    }

    /** Too short to tell says about how long would tell, and windows of that length (the same noise) mostly do. */
    @Test
    void aWindowTooShortToTellSaysHowLongWouldAndThatLengthMostlyDoes() {
        Steadiness.Verdict v = Steadiness.judge(noisy(8, 1000, 0.08, 4, i -> 1), 1, "throughput", C);
        assertEquals(Steadiness.State.UNDECIDED, v.state());
        assertTrue(v.reason().startsWith("too short to tell: ") && v.reason().contains("would likely tell"), v.reason());
        assertTrue(v.decidingSeconds() > 8, "longer than the window: " + v.decidingSeconds());
        int length = (int) Math.ceil(v.decidingSeconds());
        int decided = 200 - count(Steadiness.State.UNDECIDED, seed -> noisy(length, 1000, 0.08, 1000 + seed, i -> 1), 1);
        assertTrue(decided >= 140, "windows of " + length + " s decided " + decided + " of 200 (about four in five)");
        Steadiness.Verdict few = Steadiness.judge(new double[]{1, 2, 3}, 0.4, "throughput", C);
        assertEquals(Steadiness.State.UNDECIDED, few.state());
        assertEquals(Steadiness.MIN_INTERVALS * 0.4, few.decidingSeconds(), 1e-9);
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

    /**
     * A plateau with bursts (checkpoints, GC; as measured: 1,200–1,870 ops/s around ~1,500, 30 s) has a stable mean, but 30 s of
     * ±12 % per second cannot show it: too short to tell. Two minutes of 5 % noise with a burst of 30 % for 3 s are shown steady.
     */
    @Test
    void aPlateauWithBurstsIsTooShortToTellInHalfAMinuteAndSteadyInTwo() {
        double[] measured = {1359, 1377, 1396, 1482, 1510, 1441, 1521, 1516, 1383, 1832, 1810, 1870, 1564, 1360, 1483, 1515, 1482, 1608, 1826,
                1876, 1820, 1781, 1765, 1692, 1424, 1505, 1824, 1585, 1210, 1180};
        Steadiness.Verdict v = Steadiness.judge(measured, 1, "throughput", C);
        assertFalse(v.changepoints().isEmpty(), "its level shifts are seen and reported");
        assertEquals(Steadiness.State.UNDECIDED, v.state(), v.reason());
        double[] burst = noisy(120, 1500, 0.05, 11, i -> i >= 42 && i < 45 ? 1.3 : 1);
        assertTrue(Steadiness.judge(burst, 1, "throughput", C).steady(), Steadiness.judge(burst, 1, "throughput", C).reason());
    }

    /** The JIT still compiling (as measured: 660 → 1,440 ops/s over a 30 s window) is drifting. */
    @Test
    void aWindowStillClimbingIsDrifting() {
        double[] y = noisy(30, 660, 0.06, 5, i -> 1 + 0.04 * i);
        Steadiness.Verdict v = Steadiness.judge(y, 1, "throughput", C);
        assertEquals(Steadiness.State.DRIFTING, v.state());
        assertTrue(v.reason().contains("beyond ±10 %"), v.reason());
    }

    /** The warm-up ends only when the stretch since its last changepoint shows a trend within ±2 %/s: never on a climb, late on noise. */
    @Test
    void theWarmupEndsWhenItsSteadyStretchShowsItsTrend() {
        int readyShort = 0, readyLong = 0;
        for (long seed = 0; seed < 200; seed++) {
            if (Steadiness.readyForWindow(noisy(10, 1000, 0.08, seed, i -> 1), 1, C)) readyShort++;
            if (Steadiness.readyForWindow(noisy(25, 1000, 0.08, seed, i -> 1), 1, C)) readyLong++;
        }
        assertTrue(readyShort < 150, "10 intervals of 8 % noise rarely show a trend within ±2 %/s: " + readyShort + " of 200");
        assertTrue(readyLong >= 190, "25 do: " + readyLong + " of 200");
        // a climb, then a level: the stretch counts from the step, so the warm-up waits for k flat intervals after it
        double[] climbThenFlat = noisy(40, 1000, 0.01, 3, i -> i < 20 ? 0.5 + 0.025 * i : 1);
        assertFalse(Steadiness.readyForWindow(java.util.Arrays.copyOf(climbThenFlat, 22), 1, C), "two flat intervals after the climb");
        assertTrue(Steadiness.readyForWindow(climbThenFlat, 1, C), "twenty flat intervals after it");
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
