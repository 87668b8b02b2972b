package io.graphperf.cli;

import io.graphperf.core.measure.RunListener;
import io.graphperf.core.measure.SideProgress;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The console's lines when a duet's two sides report at once: each outcome under its own side and cell. */
class ConsoleProgressTest {

    @Test
    void eachSidesLinesCarryItsOwnCellWhenTheSidesInterleave() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ConsoleProgress console = new ConsoleProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), false);
        SideProgress baseline = new SideProgress(console, "baseline", true);
        SideProgress variant = new SideProgress(console, "variant", false);

        baseline.phase("cell A");
        variant.phase("cell A");
        baseline.windowStarted(System.nanoTime(), 2.0, RunListener.WarmupEnd.FIXED);
        baseline.phaseDone("100 ops/s");
        baseline.phase("cell B");        // the baseline moves on while the variant is still in cell A
        variant.windowStarted(System.nanoTime(), 2.0, RunListener.WarmupEnd.FIXED);
        variant.phaseDone("90 ops/s");

        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("[baseline] cell A: 100 ops/s"), out);
        assertTrue(out.contains("[variant] cell A: warm-up ended after 2.0 s"), out);
        assertTrue(out.contains("[variant] cell A: 90 ops/s"), out);
        assertFalse(out.contains("[baseline] cell B: 90 ops/s"), "the variant's outcome is not shown under the baseline's new cell: " + out);
    }
}
