package io.graphperf.workloads.workload;

import io.graphperf.core.UserError;
import io.graphperf.core.measure.Closed;
import io.graphperf.core.measure.LatencySummary;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.Resources;
import io.graphperf.core.measure.Steadiness;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.ThresholdCheck;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ThresholdTest {

    static final List<String> OPS = List.of("friends", "post");

    @Test
    void parsesFiguresUnitsAndOperators() {
        Threshold t = Threshold.parse("friends p99 < 50ms", OPS, "test");
        assertEquals("friends", t.operation());
        assertEquals(50, t.bound());
        assertEquals(2000, Threshold.parse("p99.9 <= 2s", OPS, "test").bound());
        assertEquals(0.5, Threshold.parse("max<500us", OPS, "test").bound());
        assertEquals(500, Threshold.parse("throughput > 500/s", OPS, "test").bound());
        assertEquals(0.05, Threshold.parse("late < 5%", OPS, "test").bound(), 1e-12);
        assertEquals(0.01, Threshold.parse("errors < 1%", OPS, "test").bound(), 1e-12);
        assertEquals(0, Threshold.parse("errors == 0", OPS, "test").bound());
        assertEquals("p99.9", Threshold.parse("p999 < 3", OPS, "test").figure());
    }

    @Test
    void aThresholdThatDoesNotParseIsNamedWithWhereItWasGiven() {
        UserError e = assertThrows(UserError.class, () -> Threshold.parse("p99 under 50ms", OPS, "w.yaml line 7, key 'thresholds'"));
        assertTrue(e.getMessage().contains("bad threshold 'p99 under 50ms' (w.yaml line 7, key 'thresholds')") && e.getMessage().contains("expected"), e.getMessage());
        assertTrue(assertThrows(UserError.class, () -> Threshold.parse("frends p99 < 5ms", OPS, "x")).getMessage().contains("operations: friends, post"));
        assertTrue(assertThrows(UserError.class, () -> Threshold.parse("throughput > 5ms", OPS, "x")).getMessage().contains("throughput takes /s"));
        assertTrue(assertThrows(UserError.class, () -> Threshold.parse("friends throughput > 5", OPS, "x")).getMessage().contains("is the mix's"));
        assertTrue(assertThrows(UserError.class, () -> Threshold.parse("late < 5", OPS, "x")).getMessage().contains("late takes %"));
    }

    private static Cell cell(int repeat, double p99, double opsPerSecond, long errors, List<Double> batches, boolean steady) {
        LatencySummary l = new LatencySummary(1000, p99 / 3, p99 / 4, p99 / 2, p99, p99 * 2, p99 * 3);
        Measurement m = new Measurement(Measurement.LoadModel.of(new Closed(8)), new Measurement.WarmupEnd(1, true, "until steady"),
                new Measurement.Throughput(10, (long) (opsPerSecond * 10), opsPerSecond, 0, 0, List.of(), batches),
                new Measurement.Latencies(l, l, null, null, null, null, Map.of("friends", l), null),
                new Measurement.Outcomes(1000, errors, List.of(), LatencySummary.EMPTY, 0, 0, 0, 1000, 0, true),
                steady ? new Steadiness.Verdict(true, "throughput", 0.1, new double[]{-0.5, 0.7}, List.of(), null, Steadiness.State.STEADY, Double.NaN)
                        : new Steadiness.Verdict(false, "throughput", 5, new double[]{3, 7}, List.of(), "the throughput drifted +5 %/s", Steadiness.State.DRIFTING,
                        Double.NaN), new Resources(0.2, 1, 0.6, 2, 0, 0, false), null);
        return Cell.builder("workload", "mix").transport("bolt").measurement(m).build().withVariant("baseline", repeat, Map.of());
    }

    @Test
    void judgedOnTheMeanOverRepeatsWithItsInterval() {
        List<Cell> cells = new ArrayList<>();
        double[] p99 = {40, 44, 48};
        for (int r = 0; r < 3; r++) cells.add(cell(r + 1, p99[r], 1000, 0, List.of(990.0, 1010.0), true));
        ThresholdCheck c = Threshold.parse("friends p99 < 50ms", OPS, "t").judge(cells).get(0);
        assertEquals(44, c.value(), 1e-9);
        assertTrue(c.met());
        assertEquals(3, c.runs());
        // mean 44, sd 4, t(2) = 4.303: 44 ± 9.94
        assertEquals(44 - 4.303 * 4 / Math.sqrt(3), c.low(), 0.01);
        assertTrue(c.undecided(), "the interval reaches across 50 ms");
        assertTrue(c.describe().contains("more runs would tell"), c.describe());
        ThresholdCheck not = Threshold.parse("p99 < 40ms", OPS, "t").judge(cells).get(0);
        assertFalse(not.met());
    }

    @Test
    void oneRunGivesThroughputAnIntervalFromItsBatchesAndNoneToAPercentile() {
        List<Cell> one = List.of(cell(1, 30, 1000, 2, List.of(900.0, 1000.0, 1100.0), false));
        ThresholdCheck t = Threshold.parse("throughput > 500/s", OPS, "t").judge(one).get(0);
        assertTrue(t.met() && Double.isFinite(t.low()) && t.low() < 1000 && t.high() > 1000, t.describe());
        ThresholdCheck p = Threshold.parse("p99 < 20ms", OPS, "t").judge(one).get(0);
        assertFalse(p.met());
        assertTrue(Double.isNaN(p.low()) && p.interval().contains("--repeat 3"), p.interval());
        assertFalse(p.flags().isEmpty(), "a flagged cell's outcome says so");
        assertFalse(Threshold.parse("errors == 0", OPS, "t").judge(one).get(0).met());
        assertTrue(Threshold.parse("errors < 1%", OPS, "t").judge(one).get(0).met(), "2 of 1,000 is 0.2 %");
    }
}
