package io.graphperf.core.measure;

import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.TxMode;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Wire;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What an {@link Executor}'s loop works with: the clients' sessions, the operations, the phase of the cell
 * (set by the {@link Runner}) and one {@link Worker} per thread that times and records every call. The
 * executor decides when an operation starts; everything about measuring it happens here, so every load
 * model is measured the same way.
 */
public final class ExecutionContext {

    /** A start more than this late counts toward {@code late_share} (the LDBC driver's schedule audit uses 1 s). */
    public static final long LATE_NANOS = 1_000_000_000L;
    private static final int MAX_ERROR_SAMPLES = 5;

    private final List<Session> sessions;
    private final OperationSource source;
    private final long operationsPerClient;
    final Recorders recorders = new Recorders();
    private final Accounting accounting;
    private final List<Worker> workers = new ArrayList<>();
    private final CountDownLatch go = new CountDownLatch(1);
    final AtomicReference<Throwable> crash = new AtomicReference<>();
    private volatile long startNanos;
    private volatile long windowStart = Long.MAX_VALUE, windowEnd = Long.MAX_VALUE, deadline = Long.MAX_VALUE;
    /**
     * Odd while the Runner moves a window boundary (reads the clock and publishes it): a client that finished an operation then waits
     * for the boundary, so it never judges an operation by a boundary the Runner has chosen but not yet published (on a busy machine
     * the Runner's thread can lose its core between the two for milliseconds).
     */
    private volatile long boundaryVersion;
    private volatile boolean stopped;

    ExecutionContext(List<Session> sessions, OperationSource source, long operationsPerClient, int accountedClients) {
        this.sessions = sessions;
        this.source = source;
        this.operationsPerClient = operationsPerClient;
        this.accounting = new Accounting(accountedClients);
        for (int i = 0; i < sessions.size(); i++) workers.add(new Worker(sessions.get(i)));
    }

    // ---- for executors ----------------------------------------------------------------------------

    /** A daemon thread that runs {@code body}, reporting a crash to the Runner; started at once. */
    public Thread thread(String name, Runnable body) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                crash.compareAndSet(null, e);
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Joins all threads until a deadline. */
    public static Executor.Execution join(List<Thread> threads) {
        return deadline -> {
            for (Thread t : threads) {
                long left = deadline - System.nanoTime();
                if (left > 0) t.join(Math.max(1, left / 1_000_000));
                if (t.isAlive()) return false;
            }
            return true;
        };
    }

