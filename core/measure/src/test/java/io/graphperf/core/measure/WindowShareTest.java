package io.graphperf.core.measure;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class WindowShareTest {

    @Test
    void anOperationCountsForTheShareOfItsTimeInsideTheWindow() {
        assertEquals(1.0, WindowShare.of(20, 30, 10, 100), 1e-12, "inside");
        assertEquals(0.0, WindowShare.of(0, 10, 10, 100), 1e-12, "ended at the window's start");
        assertEquals(0.0, WindowShare.of(100, 120, 10, 100), 1e-12, "started at its end");
        assertEquals(0.25, WindowShare.of(0, 40, 30, 100), 1e-12, "straddles the start: 10 of its 40");
        assertEquals(0.75, WindowShare.of(70, 110, 30, 100), 1e-12, "straddles the end: 30 of its 40");
        assertEquals(0.5, WindowShare.of(0, 200, 50, 150), 1e-12, "longer than the window: 100 of its 200");
    }

    @Test
    void anOperationOfNoMeasurableTimeCountsWholeWhenItEndedInside() {
        assertEquals(1.0, WindowShare.of(50, 50, 10, 100), 1e-12);
        assertEquals(1.0, WindowShare.of(10, 10, 10, 100), 1e-12);
        assertEquals(0.0, WindowShare.of(100, 100, 10, 100), 1e-12);
    }

    @Test
    void aWindowNotYetEndedHoldsWhatHasRunSinceItsStart() {
        assertEquals(0.5, WindowShare.of(0, 20, 10, Long.MAX_VALUE), 1e-12);
        assertEquals(0.0, WindowShare.of(0, 20, Long.MAX_VALUE, Long.MAX_VALUE), 1e-12, "not yet started");
    }

    @Test
    void consecutiveOperationsOfOneClientAddUpToTheWindowOverTheirLength() {
        // one client, operations of 7 back to back from 3 on, window [10, 60): the shares are what fits, 50 / 7
        double sum = 0;
        for (long s = 3; s < 80; s += 7) sum += WindowShare.of(s, s + 7, 10, 60);
        assertEquals(50.0 / 7, sum, 1e-9);
    }
}
