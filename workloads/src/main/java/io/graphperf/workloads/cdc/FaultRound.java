package io.graphperf.workloads.cdc;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.measure.ProgressListener;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One fault round: {@code --clients} clients commit small transactions on the source on a schedule of {@code --fault-rate} a second
 * ({@link Schedule}) — two in three create tx-size nodes, one in three updates the nodes of one of the last 20 creations
 * ({@code v = v + 1}, under a lock taken before the read, so concurrent updates of one node follow each other and every node may have
 * several events whose order matters) — while one process is killed (SIGKILL) at a random moment and started again, or the broker is
 * paused (SIGSTOP) and continued. A transaction the killed source did not confirm is retried; whatever the source committed is the
 * oracle. Then the sink must converge to exactly the source's events — nothing lost, nothing twice, nothing out of order — and the
 * topic, read by graphperf itself, must hold each committed event once (republications aside) in sequence order per key.
 */
final class FaultRound {

    static final String CREATE = "UNWIND range(1,$n) AS i CREATE (n:Performance) SET n.group=$g, n.creation_time=timestamp(), n.v=0, n.batch=$k";
    static final String UPDATE = "MATCH (n:Performance {group: $g, batch: $k}) WITH collect(n) AS ns CALL apoc.lock.nodes(ns) "
            + "UNWIND ns AS n SET n.v = n.v + 1";

    /** @param skippedRepeats events the sink skipped as already applied (published again by a restarted source relay), since the sink last started */
    record Result(CdcOptions.Fault fault, double faultAtS, double recoveredS, double convergedS, long transactions, long late, long retried,
                  long skippedRepeats, SinkCheck check, TopicCheck topic, String shortfall) {
    }

    private FaultRound() {
    }

    static Result run(Pipeline p, CdcOptions o, CdcOptions.Fault fault, Random random, ProgressListener progress) throws Exception {
        String group = UUID.randomUUID().toString();
        long skipped0 = skipped(p);
        TopicCheck.Window topic = TopicCheck.from(p.bootstrapServers(), o.topic());
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
                progress.phase(fault.label() + " at " + String.format(Locale.ROOT, "%.1f", faultS[0]) + " s");
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
                progress.phaseDone("back after " + String.format(Locale.ROOT, "%.1f", recoveredS[0] - faultS[0]) + " s");
            } catch (Exception e) {
                failure[0] = e;
            }
        }, "graphperf-cdc-fault");
        injector.start();
        long interval = Math.max(1, 1_000_000_000L / o.faultRate());
        long seed = random.nextLong();
        Schedule.Outcome run = Schedule.run(o.clients(), interval, start, slot -> start + slot * interval < end || injector.isAlive(), slot -> {
            // slots 3j and 3j+1 create batches 2j and 2j+1; slot 3j+2 updates one of the 20 batches before them
            long j = slot / 3;
            if (slot % 3 < 2) {
                commit(p, CREATE, Map.of("n", o.txSize(), "g", group, "k", 2 * j + slot % 3), retried);
            } else if (j > 0) {
                long back = 1 + new Random(seed ^ slot).nextInt((int) Math.min(20, 2 * j));
                commit(p, UPDATE, Map.of("g", group, "k", 2 * j - back), retried);
            }
        }, "graphperf-cdc-fault-client");
        injector.join();
        if (failure[0] != null) throw failure[0];
        if (run.failed() > 0) {
            throw new IllegalStateException(run.failed() + " transactions of the fault round failed even after 3 minutes of retries (first: " + run.firstFailure() + ")");
        }
        long[] converged = converge(p, group, Duration.ofMinutes(3));
        SinkCheck check = SinkCheck.of(p.source(), p.sink(), group, true);
        TopicCheck topicCheck = topic.check(group, check.expected());
        long skipped = skipped(p);
        String shortfall = converged[1] < converged[2] ? "the sink had " + converged[1] + " of the " + converged[2] + " events of group " + group
                + " 3 minutes after the round" + p.counters() : null;
        return new Result(fault, faultS[0], recoveredS[0] - faultS[0], (converged[0] - start) / 1e9, run.run(), run.late(), retried.get(),
                fault.kind().equals("kill-sink") ? skipped : skipped - skipped0, check, topicCheck, shortfall);
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

    /** Waits until the sink holds as many events for the group as the source committed (or the timeout): {when, events there, events committed}. */
    private static long[] converge(Pipeline p, String group, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        long want = p.source().queryLong("MATCH (n:Performance {group: '" + group + "'}) RETURN count(n) + coalesce(sum(n.v), 0)");
        long have = 0;
        while (System.nanoTime() < deadline) {
            have = p.sink().queryLong("MATCH (n:Performance {group: '" + group + "'}) RETURN coalesce(sum(size(n.history)), 0)");
            if (have >= want) break;
            Thread.sleep(250);
        }
        return new long[]{System.nanoTime(), have, want};
    }
}
