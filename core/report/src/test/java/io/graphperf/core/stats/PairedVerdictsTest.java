package io.graphperf.core.stats;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A duet's verdicts on generated rounds with known noise: a machine-wide factor each round moves both sides together (what duets are
 * for), and each process adds noise of its own. No timing: the rounds are numbers.
 */
class PairedVerdictsTest {

    static final Verdicts.Settings S = Verdicts.Settings.DEFAULT;

    /** {@code rounds} rounds: both sides × a shared factor (σ {@code shared}), each × its own (σ {@code own}); the variant × {@code effect}. */
    static double[][] rounds(SplittableRandom r, int rounds, double shared, double own, double effect) {
        double[] a = new double[rounds], b = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            double machine = Math.exp(shared * gauss(r));
            a[i] = 1000 * machine * Math.exp(own * gauss(r));
            b[i] = 1000 * effect * machine * Math.exp(own * gauss(r));
        }
        return new double[][]{a, b};
    }

    static double gauss(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    static FigureComparison paired(double[][] ab) {
        return Verdicts.comparePaired(List.of(new Verdicts.Paired("cell", "throughput", "ops/s", true, ab[0], ab[1])), S).get(0);
    }

    static FigureComparison welch(double[][] ab) {
        return Verdicts.compare(List.of(new Verdicts.Samples("cell", "throughput", "ops/s", true, ab[0], ab[1])), S).get(0);
    }

    /** 25 % shared noise, 1 % own, a variant 10 % slower, 5 rounds: the pairs see it every time; independent runs almost never. */
    @Test
    void pairingFindsAnEffectThatSharedNoiseHidesFromIndependentRuns() {
        SplittableRandom r = new SplittableRandom(11);
        int paired = 0, welch = 0;
        for (int k = 0; k < 100; k++) {
            double[][] ab = rounds(r, 5, 0.25, 0.01, 0.90);
            if (paired(ab).outcome() == Verdicts.Outcome.WORSE) paired++;
            if (welch(ab).outcome() == Verdicts.Outcome.WORSE) welch++;
        }
        assertTrue(paired >= 95, "the duet called it slower " + paired + " times of 100");
        assertTrue(welch <= 20, "independent runs called it slower " + welch + " times of 100");
    }

    /** A against A: never a difference beyond chance (5 % at most, of 400), and with little own noise mostly equivalent. */
    @Test
    void aAgainstAFindsNothing() {
        SplittableRandom r = new SplittableRandom(5);
        int false_ = 0, equivalent = 0;
        for (int k = 0; k < 400; k++) {
            FigureComparison c = paired(rounds(r, 6, 0.25, 0.01, 1));
            if (c.outcome() == Verdicts.Outcome.BETTER || c.outcome() == Verdicts.Outcome.WORSE) false_++;
            if (c.outcome() == Verdicts.Outcome.EQUIVALENT) equivalent++;
        }
        assertTrue(false_ <= 20, "false differences: " + false_ + " of 400");
        assertTrue(equivalent >= 360, "equivalent: " + equivalent + " of 400");
    }

    /**
     * The calibration's case: a variant 1/1.05 of the baseline (−4.8 %, inside the ±5 % minimum effect) whose rounds' ratios spread as
     * {@code unwind-1000}'s C1 duets did (about ±2.5 % a round). Its interval excludes no change and reaches past −5 %: slower — and
     * more often the more rounds, hence a duet's 7 rounds before it may stop ({@link Precision.Goal#MIN_ROUNDS_TO_STOP_DUET}). The
     * same spread A against A: false differences at most the test's α (Holm's family-wise 5 %).
     */
    @Test
    void aDifferenceTheSizeOfTheMinimumEffectIsCalledMostlyFromSevenRoundsAndAAgainstAIsNot() {
        int duet = Precision.Goal.MIN_ROUNDS_TO_STOP_DUET;
        int[] slower = new int[duet + 1], false_ = new int[duet + 1];
        for (int n : new int[]{5, duet}) {
            SplittableRandom r = new SplittableRandom(38);
            for (int k = 0; k < 1000; k++) {
                if (paired(rounds(r, n, 0.25, 0.018, 1 / 1.05)).outcome() == Verdicts.Outcome.WORSE) slower[n]++;
                Verdicts.Outcome aa = paired(rounds(r, n, 0.25, 0.018, 1)).outcome();
                if (aa == Verdicts.Outcome.BETTER || aa == Verdicts.Outcome.WORSE) false_[n]++;
            }
        }
        assertTrue(slower[duet] >= 930, duet + " rounds: called slower " + slower[duet] + " times of 1000");
        assertTrue(slower[5] < slower[duet] - 80, "5 rounds call it less often: " + slower[5] + " against " + slower[duet]);
        assertTrue(false_[5] <= 50 && false_[duet] <= 50, "A against A: false differences " + false_[5] + " and " + false_[duet] + " of 1000");
    }

    /** A significant difference smaller than the minimum effect, measured closely, is equivalent and says it is a difference. */
    @Test
    void aCloselyMeasuredSmallDifferenceIsEquivalent() {
        SplittableRandom r = new SplittableRandom(39);
        FigureComparison c = paired(rounds(r, 10, 0.25, 0.003, 0.98));
        assertEquals(Verdicts.Outcome.EQUIVALENT, c.outcome(), c.reason());
        assertTrue(c.reason().contains("a difference (p = ") && c.reason().contains("smaller than the minimum effect"), c.reason());
    }

    /** The ratio, its interval and its detectable effect in percent, from the rounds' log ratios (a hand-checked example). */
    @Test
    void theRatioAndItsIntervalComeFromTheRoundsLogRatios() {
        // ratios 1.02, 0.98, 1.05, 1.01 → logs mean 0.01469, sd 0.02882, n 4, t(0.975, 3) = 3.182: half-width 0.04585
        double[] a = {100, 100, 100, 100}, b = {102, 98, 105, 101};
        FigureComparison c = paired(new double[][]{a, b});
        double mean = (Math.log(1.02) + Math.log(0.98) + Math.log(1.05) + Math.log(1.01)) / 4;
        assertEquals(100 * (Math.exp(mean) - 1), c.differencePct(), 1e-9);
        double sd = 0;
        for (double x : new double[]{1.02, 0.98, 1.05, 1.01}) sd += Math.pow(Math.log(x) - mean, 2);
        sd = Math.sqrt(sd / 3);
        double half = 3.182446 * sd / 2;
        assertEquals(100 * (Math.exp(mean - half) - 1), c.ci95LowPct(), 1e-3);
        assertEquals(100 * (Math.exp(mean + half) - 1), c.ci95HighPct(), 1e-3);
        assertEquals(Verdicts.Outcome.INCONCLUSIVE, c.outcome(), c.reason());
        assertTrue(c.detectablePct() > 0 && Double.isNaN(c.betweenShare()));
    }

    @Test
    void fewerRoundsThanAVerdictNeedsGiveNone() {
        FigureComparison c = paired(new double[][]{{100, 101}, {110, 111}});
        assertEquals(Verdicts.Outcome.NO_VERDICT, c.outcome());
        assertTrue(c.reason().contains("2 rounds"), c.reason());
    }

    /** The precision a duet stops on: the half-width of the ratio's interval, for each variant's figure. */
    @Test
    void aDuetsPrecisionIsItsRatiosInterval() {
        SplittableRandom r = new SplittableRandom(3);
        double[][] ab = rounds(r, 6, 0.25, 0.01, 1.05);
        List<io.graphperf.core.results.Cell> cells = new java.util.ArrayList<>();
        for (int i = 0; i < 6; i++) {
            cells.add(io.graphperf.core.results.Cell.builder("e", "s").phase(ab[0][i]).build().withVariant("base", i + 1, java.util.Map.of()));
            cells.add(io.graphperf.core.results.Cell.builder("e", "s").phase(ab[1][i]).build().withVariant("slow", i + 1, java.util.Map.of()));
        }
        List<Precision.FigurePrecision> p = Precision.paired("base", cells, new Precision.Goal(0.05, java.time.Duration.ofMinutes(10), 3, 20));
        assertEquals(1, p.size());
        assertEquals("slow ÷ base", p.get(0).variant());
        assertEquals(6, p.get(0).runs());
        assertTrue(p.get(0).reached(), "1 % own noise: the ratio's interval is narrow though each side moves 25 %: " + p.get(0));
        assertEquals(1.05, p.get(0).mean(), 0.02);
        assertTrue(Precision.of(cells, new Precision.Goal(0.05, java.time.Duration.ofMinutes(10), 3, 20)).stream().noneMatch(Precision.FigurePrecision::reached),
                "each side's own mean is far from ±5 %");
    }

    /** A round whose window saw no operation leaves no ratio: the split says so instead of printing NaN. */
    @Test
    void aSplitWithoutRatiosSaysWhyInsteadOfPrintingNaN() {
        NoiseSplit none = new NoiseSplit("mix / bolt", "throughput", 3, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, null);
        assertTrue(none.describe().contains("not split"), none.describe());
        assertTrue(!none.describe().contains("NaN"), none.describe());
        NoiseSplit some = new NoiseSplit("create / bolt", "throughput", 12, 7.3, Double.NaN, 3.0, 12.8, 0.96, 0.47, 0.94, null);
        assertTrue(some.describe().contains("a process not shared with its simultaneous partner ±3.0 %") && some.describe().contains("94 %"), some.describe());
        assertTrue(!some.describe().contains("NaN"), some.describe());
    }

    /**
     * Two CPU-bound sides whose rates follow how the scheduler splits the CPU between them (±10 % a round) and 1 % of their own: the
     * split explains most of the ratio's variance, and per engine core the spread is the 1 %. With rates that ignore the split, it
     * explains nothing.
     */
    @Test
    void theSidesSplitOfTheCpuIsSeparatedFromTheRatiosSpread() {
        java.util.Random random = new java.util.Random(7);
        int n = 14;
        double[] ratio = new double[n], coreRatio = new double[n], unrelated = new double[n];
        for (int i = 0; i < n; i++) {
            coreRatio[i] = 0.10 * random.nextGaussian();
            ratio[i] = coreRatio[i] + 0.01 * random.nextGaussian();
            unrelated[i] = 0.10 * random.nextGaussian();
        }
        NoiseSplit.CpuSplit cpu = NoiseSplit.CpuSplit.of(ratio, coreRatio, 0.93, 0.93);
        assertTrue(cpu.explained() > 0.95, "the split explains it: " + cpu);
        assertEquals(1.0 / Math.sqrt(2), cpu.perCorePct(), 0.35);
        assertTrue(cpu.perCoreCi95Pct()[0] < 0 && cpu.perCoreCi95Pct()[1] > 0, "A against A: no change per core " + cpu.perCoreChangePct());
        assertFalse(cpu.cpuDiffers(), "nor in the CPU each side got: " + cpu.cpuChangePct());
        NoiseSplit.CpuSplit none = NoiseSplit.CpuSplit.of(unrelated, coreRatio, 0.93, 0.93);
        assertTrue(none.explained() < 0.3, "rates that ignore the split: " + none);
        assertTrue(none.perCorePct() > 7, "and per core the spread grows: " + none);
        assertTrue(NoiseSplit.CpuSplit.of(new double[]{0.1}, new double[]{0.1}, 0.9, 0.9) == null, "one round: nothing to split");
        NoiseSplit split = new NoiseSplit("unwind / bolt", "throughput", n, 12, 5, 11, 14, 0.4, 0.2, 0.3, cpu);
        assertTrue(split.describe().contains("0.93 (baseline) and 0.93 (variant) cores") && split.describe().contains("per engine core"),
                split.describe());
        assertFalse(split.describe().contains("understates"), split.describe());
        NoiseSplit.CpuSplit older = new NoiseSplit.CpuSplit(0.93, 0, 0, 0, false, 0.9, 0.7, 0, null); // as a run.json of before read back
        assertTrue(new NoiseSplit("unwind / bolt", "throughput", n, 12, 5, 11, 14, 0.4, 0.2, 0.3, older).describe().contains("0.93 cores a side"));
    }

    /**
     * A variant whose engine costs 10 % more CPU an operation, both CPU-bound on a shared machine: it takes 5 % more of the CPU from its
     * partner (±3 % a round), so its throughput ratio shows only about −4.5 %; per engine core the 1/1.1 is found, and the report says
     * which side took more CPU and that the ratio understates the cost.
     */
    @Test
    void aVariantCostlierPerOperationIsSeenPerEngineCoreAndTheRatiosUnderstatementIsSaid() {
        java.util.Random random = new java.util.Random(11);
        int n = 7;
        double[] ratio = new double[n], coreRatio = new double[n];
        for (int i = 0; i < n; i++) {
            coreRatio[i] = -Math.log(1.05) + 0.03 * random.nextGaussian(); // baseline ÷ variant: the variant got 5 % more CPU
            ratio[i] = coreRatio[i] + Math.log(1.10) + 0.01 * random.nextGaussian(); // and does 1/1.1 as much with each core
        }
        NoiseSplit.CpuSplit cpu = NoiseSplit.CpuSplit.of(ratio, coreRatio, 0.90, 0.945);
        assertEquals(100 * (1 / 1.10 - 1), cpu.perCoreChangePct(), 2.0, cpu.toString());
        assertTrue(cpu.perCoreCi95Pct()[0] < cpu.perCoreChangePct() && cpu.perCoreCi95Pct()[1] > cpu.perCoreChangePct()
                && cpu.perCoreCi95Pct()[1] < -5, "the interval holds the estimate and excludes the minimum effect: " + cpu);
        assertEquals(5.0, cpu.cpuChangePct(), 3.0, cpu.toString());
        assertTrue(cpu.cpuDiffers(), cpu.toString());
        double throughputPct = 100 * Math.expm1(-java.util.Arrays.stream(ratio).average().orElseThrow());
        assertTrue(throughputPct > -7 && throughputPct < -2, "the throughput ratio alone understates it: " + throughputPct);
        String line = new NoiseSplit("unwind / bolt", "throughput", n, 12, 5, 2, 3, 0.9, 0.2, 0.5, cpu).describe();
        assertTrue(line.contains("0.90 (baseline) and 0.95 (variant) cores") && line.contains("took more of the shared CPU")
                && line.contains("understates"), line);
    }

    /**
     * A duet's throughput within ±5 % while the variant's engine took 6 % more of the shared CPU (a costlier engine keeping up with its
     * partner's CPU, as a 5 % CPU slowdown did here: ratio −1.4 %, per core −7.2 %) is not called equivalent; with the CPU alike it is.
     */
    @Test
    void anEquivalentThroughputWhoseSidesTookDifferentCpuIsNotCalledEquivalent() {
        double[] base = {100, 102, 98, 101, 99, 100}, variant = {99, 101.5, 97.2, 100.6, 97.8, 99.3};
        FigureComparison f = Verdicts.comparePaired(List.of(new Verdicts.Paired("unwind / bolt", "throughput", "ops/s", true, base, variant)), S).get(0);
        assertEquals(Verdicts.Outcome.EQUIVALENT, f.outcome(), f.reason());
        double[] logRatio = new double[6], costlier = new double[6], alike = new double[6];
        for (int i = 0; i < 6; i++) {
            logRatio[i] = Math.log(base[i] / variant[i]);
            costlier[i] = -Math.log(1.06) + 0.005 * (i % 2 == 0 ? 1 : -1); // baseline ÷ variant CPU: the variant took 6 % more
            alike[i] = 0.01 * (i % 2 == 0 ? 1 : -1);
        }
        NoiseSplit took = new NoiseSplit("unwind / bolt", "throughput", 6, 5, 1, 1, 3, 0.9, 0.2, 0.8, NoiseSplit.CpuSplit.of(logRatio, costlier, 0.89, 0.945));
        FigureComparison judged = Comparisons.unlessCpuDiffers(f, List.of(took));
        assertEquals(Verdicts.Outcome.INCONCLUSIVE, judged.outcome(), judged.reason());
        assertTrue(judged.reason().contains("took +6.0 % CPU (0.95 against 0.89 cores)") && judged.reason().contains("per engine core -6.")
                && judged.reason().contains("not called equivalent"), judged.reason());
        assertEquals(f.differencePct(), judged.differencePct(), "the figures stay as measured");
        NoiseSplit same = new NoiseSplit("unwind / bolt", "throughput", 6, 5, 1, 1, 3, 0.9, 0.2, 0.8, NoiseSplit.CpuSplit.of(logRatio, alike, 0.9, 0.9));
        assertEquals(Verdicts.Outcome.EQUIVALENT, Comparisons.unlessCpuDiffers(f, List.of(same)).outcome(), "the CPU alike: equivalent stands");
        NoiseSplit other = new NoiseSplit("create / bolt", "throughput", 6, 5, 1, 1, 3, 0.9, 0.2, 0.8, NoiseSplit.CpuSplit.of(logRatio, costlier, 0.89, 0.945));
        assertEquals(Verdicts.Outcome.EQUIVALENT, Comparisons.unlessCpuDiffers(f, List.of(other)).outcome(), "another cell's CPU does not count");
    }
}
