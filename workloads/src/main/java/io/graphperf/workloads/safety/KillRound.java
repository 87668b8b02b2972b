package io.graphperf.workloads.safety;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.measure.Accounting;
import io.graphperf.core.measure.IdWrites;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes from this process while the engine's processes are killed with {@code kill -9} at a chosen moment: {@code clients} threads send
 * operation after operation of {@code writes} through the engine's administrative calls (from outside the process killed, so what was
 * acknowledged survives the kill), each acknowledged when its call returned; the processes are killed {@code killAfter} into the
 * {@code duration} — but not before the first operation was acknowledged (a kill with nothing acknowledged could show no loss; on a
 * slow or busy machine the first may take longer than the moment drawn), waiting for it up to {@link #FIRST_ACK_WAIT} — and the
 * clients write on (failing) until it ends. Every operation handed out is accounted for: acknowledged, or not.
 */
final class KillRound {

    /**
     * What one round did.
     *
     * @param killedAfter when into the round the processes were killed (later than the moment drawn when the first acknowledgement was late)
     */
    record Outcome(Accounting acknowledged, long acknowledgedBeforeKill, Duration killedAfter, List<Long> killed, String firstError) {
    }

    /** The longest a round waits past its kill moment for the first acknowledged operation, before it kills anyway. */
    static final Duration FIRST_ACK_WAIT = Duration.ofMinutes(2);

    private KillRound() {
    }

    static Outcome run(Engine engine, IdWrites writes, int clients, Duration duration, Duration killAfter) throws InterruptedException {
        Accounting acc = new Accounting(clients);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong acknowledged = new AtomicLong();
        String[] firstError = {null};
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int client = c;
            Thread t = new Thread(() -> {
                for (long seq = 0; !stop.get(); seq++) {
                    acc.issued(client, seq + 1);
                    try {
                        Operation op = writes.next(client, seq);
                        for (Statement st : op.statements()) engine.execute(st.text(), st.params());
                        acknowledged.incrementAndGet();
                    } catch (Exception | Error e) { // a dead engine answers with whatever its client throws
                        acc.notSent(client, seq);
                        synchronized (firstError) {
                            if (firstError[0] == null) firstError[0] = String.valueOf(e.getMessage());
                        }
                        pause(stop);
                    }
                }
            }, "graphperf-safety-writer-" + c);
            t.setDaemon(true);
            threads.add(t);
        }
        long start = System.nanoTime();
        threads.forEach(Thread::start);
        Thread.sleep(killAfter.toMillis());
        long waitUntil = System.nanoTime() + FIRST_ACK_WAIT.toNanos();
        while (acknowledged.get() == 0 && System.nanoTime() < waitUntil) Thread.sleep(10);
        long before = acknowledged.get();
        Duration killedAfter = Duration.ofNanos(System.nanoTime() - start);
        List<Long> pids = engine.serverPids();
        for (long pid : pids) ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly); // SIGKILL: no shutdown hook runs
        for (long pid : pids) ProcessHandle.of(pid).ifPresent(p -> p.onExit().join());
        long left = duration.toNanos() - (System.nanoTime() - start);
        if (left > 0) Thread.sleep(left / 1_000_000);
        stop.set(true);
        for (Thread t : threads) {
            t.join(Duration.ofMinutes(2).toMillis());
            if (t.isAlive()) throw new IllegalStateException(t.getName() + " did not end 2 minutes after its engine was killed");
        }
        return new Outcome(acc, before, killedAfter, pids, firstError[0]);
    }

    /** A failing client waits a moment before its next operation, so a dead engine's errors do not fill the accounting. */
    private static void pause(AtomicBoolean stop) {
        try {
            if (!stop.get()) Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
