package io.graphperf.core.stats;

import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HistoryTest {

    static final Verdicts.Settings S = Verdicts.Settings.DEFAULT;

    private static double[] noisy(SplittableRandom r, double... means) {
        double[] v = new double[means.length];
        for (int i = 0; i < v.length; i++) v[i] = means[i] * (1 + 0.01 * (r.nextDouble() - 0.5));
        return v;
    }

    @Test
    void aStepIsFlaggedWhereItHappensAndNoiseIsNot() {
        SplittableRandom r = new SplittableRandom(5);
        History.ChangePoint c = History.changePoint(noisy(r, 100, 100, 100, 100, 100, 120, 120, 120, 120, 120), S).orElseThrow();
        assertEquals(5, c.at(), "the first run after the step");
        assertEquals(20, c.shiftPct(), 1.5);
        assertEquals(Optional.empty(), History.changePoint(noisy(r, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100), S), "1 % noise: no change");
        assertEquals(Optional.empty(), History.changePoint(noisy(r, 100, 100, 100, 102, 102, 102, 102, 102), S), "a significant 2 % shift is below the minimum effect");
        assertEquals(Optional.empty(), History.changePoint(noisy(r, 100, 100, 100, 120, 120), S), "5 runs: too few to test");
        double[] gaps = {100, Double.NaN, 100, 100, 80, Double.NaN, 80, 80};
        History.ChangePoint g = History.changePoint(gaps, S).orElseThrow();
        assertEquals(4, g.at(), "runs without the figure are skipped, the index is the run's");
    }

    @Test
    void manySplitsTriedOnPureNoiseRarelyFlagAChange() {
        SplittableRandom r = new SplittableRandom(11);
        int flagged = 0;
        for (int k = 0; k < 200; k++) {
            double[] v = new double[20];
            // 10 % noise, no change: Bonferroni over the splits keeps false alarms rare, the minimum effect rarer still
            for (int i = 0; i < v.length; i++) v[i] = 100 + 10 * Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
            if (History.changePoint(v, S).isPresent()) flagged++;
        }
        assertEquals(0, flagged, 5, "false alarms in 200 noise-only histories: " + flagged);
    }
}
