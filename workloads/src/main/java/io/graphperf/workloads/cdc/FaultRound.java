package io.graphperf.workloads.cdc;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.measure.ProgressListener;

import java.time.Duration;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One fault round: a producer commits small transactions on the source — each creates tx-size nodes and updates the nodes of
 * the transaction before it ({@code v = v + 1}), so every node has two events whose order matters — while one process is
 * killed (SIGKILL) at a random moment and started again, or the broker is paused (SIGSTOP) and continued. A transaction the
 * killed source did not confirm is retried; whatever the source committed is the oracle. Then the sink must converge to
 * exactly the source's events: nothing lost, nothing twice, nothing out of order.
 */
final class FaultRound {

    static final String CREATE = "UNWIND range(1,$n) AS i CREATE (n:Performance) SET n.group=$g, n.creation_time=timestamp(), n.v=0, n.batch=$k";
    static final String UPDATE = "MATCH (n:Performance {group: $g}) WHERE n.batch = $k SET n.v = n.v + 1";

    /** @param skippedRepeats events the sink skipped as already applied (published again by a restarted source relay), since the sink last started */
    record Result(CdcOptions.Fault fault, double faultAtS, double recoveredS, double convergedS, long transactions, long retried, long skippedRepeats,
                  SinkCheck check) {
    }

    private FaultRound() {
    }

    static Result run(Pipeline p, CdcOptions o, CdcOptions.Fault fault, Random random, ProgressListener progress) throws Exception {
        String group = UUID.randomUUID().toString();
        long skipped0 = skipped(p);
        Duration length = Duration.ofSeconds(Math.max(10, fault.pause() == null ? 0 : fault.pause().toSeconds() + 8));
        long start = System.nanoTime(), end = start + length.toNanos();
        long faultAt = start + (long) (length.toNanos() * (0.2 + 0.4 * random.nextDouble()));
        AtomicLong retried = new AtomicLong();
        double[] faultS = {Double.NaN}, recoveredS = {Double.NaN};
        Exception[] failure = {null};
        Thread injector = new Thread(() -> {
            try {
                Thread.sleep(Math.max(0, (faultAt - System.nanoTime()) / 1_000_000));
                faultS[0] = (System.nanoTime() - start) / 1e9;
                progress.phase(fault.label() + " at " + String.format(java.util.Locale.ROOT, "%.1f", faultS[0]) + " s");
                switch (fault.kind()) {
                    case "kill-source" -> p.killAndRestart(Pipeline.SOURCE);
                    case "kill-sink" -> p.killAndRestart(Pipeline.SINK);
                    case "kill-broker" -> p.killAndRestartBroker();
                    case "stop-broker" -> {
                        p.broker().pause();
                        Thread.sleep(fault.pause().toMillis());
                        p.broker().resume();
                    }
                    default -> throw new IllegalArgumentException(fault.kind());
                }
                recoveredS[0] = (System.nanoTime() - start) / 1e9;
                progress.phaseDone("back after " + String.format(java.util.Locale.ROOT, "%.1f", recoveredS[0] - faultS[0]) + " s");
            } catch (Exception e) {
                failure[0] = e;
            }
        }, "graphperf-cdc-fault");
        injector.start();
        long k = 0;
        long pace = 50_000_000L; // 20 transactions (and 20 updates) a second
        while (System.nanoTime() < end || injector.isAlive()) {
            commit(p, CREATE, Map.of("n", o.txSize(), "g", group, "k", k), retried);
            if (k > 0) commit(p, UPDATE, Map.of("g", group, "k", k - 1), retried);
            k++;
            long next = start + k * pace;
            long sleep = next - System.nanoTime();
            if (sleep > 0) Thread.sleep(sleep / 1_000_000, (int) (sleep % 1_000_000));
        }
        injector.join();
        if (failure[0] != null) throw failure[0];
        long converged = converge(p, group, Duration.ofMinutes(3));
        SinkCheck check = SinkCheck.of(p.source(), p.sink(), group, true);
        long skipped = skipped(p);
        return new Result(fault, faultS[0], recoveredS[0] - faultS[0], (converged - start) / 1e9, k, retried.get(),
                fault.kind().equals("kill-sink") ? skipped : skipped - skipped0, check);
    }

    private static long skipped(Pipeline p) throws Exception {
        return p.metrics(p.sink(), false).get("sink.skippedAlreadyApplied") instanceof Number n ? n.longValue() : 0;
    }

    /** Commits on the current source; while it is down (killed, restarting) the statement is retried. */
    private static void commit(Pipeline p, String statement, Map<String, Object> params, AtomicLong retried) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (true) {
            Engine source = p.source();
            try {
                source.execute(statement, params);
                return;
            } catch (Exception e) {
                if (System.nanoTime() > deadline) throw e;
                retried.incrementAndGet();
                Thread.sleep(200);
            }
        }
    }

    /** Waits until the sink holds as many events for the group as the source committed (or the timeout); returns when. */
    private static long converge(Pipeline p, String group, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        long want = p.source().queryLong("MATCH (n:Performance {group: '" + group + "'}) RETURN count(n) + sum(n.v)");
        while (System.nanoTime() < deadline) {
            long have = p.sink().queryLong("MATCH (n:Performance {group: '" + group + "'}) RETURN coalesce(sum(size(n.history)), 0)");
            if (have >= want) return System.nanoTime();
            Thread.sleep(250);
        }
        return System.nanoTime();
    }
}
