package io.graphperf.core.measure;

import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;
import io.graphperf.core.results.Measurement;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunnerTest {

    static final Operation OP = new Operation("write", List.of(new Statement("noop", null)), TxMode.EXPLICIT, 3);
    static final OperationSource SOURCE = (client, seq) -> OP;

    static Measurement run(SyntheticEngine engine, LoadModel model, double warmupS, double durationS, Path hlog) throws Exception {
        RunPlan plan = new RunPlan(model, Duration.ofMillis((long) (warmupS * 1000)), Duration.ofMillis((long) (durationS * 1000)));
        return new Runner(engine, SOURCE, plan, hlog, OptionalLong.empty(), null).run();
    }

    @Test
    void percentilesMatchTheLatencyTheEngineWasToldToHave() throws Exception {
        // 70 % of calls take 1 ms, 30 % take 5 ms: p50 is 1 ms, p90 and p99 are 5 ms (no percentile
        // asked for sits on the boundary between the two, where scheduling noise would decide it)
        SyntheticEngine engine = new SyntheticEngine(n -> n % 10 >= 7 ? 5_000_000 : 1_000_000, n -> false);
        Measurement m = run(engine, new LoadModel.Closed(1), 0.2, 1.5, null);
        // HdrHistogram keeps 3 significant digits; the harness adds microseconds of its own
        assertEquals(1.0, m.latency().p50Ms(), 0.05, "p50");
        assertEquals(5.0, m.latency().p90Ms(), 0.2, "p90");
        assertEquals(5.0, m.latency().p99Ms(), 0.5, "p99");
        // the maximum is one sample: a busy-wait cannot end early, but one preemption of the client
        // thread on a loaded 2-core CI machine can stretch it by milliseconds, so only its floor is exact
        assertTrue(m.latency().maxMs() >= 4.99 && m.latency().maxMs() < 100, "max " + m.latency().maxMs());
        double expectedOps = 1.5 / 0.0022; // mean service time 2.2 ms
        assertEquals(expectedOps, m.windowOps(), expectedOps * 0.1, "ops in window");
        assertEquals(m.windowOps() / 1.5, m.opsPerSecond(), 1e-6);
        assertEquals(m.windowOps() * 3, m.windowEntities());
    }

    @Test
    void warmupIsRunButNotCountedInTheWindow() throws Exception {
        SyntheticEngine engine = SyntheticEngine.fixed(1_000_000);
        Measurement m = run(engine, new LoadModel.Closed(2), 1.0, 1.0, null);
        // two clients, 1 ms each: ~2000 ops per second; warm-up ops are acknowledged but not in the window
        assertEquals(2000, m.windowOps(), 200);
        assertEquals(engine.calls(), m.acknowledgedOps());
        assertTrue(m.acknowledgedOps() > m.windowOps() * 1.8, "warm-up operations were acknowledged too");
        assertEquals(m.acknowledgedOps() * 3, m.acknowledgedEntities());
        assertTrue(m.drained());
    }

    @Test
    void openModelShowsAStallInTheHighPercentiles() throws Exception {
        // 200 ops/s, 1 ms each; call 200 (about 1 s in) stalls for 1 s. Every operation scheduled during the
        // stall waits behind it, so about a third of the window's operations see 0..1 s of latency.
        SyntheticEngine open = new SyntheticEngine(n -> n == 200 ? 1_000_000_000L : 1_000_000, n -> false);
        Measurement m = run(open, new LoadModel.Open(200, 1), 0, 3.0, null);
        assertTrue(m.latency().p99Ms() > 900, "open model p99 must show the 1 s stall, was " + m.latency().p99Ms());
        assertTrue(m.latency().p90Ms() > 300, "open model p90 " + m.latency().p90Ms());
        assertTrue(m.latency().p50Ms() < 5, "most operations are unaffected, p50 " + m.latency().p50Ms());
        assertTrue(m.lateStarts() > 150, "operations scheduled during the stall started late: " + m.lateStarts());
        // service time (from actual start) hides the stall: this is the coordinated-omission difference
        assertTrue(m.serviceTime().p90Ms() < 5, "service p90 " + m.serviceTime().p90Ms());

        // the same stall under the closed model is one slow sample among thousands
        SyntheticEngine closed = new SyntheticEngine(n -> n == 200 ? 1_000_000_000L : 1_000_000, n -> false);
        Measurement c = run(closed, new LoadModel.Closed(1), 0, 3.0, null);
        assertTrue(c.latency().p99Ms() < 5, "closed model p99 hides the stall, was " + c.latency().p99Ms());
        assertEquals(1000, c.latency().maxMs(), 20);
    }

    @Test
    void openModelKeepsItsRate() throws Exception {
        SyntheticEngine engine = SyntheticEngine.fixed(100_000);
        Measurement m = run(engine, new LoadModel.Open(500, 2), 0.5, 2.0, null);
        assertEquals(1000, m.windowOps(), 20);
        assertEquals(500.0, m.opsPerSecond(), 10);
        assertEquals(500.0, m.targetRate());
    }

    @Test
    void errorsAreCountedAndNotAcknowledged(@TempDir Path dir) throws Exception {
        SyntheticEngine engine = new SyntheticEngine(n -> 200_000, n -> n % 4 == 0);
        Path hlog = dir.resolve("x.hlog");
        Measurement m = run(engine, new LoadModel.Closed(1), 0, 1.0, hlog);
        long calls = engine.calls();
        assertEquals(calls - (calls + 3) / 4, m.acknowledgedOps());
        assertEquals((double) m.errors() / (m.errors() + m.windowOps()), 0.25, 0.01);
        assertFalse(m.errorSamples().isEmpty());
        assertTrue(m.errorSamples().get(0).contains("synthetic failure"));
        // the histogram log holds the successful operations of the window
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        long logged = 0;
        for (var h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            assertEquals("write", h.getTag());
            logged += ((org.HdrHistogram.AbstractHistogram) h).getTotalCount();
        }
        assertEquals(m.latency().count(), logged);
        assertNotNull(m.histogramLog());
    }
}
