package io.graphperf.core.stats;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Regression adjustment for the machine's covariates, on generated runs whose dependence on a covariate is known. No timing. */
class CovariateAdjustmentTest {

    static final Verdicts.Settings S = Verdicts.Settings.DEFAULT;

    /** Throughput falls 1 % per 10 µs of fsync time, which varies ±30 µs from trial to trial; 1 % noise besides. */
    static double[][] runs(SplittableRandom r, int n, double effect, double[] fsync) {
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            fsync[i] = 1000 + 30 * gauss(r);
            y[i] = 1000 * effect * (1 - (fsync[i] - 1000) / 1000) * (1 + 0.01 * gauss(r));
        }
        return new double[][]{y};
    }

    static double gauss(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    @Test
    void aCovariateThatExplainsTheRunsNarrowsTheirInterval() {
        SplittableRandom r = new SplittableRandom(7);
        double[] fa = new double[6], fb = new double[6];
        double[] ya = runs(r, 6, 1, fa)[0], yb = runs(r, 6, 0.90, fb)[0];
        double[] loop = {5, 5, 5, 5, 5, 5};
        CovariateAdjustment.Result adj = CovariateAdjustment.adjust(ya, yb, Map.of("fsync_us", fa, "cpu_loop_us", loop), Map.of("fsync_us", fb, "cpu_loop_us", loop));
        assertTrue(adj.adjusted(), adj.note());
        assertEquals("fsync_us", adj.covariate());
        assertTrue(adj.r() < -0.8, "throughput falls as fsync time grows: r = " + adj.r());
        FigureComparison plain = Verdicts.compare(List.of(new Verdicts.Samples("c", "throughput", "ops/s", true, ya, yb)), S).get(0);
        FigureComparison moved = Verdicts.compare(List.of(new Verdicts.Samples("c", "throughput", "ops/s", true, adj.baseline(), adj.variant())), S).get(0);
        double before = plain.ci95HighPct() - plain.ci95LowPct(), after = moved.ci95HighPct() - moved.ci95LowPct();
        assertTrue(after < before / 2, "the interval narrowed from " + before + " to " + after + " points");
        assertEquals(Verdicts.Outcome.WORSE, moved.outcome(), "10 % slower, seen clearly once the disk's variation is taken out: " + moved.reason());
        assertEquals(-10, moved.differencePct(), 2);
    }

    @Test
    void aCovariateTheVariantMovesIsNeverUsed() {
        SplittableRandom r = new SplittableRandom(9);
        double[] fa = new double[6], fb = new double[6];
        double[] ya = runs(r, 6, 1, fa)[0], yb = runs(r, 6, 1, fb)[0];
        for (int i = 0; i < fb.length; i++) fb[i] += 400; // the variant's store is on a slower disk: its fsync is another figure
        CovariateAdjustment.Result adj = CovariateAdjustment.adjust(ya, yb, Map.of("fsync_us", fa), Map.of("fsync_us", fb));
        assertFalse(adj.adjusted(), adj.note());
        assertTrue(adj.note().contains("the variant moves it"), adj.note());
    }

    @Test
    void aCovariateUnrelatedToTheRunsIsNotUsedAndTheNoteSaysSo() {
        SplittableRandom r = new SplittableRandom(3);
        double[] ya = new double[6], yb = new double[6], xa = new double[6], xb = new double[6];
        for (int i = 0; i < 6; i++) {
            ya[i] = 1000 * (1 + 0.05 * gauss(r));
            yb[i] = 1000 * (1 + 0.05 * gauss(r));
            xa[i] = 100 + gauss(r);
            xb[i] = 100 + gauss(r);
        }
        CovariateAdjustment.Result adj = CovariateAdjustment.adjust(ya, yb, Map.of("steal_cores", xa), Map.of("steal_cores", xb));
        assertFalse(adj.adjusted());
        assertTrue(adj.note().startsWith("not adjusted: no covariate of the machine explains"), adj.note());
        assertTrue(CovariateAdjustment.adjust(new double[]{1, 2}, new double[]{1, 2}, Map.of(), Map.of()).note().contains("fewer than 3 runs"));
    }
}
