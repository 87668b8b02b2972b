package io.graphperf.core.stats;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ComparisonTest {

    @Test
    void studentTMatchesPublishedValues() {
        // textbook table values of t(0.975, df)
        assertEquals(12.7062, StudentT.quantile(0.975, 1), 1e-4);
        assertEquals(2.2281, StudentT.quantile(0.975, 10), 1e-4);
        assertEquals(1.9600, StudentT.quantile(0.975, 1e6), 1e-3);
        assertEquals(-2.2281, StudentT.quantile(0.025, 10), 1e-4);
        assertEquals(0.05, StudentT.twoSidedP(2.228139, 10), 1e-6);
        assertEquals(1.0, StudentT.twoSidedP(0, 7), 1e-12);
    }

    @Test
    void welchOnAKnownExample() {
        // x = 1..5 (mean 3, var 2.5), y = 2,4,..,10 (mean 6, var 10): t = -1.897, df = 5.882, p = 0.1075
        Comparison c = Comparison.of("seconds", false, new double[]{1, 2, 3, 4, 5}, new double[]{2, 4, 6, 8, 10});
        assertEquals(3.0, c.difference(), 1e-12);
        assertEquals(0.1075, c.pValue(), 5e-4);
        assertEquals(Comparison.Verdict.NO_SIGNIFICANT_DIFFERENCE, c.verdict());
        // the CI is mean difference ± t(0.975, 5.882) × 1.5811
        assertEquals(3.0 - 3.886, c.differenceCi95()[0], 0.01);
        assertEquals(3.0 + 3.886, c.differenceCi95()[1], 0.01);
        assertEquals(3.0, c.a().median(), 1e-12);
        assertEquals(2.0, c.a().q1(), 1e-12);
    }

    @Test
    void clearlyDifferentDistributionsGetAVerdictInTheRightDirection() {
        SplittableRandom r = new SplittableRandom(1);
        double[] a = normal(r, 100, 5, 10), b = normal(r, 120, 5, 10);
        Comparison time = Comparison.of("import seconds", false, a, b);
        assertEquals(Comparison.Verdict.WORSE, time.verdict(), "B takes longer: slower");
        assertEquals(true, time.pValue() < 1e-6);
        assertEquals(true, time.differenceCi95()[0] > 10 && time.differenceCi95()[1] < 30, "CI around +20");
        assertEquals(Comparison.Verdict.BETTER, Comparison.of("rows/s", true, a, b).verdict(), "B has the higher rate: better");
    }

    @Test
    void identicalDistributionsShowNoSignificantDifference() {
        SplittableRandom r = new SplittableRandom(7);
        int falseAlarms = 0;
        for (int i = 0; i < 200; i++) {
            Comparison c = Comparison.of("x", false, normal(r, 50, 3, 5), normal(r, 50, 3, 5));
            if (c.verdict() != Comparison.Verdict.NO_SIGNIFICANT_DIFFERENCE) falseAlarms++;
        }
        // α = 0.05: about 10 of 200 by chance; far more would mean a broken test
        assertEquals(10, falseAlarms, 8);
    }

    @Test
    void tooFewRunsAndNoiselessRuns() {
        assertEquals(Comparison.Verdict.TOO_FEW_RUNS, Comparison.of("x", false, new double[]{1}, new double[]{2, 3}).verdict());
        assertEquals(Comparison.Verdict.NO_SIGNIFICANT_DIFFERENCE, Comparison.of("x", false, new double[]{4, 4}, new double[]{4, 4}).verdict());
        assertEquals(Comparison.Verdict.BETTER, Comparison.of("x", false, new double[]{4, 4}, new double[]{3, 3}).verdict());
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
