package io.graphperf.core.stats;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RatioTest {

    @Test
    void ratioOfBatchMeansIsTheGeometricMeanRatioWithAWelchIntervalOnTheLogs() {
        Ratio r = Ratio.of(List.of(200.0, 220.0, 180.0, 210.0, 190.0), List.of(10.0, 11.0, 9.0, 10.5, 9.5));
        // by hand: logs have variances 0.006286 and 0.006297, se of the log ratio 0.050165, Welch df 8.0,
        // t(0.975, 8) = 2.306: 20 × e^(∓0.11568) = 17.815 … 22.453
        assertEquals(20.0, r.value(), 1e-9);
        assertEquals(17.815, r.low(), 0.002);
        assertEquals(22.453, r.high(), 0.002);
    }

    @Test
    void oneBatchHasNoInterval() {
        Ratio r = Ratio.of(List.of(200.0), List.of(10.0, 11.0));
        assertEquals(Double.NaN, r.low());
    }

    @Test
    void rateIntervalIsTheMeansStudentInterval() {
        Ratio r = Ratio.rate(List.of(1.0, 2.0, 3.0, 4.0, 5.0));
        // mean 3, sd 1.5811, se 0.7071, t(0.975, 4) = 2.776
        assertEquals(3.0, r.value(), 1e-12);
        assertEquals(3 - 2.776 * 0.7071, r.low(), 1e-3);
    }
}