    /** Blocks until the Runner starts the clock, then until the start time itself. */
    public void awaitStart() {
        try {
            go.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        while (System.nanoTime() < startNanos) Thread.onSpinWait();
    }

    public long startNanos() {
        return startNanos;
    }

    /** When the measured window starts; {@link Long#MAX_VALUE} while the warm-up runs. */
    public long windowStart() {
        return windowStart;
    }

    /** When the window ends; {@link Long#MAX_VALUE} until then. Nothing is scheduled at or after it. */
    public long windowEnd() {
        return windowEnd;
    }

    /** True once the drain deadline has passed: no operation may start any more. */
    public boolean stopped() {
        return stopped;
    }

    public long operationsPerClient() {
        return operationsPerClient;
    }

    public Operation next(int client, long seq) {
        return source.next(client, seq);
    }

    public Worker worker(int thread) {
        return workers.get(thread);
    }

    public Accounting accounting() {
        return accounting;
    }

    // ---- for the Runner -------------------------------------------------------------------------

    void start(long at) {
        startNanos = at;
        go.countDown();
    }

    /** Starts the window now; returns when that is. */
    long startWindow() {
        boundaryVersion++;
        long at = System.nanoTime();
        windowStart = at;
        boundaryVersion++;
        return at;
    }

    /** Starts the window at {@code at}, which no operation can have ended by yet (the clients' start). */
    void startWindowAt(long at) {
        windowStart = at;
    }

    /** Ends the window now, the drain ending {@code drainNanos} later; returns when the window ended. */
    long endWindow(long drainNanos) {
        boundaryVersion++;
        long at = System.nanoTime();
        windowEnd = at;
        deadline = at + drainNanos;
        boundaryVersion++;
        return at;
    }

    /** Ends the window and the drain at once, no later than now (a client crashed: nothing more is measured). */
    void endWindowNow() {
        boundaryVersion++;
        windowEnd = Math.min(windowEnd, System.nanoTime());
        deadline = windowEnd;
        boundaryVersion++;
    }

    long deadline() {
        return deadline;
    }

    void stop() {
        stopped = true;
    }

    List<Worker> workers() {
        return workers;
    }

    boolean allDone() {
        for (Worker w : workers) if (!w.done) return false;
        return true;
    }

    /**
     * One client thread's measuring: times nothing itself (the executor passes the start), records
     * everything. Its counters are its own (no shared counters on the hot path); the Runner reads them after
     * the thread has ended.
     */
    public final class Worker {
        private final Session session;
        long acknowledgedOps, acknowledgedEntities, windowOps, windowEntities, windowErrors, lateStarts, startedInWindow, dropped, clamped;
        long lastEnd;
        /** the successful operations' shares inside the window ({@link WindowShare}), and their entities' */
        double windowWork, windowEntityWork;
        volatile boolean done;
        final List<String> errorSamples = new ArrayList<>();
        private String lastType;
        private Recorders.TypeRecorders lastRecorders;

        Worker(Session session) {
            this.session = session;
        }

        /** Operations this thread started (intended) in the window so far. */
        public long startedInWindow() {
            return startedInWindow;
        }

        /** This client thread has ended its loop. */
        public void done() {
            done = true;
        }

        /**
         * Executes the operation, then records it: latency from {@code intended}, service time from {@code start}.
         * Failed operations go to their own histogram, never vanish from the figures.
         */
        public void execute(int client, long seq, Operation op, long intended, long start) {
            boolean ok;
            try {
                if (op.txMode() == TxMode.UNSENT) throw new IllegalStateException(op.statements().get(0).text());
                session.execute(op);
                ok = true;
            } catch (Exception e) {
                ok = false;
                sample(e);
            }
            long end = System.nanoTime();
            lastEnd = end;
            // the window's boundaries as published once this operation had ended (waiting while the Runner publishes one)
            long ws, we, version;
            do {
                while (((version = boundaryVersion) & 1) != 0) Thread.yield();
                ws = windowStart;
                we = windowEnd;
            } while (boundaryVersion != version);
            boolean measured = intended >= ws && intended < we;
            long latency = end - intended;
            if (Histograms.outOfRange(latency)) clamped++;
            long lat = Histograms.clamp(latency);
            if (measured) {
                startedInWindow++;
                if (start - intended > LATE_NANOS) lateStarts++;
            }
            if (!ok) {
                accounting.notAcknowledged(client, seq);
                recorders.intervalErrors.increment();
                if (measured) {
                    windowErrors++;
                    recorders.errors.recordValue(lat);
                }
                return;
            }
            acknowledgedOps++;
            acknowledgedEntities += op.entities();
            // throughput counts completions inside the window, whenever the operation started: steady-state work
            // finished in the window, unbiased against operations longer than it
            if (end >= ws && end < we) {
                windowOps++;
                windowEntities += op.entities();
            }
            double share = WindowShare.of(start, end, ws, we);
            windowWork += share;
            windowEntityWork += share * op.entities();
            recorders.interval[(end < ws ? Interval.Phase.WARMUP : end < we ? Interval.Phase.WINDOW : Interval.Phase.DRAIN).ordinal()].recordValue(lat);
            if (!measured) {
                recorders.warmup.recordValue(lat);
                return;
            }
            Recorders.TypeRecorders r = recordersFor(op.type());
            r.latency.recordValue(lat);
            recordParts(r, Histograms.clamp(end - start));
            session.wire().ifPresent(this::recordWire);
        }

        private void sample(Exception e) {
            if (errorSamples.size() < MAX_ERROR_SAMPLES) {
                String msg = e.getClass().getSimpleName() + ": " + e.getMessage();
                if (!errorSamples.contains(msg)) errorSamples.add(msg);
            }
        }

        /** The service time, and the server's, the rest's and the client library's parts of it where the transport reports them. */
        private void recordParts(Recorders.TypeRecorders r, long service) {
            r.service.recordValue(service);
            long server = session.serverNanos();
            if (server >= 0) {
                // a server reporting whole milliseconds can claim more than the client measured: cap it there, so
                // server + remainder is the client's figure, request by request
                long onServer = Math.min(Math.max(1, server), service);
                r.server.recordValue(onServer);
                r.remainder.recordValue(Math.max(1, service - onServer));
            }
            long library = session.clientNanos();
            if (library >= 0) r.client.recordValue(Math.min(Math.max(1, library), service));
        }

        private void recordWire(Wire wire) {
            recorders.wireRequests.increment();
            recorders.sent.add(wire.sent());
            recorders.sentUncompressed.add(wire.sentUncompressed());
            recorders.received.add(wire.received());
            recorders.receivedUncompressed.add(wire.receivedUncompressed());
        }

        /**
         * An operation the open model scheduled but could not start before the drain deadline: not acknowledged,
         * and its latency is at least the deadline minus its intended start.
         */
        public void dropped(int client, long seq, long intended) {
            accounting.notAcknowledged(client, seq);
            if (intended >= windowStart && intended < windowEnd) {
                dropped++;
                startedInWindow++;
                long latency = deadline - intended;
                if (Histograms.outOfRange(latency)) clamped++;
                recorders.dropped.recordValue(Histograms.clamp(latency));
            }
        }

        private Recorders.TypeRecorders recordersFor(String type) {
            // identity check first: a scenario usually repeats one interned type string
            if (type == lastType) return lastRecorders;
            Recorders.TypeRecorders r = recorders.byType.computeIfAbsent(type, t -> new Recorders.TypeRecorders());
            lastType = type;
            lastRecorders = r;
            return r;
        }
    }
}
