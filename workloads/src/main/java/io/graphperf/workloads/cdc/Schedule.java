package io.graphperf.workloads.cdc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongPredicate;

/**
 * Transactions on a fixed schedule, whatever the source does: slot k starts at start + k × interval, taken in order by a pool of clients;
 * a start more than {@value #LATE_MS} ms behind its slot is counted late. The open model and the fault rounds both run on it.
 */
final class Schedule {

    static final int LATE_MS = 10;

    /** One slot's work (a transaction, with whatever retries it makes). */
    interface Work {
        void run(long slot) throws Exception;
    }

    /** Slots run, late among them, failed (their work threw), and the first failure's message. */
    record Outcome(long run, long late, long failed, String firstFailure) {
    }

    private Schedule() {
    }

    /** Runs slots 0, 1, … while {@code more} says so for the slot's index, each at its time; returns when every client is done. */
    static Outcome run(int clients, long intervalNs, long startNs, LongPredicate more, Work work, String name) throws InterruptedException {
        AtomicLong next = new AtomicLong(), run = new AtomicLong(), late = new AtomicLong(), failed = new AtomicLong();
        AtomicReference<String> first = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            Thread t = new Thread(() -> {
                while (true) {
                    long slot = next.getAndIncrement();
                    if (!more.test(slot)) return;
                    long wait = startNs + slot * intervalNs - System.nanoTime();
                    if (wait > 0) {
                        try {
                            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                        } catch (InterruptedException e) {
                            return;
                        }
                    } else if (-wait > LATE_MS * 1_000_000L) {
                        late.incrementAndGet();
                    }
                    run.incrementAndGet();
                    try {
                        work.run(slot);
                    } catch (InterruptedException e) {
                        return;
                    } catch (Exception e) {
                        failed.incrementAndGet();
                        first.compareAndSet(null, "slot " + slot + ": " + e.getMessage());
                    }
                }
            }, name + "-" + c);
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) t.join();
        return new Outcome(run.get(), late.get(), failed.get(), first.get());
    }

    /** Waits for the clients while calling {@code each} about once a second (the open model samples the stages' counters). */
    static Outcome run(int clients, long intervalNs, long startNs, LongPredicate more, Work work, String name, Runnable each) throws InterruptedException {
        AtomicReference<Outcome> out = new AtomicReference<>();
        AtomicReference<InterruptedException> interrupted = new AtomicReference<>();
        Thread runner = new Thread(() -> {
            try {
                out.set(run(clients, intervalNs, startNs, more, work, name));
            } catch (InterruptedException e) {
                interrupted.set(e);
            }
        }, name);
        runner.start();
        while (runner.isAlive()) {
            each.run();
            runner.join(1000);
        }
        if (interrupted.get() != null) throw interrupted.get();
        return out.get();
    }
}
