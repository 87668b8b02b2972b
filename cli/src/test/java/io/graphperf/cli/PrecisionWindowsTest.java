package io.graphperf.cli;

import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Runner;
import io.graphperf.core.measure.SyntheticTransport;
import io.graphperf.core.measure.Warmup;
import io.graphperf.core.measure.Closed;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.stats.Precision;
import io.graphperf.core.stats.Verdicts;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.RunContext;
import io.graphperf.workloads.TrialResult;
import io.graphperf.workloads.Trials;
import io.graphperf.workloads.options.ExperimentCommand;
import io.graphperf.workloads.options.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A precision run chooses where to spend its remaining runs from where the noise is: windows twice as long when most of it lies
 * within engine processes, the windows kept when it lies between them.
 */
class PrecisionWindowsTest {

    /**
     * A stand-in whose options are its window. {@code withinNoise}: calls take 30 ms in every other 100 ms from the trial's first call
     * and 6 ms in the rest, so the window's 100 ms batches swing while its mean barely moves from trial to trial. Otherwise each trial's calls take
     * a fixed time that differs from trial to trial (10, 13, 16 ms …): the noise is between processes.
     */
    record Windowed(boolean withinNoise, int[] trials) implements Experiment<Duration> {
        @Override public String name() { return "windowed"; }
        @Override public String title() { return "a windowed stand-in"; }
        @Override public String description() { return ""; }
        @Override public ExperimentCommand<Duration> command() { throw new UnsupportedOperationException(); }

        @Override
        public Optional<Duration> withLongerWindows(Duration window, double factor) {
            return Optional.of(Duration.ofMillis(Math.round(window.toMillis() * factor)));
        }

        @Override
        public TrialResult run(RunContext ctx, Duration window) throws Exception {
            int trial = trials[0]++;
            // phases counted from the trial's first call, so the window (after a warm-up of one phase) and its batches start with them
            java.util.concurrent.atomic.AtomicLong origin = new java.util.concurrent.atomic.AtomicLong();
            LongUnaryOperator latency = withinNoise ? n -> {
                long now = System.nanoTime();
                origin.compareAndSet(0, now);
                return ((now - origin.get()) / 100_000_000) % 2 == 0 ? 30_000_000 : 6_000_000;
            } : n -> 10_000_000 + 3_000_000L * (trial % 3);
            Operation op = new Operation("op", List.of(new Statement("x", null)), TxMode.EXPLICIT, 1);
            // batches of 100 ms, one phase of the within-noise each: their means swing between ~6 and ~30 ms, while a window of whole
            // 200 ms cycles keeps its mean (batches of a whole cycle each would hide the swing and leave only the runs' jitter)
            RunPlan plan = new RunPlan(new Closed(4), new Warmup.Fixed(Duration.ofMillis(100)), window, 0, Duration.ofMillis(100), (int) (window.toMillis() / 100), null);
            Measurement m = new Runner(new SyntheticTransport(latency, n -> false), (c, s) -> op, plan, null, List.of(), List.of()).run();
            Cell c = ctx.tag(Cell.builder(name(), "synthetic").transport("synthetic").measurement(m).build());
            return new TrialResult(List.of(c), "synthetic", "", Map.of(), Map.of(), null, List.of(), List.of());
        }
    }

    /** A goal no run reaches: the within-noise stand-in's whole cycles make its trials' means agree to a millionth of a percent. */
    static RunResult run(Path dir, Windowed e) throws Exception {
        Trials.Spec spec = new Trials.Spec(Variant.all(List.of()), 1, dir, 7, dir.resolve("datasets"), Path.of("."), Map.of(), Verdicts.Settings.DEFAULT,
                new Precision.Goal(1e-12, Duration.ofMinutes(5), Precision.Goal.MIN_RUNS, 4));
        return Trials.run(e, Duration.ofMillis(1000), spec, (v, trialDir, id) -> new TrialsAndCompareTest.FakeEngines(Map.of()), ProgressListener.NONE);
    }

    @Test
    void noiseWithinProcessesDoublesTheWindowsOfTheRoundsStillToCome(@TempDir Path dir) throws Exception {
        RunResult r = run(Files.createDirectories(dir.resolve("within")), new Windowed(true, new int[1]));
        Precision.Outcome o = (Precision.Outcome) r.configuration().get(Trials.PRECISION);
        assertTrue(o.windows() != null, String.valueOf(o));
        assertEquals(2.0, o.windows().factor(), o.windows().why());
        assertEquals(4, o.windows().fromRound());
        assertTrue(o.windows().why().contains("windows twice as long from round 4"), o.windows().why());
        List<Double> windows = r.cells().stream().map(c -> c.measurement().throughput().windowSeconds()).toList();
        assertEquals(4, windows.size(), "4 rounds (the cap)");
        for (int i = 0; i < 3; i++) assertEquals(1.0, windows.get(i), 0.2, "the first rounds at the window given: " + windows);
        assertEquals(2.0, windows.get(3), 0.3, "the 4th at twice that: " + windows);
        assertTrue(Precision.summary(o).stream().anyMatch(l -> l.startsWith("  windows: ")), Precision.summary(o).toString());
    }

    @Test
    void noiseBetweenProcessesKeepsTheWindowsAndSaysMoreTrialsHelp(@TempDir Path dir) throws Exception {
        RunResult r = run(Files.createDirectories(dir.resolve("between")), new Windowed(false, new int[1]));
        Precision.Outcome o = (Precision.Outcome) r.configuration().get(Trials.PRECISION);
        assertEquals(1.0, o.windows().factor(), o.windows().why());
        assertTrue(o.windows().why().contains("more trials help, longer windows do not"), o.windows().why());
        assertTrue(r.cells().stream().allMatch(c -> Math.abs(c.measurement().throughput().windowSeconds() - 1.0) < 0.2), "every round at the window given");
    }
}
