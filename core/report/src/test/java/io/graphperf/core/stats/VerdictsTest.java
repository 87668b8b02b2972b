package io.graphperf.core.stats;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VerdictsTest {

    static final Verdicts.Settings S = Verdicts.Settings.DEFAULT;

    static FigureComparison one(boolean higherIsBetter, double[] a, double[] b) {
        return Verdicts.compare(List.of(new Verdicts.Samples("cell", "x", "s", higherIsBetter, a, b)), S).get(0);
    }

    @Test
    void welchAgreesWithAHandComputedExample() {
        // x = 1..5 (mean 3, var 2.5), y = 2,4,..,10 (mean 6, var 10): t = −1.897, df = 5.882, p = 0.1075;
        // the CI is 3 ± t(0.975, 5.882) × 1.5811 = 3 ± 3.886 (computed independently of commons-math3)
        FigureComparison c = one(false, new double[]{1, 2, 3, 4, 5}, new double[]{2, 4, 6, 8, 10});
        assertEquals(3.0, c.difference(), 1e-12);
        assertEquals(0.1075, c.pValue(), 5e-4);
        assertEquals(3.0 - 3.886, c.ci95()[0], 0.01);
        assertEquals(3.0 + 3.886, c.ci95()[1], 0.01);
        assertEquals(100.0, c.differencePct(), 1e-9);
        assertEquals(Verdicts.Outcome.INCONCLUSIVE, c.outcome(), "+100 % but not significant: the CI spans −30 % … +230 %");
        assertTrue(c.repeatsNeeded() > 5, "more runs would decide it: " + c.repeatsNeeded());
    }

    @Test
    void holmAdjustsStepDown() {
        // p = 0.01, 0.04, 0.03 over 3 tests: sorted 0.01×3 = 0.03, 0.03×2 = 0.06, max(0.06, 0.04×1) = 0.06
        assertArrayEquals(new double[]{0.03, 0.06, 0.06}, Verdicts.holm(new double[]{0.01, 0.04, 0.03}), 1e-12);
    }

    @Test
    void aClearDifferenceIsFasterOrSlowerByDirection() {
        SplittableRandom r = new SplittableRandom(1);
        double[] a = normal(r, 100, 5, 5), b = normal(r, 120, 5, 5);
        assertEquals(Verdicts.Outcome.WORSE, one(false, a, b).outcome(), "B takes longer: slower");
        assertEquals(Verdicts.Outcome.BETTER, one(true, a, b).outcome(), "B has the higher rate: better");
    }

    @Test
    void aSignificantButTinyDifferenceIsNotAVerdictOfFasterOrSlower() {
        SplittableRandom r = new SplittableRandom(2);
        // 1 % apart with 0.1 % noise: significant, far below the 5 % minimum effect, and the CI lies within ±5 %
        FigureComparison c = one(true, normal(r, 1000, 1, 5), normal(r, 1010, 1, 5));
        assertTrue(c.pHolm() < 0.001, "p " + c.pHolm());
        assertEquals(Verdicts.Outcome.EQUIVALENT, c.outcome(), c.reason());
        assertTrue(c.reason().contains("a difference (p = ") && c.reason().contains("smaller than the minimum effect"), c.reason());
    }

    @Test
    void aSignificantDifferenceWhoseIntervalReachesPastTheMinimumEffectIsCalledThoughItsEstimateLiesInside() {
        SplittableRandom r = new SplittableRandom(3);
        // 4.7 % slower with 1 % noise over 6 runs a side: significant, the estimate inside ±5 %, the CI reaching past −5 %
        FigureComparison c = one(true, normal(r, 1000, 10, 6), normal(r, 953, 10, 6));
        assertTrue(c.pHolm() < 0.05 && c.ci95()[0] < -50 && Math.abs(c.differencePct()) < 5, c.reason());
        assertEquals(Verdicts.Outcome.WORSE, c.outcome(), "a difference that may be as large as the minimum effect: " + c.reason());
        assertTrue(c.reason().contains("95 % CI -") && c.reason().contains("after Holm's correction"), c.reason());
    }

    @Test
    void zeroVarianceOrTooFewRunsGiveNoVerdict() {
        assertEquals(Verdicts.Outcome.NO_VERDICT, one(false, new double[]{5, 5, 5}, new double[]{5.001, 5.001, 5.001}).outcome(),
                "{5,5,5} vs {5.001,5.001,5.001} must not be called better");
        FigureComparison few = one(false, new double[]{1, 2}, new double[]{2, 3, 4});
        assertEquals(Verdicts.Outcome.NO_VERDICT, few.outcome());
        assertTrue(few.reason().contains("at least 3"), few.reason());
    }

    /**
     * A configuration compared with itself: 5 runs a side of 40 figures with 10 % noise (as a busy machine gives).
     * Without correction about 2 of 40 would be "significant" by chance; with Holm's correction and the minimum
     * effect, 200 such comparisons must call almost none of their 8,000 figures faster or slower.
     */
    @Test
    void aConfigurationComparedWithItselfFindsNoDifference() {
        SplittableRandom r = new SplittableRandom(42);
        int called = 0, comparisonsWithAny = 0;
        for (int rep = 0; rep < 200; rep++) {
            List<Verdicts.Samples> figures = new ArrayList<>();
            for (int f = 0; f < 40; f++) {
                double mean = 100 + 50 * f;
                figures.add(new Verdicts.Samples("cell " + f, "throughput", "ops/s", true, normal(r, mean, 0.1 * mean, 5), normal(r, mean, 0.1 * mean, 5)));
            }
            int here = 0;
            for (FigureComparison c : Verdicts.compare(figures, S)) {
                if (c.outcome() == Verdicts.Outcome.BETTER || c.outcome() == Verdicts.Outcome.WORSE) here++;
            }
            called += here;
            if (here > 0) comparisonsWithAny++;
        }
        // family-wise α = 0.05: at most ~5 % of comparisons may contain one false verdict
        assertTrue(comparisonsWithAny <= 10, comparisonsWithAny + " of 200 A-vs-A comparisons called a difference (" + called + " figures)");
    }

    @Test
    void theMinimumDetectableEffectFollowsTheSpreadTheRunsAndTheNumberOfFigures() {
        // x = 1..5 and y = 2,4,..,10: se = 1.5811 (as above); one figure: (z(0.975) + z(0.8)) × se / 3 = (1.95996 + 0.84162) × 1.5811 / 3
        FigureComparison c = one(false, new double[]{1, 2, 3, 4, 5}, new double[]{2, 4, 6, 8, 10});
        assertEquals(100 * (1.959964 + 0.841621) * 1.581139 / 3, c.detectablePct(), 0.01);
        Summary a = Summary.of(new double[]{1, 2, 3, 4, 5}), b = Summary.of(new double[]{2, 4, 6, 8, 10});
        assertTrue(Verdicts.detectablePct(a, b, S, 20) > c.detectablePct(), "Holm over 20 figures asks more of each");
        Summary a4 = Summary.of(new double[]{1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5});
        Summary b4 = Summary.of(new double[]{2, 4, 6, 8, 10, 2, 4, 6, 8, 10, 2, 4, 6, 8, 10, 2, 4, 6, 8, 10});
        assertEquals(c.detectablePct() / 2, Verdicts.detectablePct(a4, b4, S, 1), c.detectablePct() * 0.05, "4× the runs, about half the MDE");
        assertTrue(Double.isNaN(one(false, new double[]{1}, new double[]{2}).detectablePct()), "one run a side: no spread, no MDE");
    }

    @Test
    void theNoiseIsSplitBetweenEngineProcessesAndWithinOne() {
        // runs spread with variance 100 (sd 10) on each side; within one process the windows explain 10 of it: 90 % between processes
        double[] a = {90, 110, 100, 90, 110}, b = {95, 115, 105, 95, 115};
        double var = Summary.of(a).stdev() * Summary.of(a).stdev();
        FigureComparison c = Verdicts.compare(List.of(new Verdicts.Samples("cell", "throughput", "ops/s", true, a, b,
                new double[]{0.1 * var, 0.1 * var, 0.1 * var})), S).get(0);
        assertEquals(0.9, c.betweenShare(), 1e-9);
        FigureComparison inside = Verdicts.compare(List.of(new Verdicts.Samples("cell", "throughput", "ops/s", true, a, b,
                new double[]{2 * var})), S).get(0);
        assertEquals(0.0, inside.betweenShare(), 1e-9, "windows noisier than the runs: all of it within a process");
        assertTrue(Double.isNaN(one(true, a, b).betweenShare()), "no windows: not split");
    }

    @Test
    void theGateFailsOnSlowerAndTheStrictGateAlsoOnWhatItCouldNotDecide() {
        SplittableRandom r = new SplittableRandom(3);
        List<Verdicts.Samples> figures = List.of(
                new Verdicts.Samples("slow", "latency", "ms", false, normal(r, 100, 2, 5), normal(r, 130, 2, 5)),
                new Verdicts.Samples("same", "latency", "ms", false, normal(r, 100, 0.5, 5), normal(r, 100, 0.5, 5)),
                new Verdicts.Samples("noisy", "latency", "ms", false, normal(r, 100, 40, 3), normal(r, 104, 40, 3)));
        VariantComparison vc = new VariantComparison("a", "b", "", Verdicts.compare(figures, S), List.of());
        assertEquals(List.of("slow"), Gate.failing(vc, Gate.Rule.SLOWER).stream().map(FigureComparison::cell).toList());
        assertEquals(List.of("slow", "noisy"), Gate.failing(vc, Gate.Rule.INCONCLUSIVE).stream().map(FigureComparison::cell).toList());
        assertEquals(Gate.Rule.SLOWER, Gate.Rule.parse("Slower"));
    }

    private static double[] normal(SplittableRandom r, double mean, double sd, int n) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            double u = 1 - r.nextDouble(), v = r.nextDouble();
            x[i] = mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
        }
        return x;
    }
}
