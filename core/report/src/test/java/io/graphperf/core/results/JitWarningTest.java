package io.graphperf.core.results;

import io.graphperf.core.measure.Interval;
import io.graphperf.core.measure.Interval.Phase;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A window in which the JIT compilers were still busy is warned about; one after they went quiet, or not measured, is not. */
class JitWarningTest {

    private static Interval at(Phase phase, double seconds, double jit) {
        return new Interval(0, seconds, phase, 100, 100 / seconds, 1, 2, 0, jit);
    }

    @Test
    void theWindowsMeanIsWeightedByLengthAndLeavesTheWarmupOut() {
        List<Interval> timeline = List.of(at(Phase.WARMUP, 1, 0.9), at(Phase.WINDOW, 1, 0.5), at(Phase.WINDOW, 3, 0.1), at(Phase.DRAIN, 1, 0.9));
        assertEquals((0.5 + 0.3) / 4, Interval.meanJitCores(timeline, Phase.WINDOW), 1e-9);
        assertTrue(Double.isNaN(Interval.meanJitCores(List.of(at(Phase.WINDOW, 1, Double.NaN)), Phase.WINDOW)), "a remote engine: not measured");
    }

    @Test
    void warnedFromTheWarmupsBoundOn() {
        String w = Validity.jitWarning(0.56);
        assertTrue(w != null && w.contains("0.56 cores") && w.contains("still compiling") && w.contains("--server-warmup"), w);
        assertTrue(Validity.jitWarning(0.15) != null, "the bound itself is not quiet");
        assertNull(Validity.jitWarning(0.14));
        assertNull(Validity.jitWarning(Double.NaN));
    }
}
