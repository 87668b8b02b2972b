package io.graphperf.core.measure;

import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunnerTest {

    static final Operation OP = new Operation("write", List.of(new Statement("noop", null)), TxMode.EXPLICIT, 3);
    static final OperationSource SOURCE = (client, seq) -> OP;

    static Measurement run(SyntheticTransport t, Executor e, double warmupS, double durationS, Path hlog) throws Exception {
        RunPlan plan = new RunPlan(e, new Warmup.Fixed(Duration.ofMillis((long) (warmupS * 1000))), Duration.ofMillis((long) (durationS * 1000)));
        return new Runner(t, SOURCE, plan, hlog, List.of(), List.of()).run();
    }

    /**
     * The harness's percentiles are what the transport took: 70 % of calls busy-wait 1 ms, 30 % 5 ms — never shorter, longer when
     * the machine takes the core away — so the lower bounds are exact, and above them the harness must agree with the transport's
     * own clock (allowing a percentile point of calls whose harness timestamps the scheduler moved apart from the transport's).
     */
    @Test
    void percentilesAreWhatTheTransportTook() throws Exception {
        SyntheticTransport t = new SyntheticTransport(n -> n % 10 >= 7 ? 5_000_000 : 1_000_000, n -> false);
        Measurement m = run(t, new Closed(1), 0, 1.5, null);
        assertTrue(m.latencies().all().p50Ms() >= 0.999, "p50 " + m.latencies().all().p50Ms());
        assertTrue(m.latencies().all().p90Ms() >= 4.99, "p90 " + m.latencies().all().p90Ms());
        assertTrue(m.latencies().all().maxMs() >= 4.99, "max " + m.latencies().all().maxMs());
        org.HdrHistogram.Histogram took = t.took();
        double[] harness = {m.latencies().all().p50Ms(), m.latencies().all().p90Ms(), m.latencies().all().p99Ms()};
        double[] at = {50, 90, 99};
        for (int i = 0; i < at.length; i++) {
            double below = took.getValueAtPercentile(at[i] - 1) / 1e6, above = took.getValueAtPercentile(Math.min(100, at[i] + 1)) / 1e6;
            assertTrue(harness[i] >= below * 0.999 && harness[i] <= above * 1.002 + 0.05,
                    "p" + at[i] + ": harness " + harness[i] + " ms, the transport took " + below + " – " + above + " ms at p" + (at[i] - 1) + " – p" + (at[i] + 1));
        }
        // with no warm-up every call is in the window but for the one a client may be in when it ends
        assertTrue(t.calls() - m.throughput().ops() >= 0 && t.calls() - m.throughput().ops() <= 1, "calls " + t.calls() + ", ops in the window " + m.throughput().ops());
        // the rate counts each operation's share inside the window: one client's differs from its completions by less than one operation
        double work = m.throughput().opsPerSecond() * m.throughput().windowSeconds();
        assertTrue(Math.abs(work - m.throughput().ops()) < 1, "work " + work + ", completions " + m.throughput().ops());
        assertEquals(m.throughput().opsPerSecond() * 3, m.throughput().entitiesPerSecond(), 1e-6);
        assertEquals(m.throughput().ops() * 3, m.throughput().entities());
        // the window ends when asked; a sampler thread notices it, which a busy machine may let run late (by far less than a second)
        assertTrue(m.throughput().windowSeconds() >= 1.499 && m.throughput().windowSeconds() < 2.5, "window " + m.throughput().windowSeconds() + " s for 1.5 s asked");
    }

    /**
     * Operations long against the window are counted by their share inside it: no client can do more than the window's length over the
     * shortest operation (the transport never returns early, a busy machine only makes calls longer), a bound whole completions break
     * by up to one operation a client at the window's start; and the shares differ from the completions by less than one a client.
     */
    @Test
    void longOperationsCountForTheirShareInsideTheWindow() throws Exception {
        int clients = 4;
        long opNanos = 300_000_000;
        Measurement m = run(SyntheticTransport.fixed(opNanos), new Closed(clients), 0.45, 1.0, null);
        double window = m.throughput().windowSeconds(), work = m.throughput().opsPerSecond() * window;
        assertTrue(m.throughput().opsPerSecond() <= clients / (opNanos / 1e9) + 1e-9, m.throughput().opsPerSecond() + " ops/s over " + window + " s");
        assertTrue(Math.abs(work - m.throughput().ops()) < clients, "work " + work + ", completions " + m.throughput().ops());
        assertTrue(work > 0, "work " + work);
        assertEquals(m.throughput().opsPerSecond() * 3, m.throughput().entitiesPerSecond(), 1e-6);
    }

    @Test
    void warmupIsRunButNotCountedInTheWindow() throws Exception {
        SyntheticTransport t = SyntheticTransport.fixed(1_000_000);
        Measurement m = run(t, new Closed(2), 1.0, 1.0, null);
        // two clients whose calls take at least 1 ms cannot do more than ~2000 in a 1 s window (a busy machine: fewer)
        assertTrue(m.throughput().ops() > 0 && m.throughput().ops() <= 2050, "ops in the window: " + m.throughput().ops());
        assertEquals(t.calls(), m.outcomes().acknowledgedOps());
        assertEquals(m.outcomes().acknowledgedOps() * 3, m.outcomes().acknowledgedEntities());
        assertTrue(m.warmupEnd().seconds() >= 0.999 && m.warmupEnd().seconds() < 2.0, "warm-up " + m.warmupEnd().seconds() + " s for 1 s asked");
        assertFalse(m.warmupEnd().steady(), "a fixed warm-up does not claim steadiness");
        assertTrue(m.outcomes().drained());
        // the timeline covers warm-up, window and drain; the window's intervals hold the window's operations, the warm-up's the rest
        long inWindow = m.throughput().timeline().stream().filter(i -> i.phase() == Interval.Phase.WINDOW).mapToLong(Interval::ops).sum();
        long inWarmup = m.throughput().timeline().stream().filter(i -> i.phase() == Interval.Phase.WARMUP).mapToLong(Interval::ops).sum();
        assertEquals(m.throughput().ops(), inWindow, 4, "the window's operations are its intervals' (± one a client recorded late): " + m.throughput().timeline());
        assertTrue(inWarmup > 0, "warm-up operations ran and were acknowledged: " + m.throughput().timeline());
        assertEquals(m.outcomes().acknowledgedOps(), inWarmup + inWindow, 4, "acknowledged = warm-up + window (± the calls in flight at the window's end)");
        // the accounting knows every operation each client was handed, all acknowledged
        assertEquals(m.outcomes().acknowledgedOps(), m.accounting().acknowledged());
        assertEquals(t.calls(), m.accounting().clients().stream().mapToLong(Accounting.Client::issued).sum());
    }

    @Test
    void openModelShowsAStallInTheHighPercentiles() throws Exception {
        // 200 ops/s, 20 µs each; call 200 (about 1 s in) sleeps 1 s. Every operation scheduled during the stall waits behind it, so about
        // a third of the window's operations see 0..1 s of latency. The stall cannot be shorter than 1 s, and a busy machine only makes
        // those waits longer: the upper percentiles' bounds hold whatever else the machine does. The rest need the client to catch up
        // after the stall: at 20 µs an operation the schedule takes 0.4 % of a core, so it does even when it gets a sliver of one (with
        // 1 ms an operation it did not, beside two busy loops and a CI build: p50 822 ms).
        SyntheticTransport open = new SyntheticTransport(n -> n == 200 ? 1_000_000_000L : 20_000, n -> false);
        Measurement m = run(open, new Open(200, 1), 0, 3.0, null);
        assertTrue(m.latencies().all().p99Ms() > 900, "open model p99 must show the 1 s stall, was " + m.latencies().all().p99Ms());
        assertTrue(m.latencies().all().p90Ms() > 300, "open model p90 " + m.latencies().all().p90Ms());
        assertTrue(m.latencies().all().p50Ms() < 500, "most operations see less than half the stall, p50 " + m.latencies().all().p50Ms());
        // service time (from actual start) hides the stall: this is the coordinated-omission difference
        assertTrue(m.latencies().service().p90Ms() < m.latencies().all().p90Ms() / 3, "service p90 " + m.latencies().service().p90Ms()
                + " against latency p90 " + m.latencies().all().p90Ms());
        assertEquals(200 * m.throughput().windowSeconds(), m.outcomes().scheduled(), 1.01, "3 s at 200/s");
        assertEquals(0, m.outcomes().dropped());

        // the same stall under the closed model is one slow sample among thousands
        SyntheticTransport closed = new SyntheticTransport(n -> n == 200 ? 1_000_000_000L : 20_000, n -> false);
        Measurement c = run(closed, new Closed(1), 0, 3.0, null);
        assertTrue(c.latencies().all().p99Ms() < 100, "closed model p99 hides the stall, was " + c.latencies().all().p99Ms());
        assertTrue(c.latencies().all().maxMs() >= 999 && c.latencies().all().maxMs() >= closed.took().getMaxValue() / 1e6 * 0.999,
                "the one stalled call is the maximum: " + c.latencies().all().maxMs() + " ms");
    }

    @Test
    void openModelKeepsItsRate() throws Exception {
        SyntheticTransport t = SyntheticTransport.fixed(100_000);
        Measurement m = run(t, new Open(500, 2), 0.5, 2.0, null);
        assertEquals(500.0, m.loadModel().offeredPerSecond());
        assertEquals(500 * m.throughput().windowSeconds(), m.outcomes().scheduled(), 1.01, "the window's slots");
        assertEquals(0, m.outcomes().dropped());
        assertEquals(m.outcomes().scheduled(), m.throughput().ops(), 2, "every slot of the window ran");
        // the window's operations run on the schedule, so its rate is the schedule's however long the window was measured
        assertEquals(500.0, m.throughput().opsPerSecond(), 10);
        assertEquals(0.0, m.outcomes().lateShare(), 0.001, "no start more than 1 s behind its slot");
        assertFalse(m.overloaded());
    }

    /**
     * 100 ms operations offered at 1000/s to 4 clients (capacity 40/s) for 1 s, with a 1 s drain: every one of
     * the 1000 scheduled operations must be accounted for — completed, or dropped with a latency of at least
     * the deadline minus its intended start — nothing may reach the engine after the cell, and the cell is
     * overloaded.
     */
    @Test
    void openModelFarAboveCapacityAccountsForEveryScheduledOperation() throws Exception {
        SyntheticTransport t = SyntheticTransport.fixed(100_000_000);
        RunPlan plan = new RunPlan(new Open(1000, 4), new Warmup.Fixed(Duration.ZERO), Duration.ofSeconds(1)).withDrain(Duration.ofSeconds(1));
        List<Long> windowEnd = new ArrayList<>(), drained = new ArrayList<>();
        RunListener events = new RunListener() {
            @Override
            public void windowEnded(long nanos) {
                windowEnd.add(nanos);
            }

            @Override
            public void drained(long nanos) {
                drained.add(nanos);
            }
        };
        Measurement m = new Runner(t, SOURCE, plan, null, List.of(), List.of(events)).run();
        long returned = System.nanoTime();
        assertEquals(1000 * m.throughput().windowSeconds(), m.outcomes().scheduled(), 1.01, "every slot of the window (1 s at 1000/s) is scheduled");
        assertTrue(m.throughput().windowSeconds() >= 0.999 && m.throughput().windowSeconds() < 2.0, "window " + m.throughput().windowSeconds() + " s for 1 s asked");
        long completed = m.latencies().all().count() - m.outcomes().dropped();
        assertEquals(m.outcomes().scheduled(), completed + m.outcomes().errors() + m.outcomes().dropped(), "completed + failed + dropped = scheduled");
        assertEquals(t.calls(), completed, "every call the engine saw was recorded");
        assertTrue(m.outcomes().dropped() > 850, "about 2 s × 40/s complete, the rest is dropped: " + m.outcomes().dropped());
        assertTrue(m.overloaded());
        assertTrue(m.outcomes().lateShare() > 0.9, "late share " + m.outcomes().lateShare());
        assertTrue(m.throughput().opsPerSecond() < 50, "achieved " + m.throughput().opsPerSecond());
        // a dropped operation's latency is at least deadline − intended: the last slot (intended ~1 s) waited ≥ 1 s
        assertTrue(m.latencies().all().maxMs() >= 1900, "max latency " + m.latencies().all().maxMs());
        // nothing is started after the drain deadline: a client checks it before each call, so only a call whose check came before it
        // can reach the engine later (the scheduler may run the client late between the two) — at most one per client
        long deadline = windowEnd.get(0) + 1_000_000_000L;
        assertTrue(t.startsAfter(deadline) <= 4, t.startsAfter(deadline) + " calls reached the engine after the deadline, more than one per client");
        assertTrue(drained.get(0) <= returned);
        // every client thread has ended or ends with its call in flight; once they have, no call started after run() returned
        long calls = t.calls();
        for (Thread c : Thread.getAllStackTraces().keySet()) {
            if (c.getName().startsWith("graphperf-open-")) c.join();
        }
        assertEquals(calls, t.calls(), "no operation reached the engine after run() returned");
        assertTrue(t.lastStart() < returned, "the last call started before run() returned");
        // the accounting lists every dropped one as not acknowledged, per virtual client
        assertEquals(m.outcomes().acknowledgedOps(), m.accounting().acknowledged());
        long issued = m.accounting().clients().stream().mapToLong(Accounting.Client::issued).sum();
        assertEquals(t.calls() + m.outcomes().dropped(), issued, 4, "every operation handed out was sent or dropped (at most one a client skipped at the end)");
    }

    @Test
    void errorsAreCountedInTheirOwnHistogramAndNotAcknowledged(@TempDir Path dir) throws Exception {
        SyntheticTransport t = new SyntheticTransport(n -> 200_000, n -> n % 4 == 0);
        Path hlog = dir.resolve("x.hlog");
        Measurement m = run(t, new Closed(1), 0, 1.0, hlog);
        long calls = t.calls();
        assertEquals(calls - (calls + 3) / 4, m.outcomes().acknowledgedOps());
        assertEquals(0.25, (double) m.outcomes().errors() / m.outcomes().scheduled(), 0.01);
        assertEquals(m.outcomes().errors(), m.outcomes().errorLatency().count(), "every failed operation has its latency recorded");
        // each failed call took the transport's 200 µs at least (a busy machine makes it longer: no upper bound on its speed)
        assertTrue(m.outcomes().errorLatency().p50Ms() >= 0.19, "the failed calls' own latency, not nothing: " + m.outcomes().errorLatency());
        assertEquals(m.outcomes().scheduled(), m.latencies().all().count() + m.outcomes().errors());
        assertFalse(m.outcomes().errorSamples().isEmpty());
        assertTrue(m.outcomes().errorSamples().get(0).contains("synthetic failure"));
        // the failed calls are exactly the ones the accounting lists
        Accounting.Client c = m.accounting().clients().get(0);
        assertEquals(calls, c.issued());
        for (long seq = 0; seq < c.issued(); seq++) assertEquals(seq % 4 != 0, c.acknowledged(seq), "seq " + seq);
        // the histogram log holds the successful operations of the window under their type, the errors under theirs
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        long logged = 0, loggedErrors = 0;
        for (var h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            if ("write".equals(h.getTag())) logged += ((AbstractHistogram) h).getTotalCount();
            if ("errors".equals(h.getTag())) loggedErrors += ((AbstractHistogram) h).getTotalCount();
        }
        assertEquals(m.latencies().all().count(), logged);
        assertEquals(m.outcomes().errors(), loggedErrors);
        assertNotNull(m.latencies().histogramLog());
    }

    @Test
    void aLatencyBeyondTheHistogramsRangeIsClampedAndCountedNotFatal() {
        ExecutionContext ctx = new ExecutionContext(List.of(op -> { }), SOURCE, 0, 1);
        ctx.start(System.nanoTime());
        ctx.startWindowAt(System.nanoTime() - 3 * 3_600_000_000_000L);
        long twoHoursAgo = System.nanoTime() - 2 * 3_600_000_000_000L;
        ctx.worker(0).execute(0, 0, OP, twoHoursAgo, System.nanoTime());
        assertEquals(1, ctx.worker(0).clamped);
        assertEquals(1, ctx.worker(0).acknowledgedOps);
    }

    /**
     * A window that may be lengthened while it is too short to tell: a cell still judged too short to tell at the end has reached the
     * longest window allowed; one that was told ended as soon as it was; and every interval of the window (but its last, and one at
     * each judgement when the sampler runs late) is a whole sampling interval — the window is judged again only when lengthened, not
     * at every look.
     */
    @Test
    void aWindowIsLengthenedOnlyWhileItIsTooShortToTell() throws Exception {
        java.util.Random random = new java.util.Random(5);
        SyntheticTransport noisy = new SyntheticTransport(n -> 1_000_000L + random.nextInt(30) * 1_000_000L, n -> false);
        RunPlan plan = new RunPlan(new Closed(4), new Warmup.Fixed(Duration.ZERO), Duration.ofSeconds(1), 0, Duration.ofMillis(100), 5, null,
                Duration.ofSeconds(3));
        Measurement m = new Runner(noisy, SOURCE, plan, null, List.of(), List.of()).run();
        assertTrue(m.throughput().windowSeconds() >= 0.999 && m.throughput().windowSeconds() < 3.0 + 1.0, "between the window asked and the longest: "
                + m.throughput().windowSeconds());
        if (m.steadiness().state() == Steadiness.State.UNDECIDED) assertTrue(m.throughput().windowSeconds() >= 2.999, "still undecided: lengthened to the longest");
        List<Interval> window = m.throughput().timeline().stream().filter(i -> i.phase() == Interval.Phase.WINDOW).toList();
        // a judgement (at each whole second of the window) may cut the interval it falls in when the sampler runs late on a busy machine;
        // looks between judgements must not: at most one short interval per judgement
        long cut = window.subList(0, window.size() - 1).stream().filter(i -> i.seconds() < 0.09).count();
        assertTrue(cut <= Math.ceil(m.throughput().windowSeconds()), "whole intervals in the window but at its judgements: " + window);

        // throughput falling steeply (each call slower the later it starts): drifting at the first look, so the window is not lengthened
        long start = System.nanoTime();
        SyntheticTransport slowing = new SyntheticTransport(n -> (long) (10_000_000 * (1 + 4 * (System.nanoTime() - start) / 1e9)), n -> false);
        Measurement d = new Runner(slowing, SOURCE, plan.withInterval(Duration.ofMillis(100)), null, List.of(), List.of()).run();
        assertEquals(Steadiness.State.DRIFTING, d.steadiness().state(), d.steadiness().reason());
        assertTrue(d.throughput().windowSeconds() < 2.9, "a drifting window is not lengthened: " + d.throughput().windowSeconds());
    }

    /**
     * A transport that gets faster over its first 1.5 s (as a JIT warms up: 60 ms a call down to 21 ms) and then stays flat. Its calls
     * sleep, so forty clients use little CPU; a busy machine can still slow them (a woken thread waits for a core), which the harness must
     * show as it happened. The warm-up until steady must end after the slowdown is over, the window must not be shown drifting, and its
     * batches' rates must be what the transport itself did in the same stretches of time — which no batch can beat.
     */
    @Test
    void warmupUntilSteadyWaitsForTheEngineToSettle() throws Exception {
        long start = System.nanoTime();
        SyntheticTransport t = new SyntheticTransport(n -> {
            double s = (System.nanoTime() - start) / 1e9;
            return s < 1.5 ? (long) (60_000_000 - 26_000_000 * s) : 21_000_000;
        }, n -> false);
        Steadiness.Criterion c = new Steadiness.Criterion(8, 2.0, 0.03, 3.0);
        RunPlan plan = new RunPlan(new Closed(40), new Warmup.UntilSteady(Duration.ofSeconds(20), c), Duration.ofSeconds(2), 0,
                Duration.ofMillis(200), 5, null);
        long[] clientsStarted = new long[1];
        RunListener startOfClients = new RunListener() {
            @Override
            public void windowStarted(long nanos, double warmupSeconds, WarmupEnd why) {
                clientsStarted[0] = nanos - Math.round(warmupSeconds * 1e9);
            }
        };
        Measurement m = new Runner(t, SOURCE, plan, null, List.of(), List.of(startOfClients)).run();
        assertTrue(m.warmupEnd().steady(), "the warm-up ended because the cell was steady: " + m.throughput().timeline());
        assertTrue(m.warmupEnd().seconds() >= 1.5, "not before the slowdown ended: " + m.warmupEnd().seconds());
        // a 2 s window cannot show steadiness (too short to tell), but it must not be shown drifting
        assertNotEquals(Steadiness.State.DRIFTING, m.steadiness().state(), String.valueOf(m.steadiness()));
        assertEquals(5, m.throughput().batchRates().size());
        // no call is shorter than 21 ms: each client completes at most one call more than the window holds 21 ms stretches
        assertTrue(m.throughput().ops() <= 40 * (m.throughput().windowSeconds() / 0.021 + 1), m.throughput().ops() + " calls in a "
                + m.throughput().windowSeconds() + " s window");
        // each batch (a fifth of the window's intervals) holds the calls the transport ended in its stretch, give or take the calls
        // whose end the harness saw after the transport did, across an edge: at most one a client (and one either side for the
        // timeline's millisecond rounding)
        List<Interval> window = m.throughput().timeline().stream().filter(i -> i.phase() == Interval.Phase.WINDOW).toList();
        int n = window.size();
        for (int k = 0; k < 5; k++) {
            Interval first = window.get(k * n / 5), last = window.get((k + 1) * n / 5 - 1);
            long from = clientsStarted[0] + Math.round((first.atSeconds() - first.seconds()) * 1e9), to = clientsStarted[0] + Math.round(last.atSeconds() * 1e9);
            double seconds = (to - from) / 1e9, transport = t.endsBetween(from, to) / seconds, harness = m.throughput().batchRates().get(k);
            assertEquals(transport, harness, (40 + 2) / seconds, "batch " + k + ": the harness's rate against the transport's own "
                    + m.throughput().batchRates());
            assertTrue(harness <= 40 / 0.021 + 40 / seconds, "batch " + k + " beats 40 clients at 21 ms a call: " + m.throughput().batchRates());
        }
    }
}
