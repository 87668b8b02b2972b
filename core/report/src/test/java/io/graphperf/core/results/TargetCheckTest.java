package io.graphperf.core.results;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A measured ratio never reads as its target while it is below it; otherwise it is written as every ratio is. */
class TargetCheckTest {

    private static TargetCheck measured(double ratio, double minimum) {
        return new TargetCheck("writer vs unwind", "writer", "unwind", "bolt", ratio, Double.NaN, Double.NaN, minimum, true);
    }

    @Test
    void aRatioJustBelowItsTargetShowsTheDigitThatSaysSo() {
        assertEquals("79.5 %", measured(0.7951, 0.8).measuredText());
        assertEquals("79.9 %", measured(0.7999, 0.8).measuredText(), "cut, not rounded up to the target");
        assertEquals("19.9×", measured(19.96, 20).measuredText());
        assertEquals("1.499×", measured(1.4999, 1.5).measuredText());
        assertEquals(TargetCheck.Status.NOT_MET, measured(0.7999, 0.8).status());
    }

    @Test
    void otherRatiosAreWrittenAsUsual() {
        assertEquals("80 %", measured(0.8, 0.8).measuredText(), "at the target");
        assertEquals("80 %", measured(0.804, 0.8).measuredText(), "above it");
        assertEquals("76 %", measured(0.7612, 0.8).measuredText(), "far enough below to read as below");
        assertEquals("71×", measured(71.2, 20).measuredText());
        assertEquals("79 %", measured(0.7949, 0.8).measuredText(), "79 % already reads as below");
        assertTrue(measured(0.7951, 0.8).describe().contains("= 79.5 % (target ≥ 80 %) — not met"), measured(0.7951, 0.8).describe());
    }
}
