package io.graphperf.core.measure;

import io.graphperf.core.engine.EngineSession;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.stats.Histograms;
import org.HdrHistogram.Recorder;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * One client thread: takes operations from the source, times each call to the engine and records it.
 * Everything a worker counts is its own (no shared counters on the hot path); the {@link Runner}
 * reads the recorders while it runs and the plain counters after the thread has ended.
 */
final class ClientWorker implements Runnable {

    /**
     * Recorders for one operation type, shared by every client: wait-free for writers, swapped by the
     * sampler. Shared, not per client, because a histogram of this range is a few hundred kilobytes:
     * 128 clients × 19 types × 4 recorders each would need gigabytes.
     */
    static final class TypeRecorders {
        final Recorder latency = newRecorder();
        final Recorder service = newRecorder();
        /** the server's own time for each operation, when the transport reports one */
        final Recorder server = newRecorder();
        /** service time minus the server's time: network, serialisation and the client library */
        final Recorder remainder = newRecorder();
    }

    private static final long LATE_START_NANOS = 1_000_000;
    private static final int MAX_ERROR_SAMPLES = 5;

    private final int client;
    private final EngineSession session;
    private final OperationSource source;
    private final LoadModel model;
    private final AtomicLong openSchedule;
    private final Window window;

    /** Shared by all clients of a run. */
    static final class Recorders {
        final Map<String, TypeRecorders> byType = new ConcurrentHashMap<>();
        final Recorder warmup = newRecorder();
    }

    private final Recorders recorders;
    long acknowledgedOps, acknowledgedEntities, windowOps, windowEntities, errors, lateStarts;
    /** operations started in the window, and when the last operation ended (operation-count plans) */
    long measuredStarted, lastEnd;
    private final long limit;
    final List<String> errorSamples = new ArrayList<>();
    private String lastType;
    private TypeRecorders lastRecorders;

    ClientWorker(int client, EngineSession session, OperationSource source, LoadModel model,
                 AtomicLong openSchedule, Window window, long limit, Recorders recorders) {
        this.limit = limit;
        this.recorders = recorders;
        this.client = client;
        this.session = session;
        this.source = source;
        this.model = model;
        this.openSchedule = openSchedule;
        this.window = window;
    }

    /** Start of the run, start and end of the measured window, in System.nanoTime() terms. */
    record Window(long start, long measureFrom, long measureUntil) {
    }

    @Override
    public void run() {
        if (model instanceof LoadModel.Open open) {
            runOpen(open.intervalNanos());
        } else {
            runClosed();
        }
    }

    private void runClosed() {
        for (long seq = 0; ; seq++) {
            Operation op = source.next(client, seq);
            long start = System.nanoTime();
            if (start >= window.measureUntil) return;
            if (start >= window.measureFrom) {
                if (limit > 0 && measuredStarted >= limit) return;
                measuredStarted++;
            }
            execute(op, start, start);
        }
    }

    private void runOpen(long interval) {
        while (true) {
            long seq = openSchedule.getAndIncrement();
            long intended = window.start + seq * interval;
            if (intended >= window.measureUntil) return;
            Operation op = source.next(client, seq);
            waitUntil(intended);
            long start = System.nanoTime();
            if (start - intended > LATE_START_NANOS && intended >= window.measureFrom) lateStarts++;
            execute(op, intended, start);
        }
    }

    private static void waitUntil(long deadline) {
        long remaining;
        while ((remaining = deadline - System.nanoTime()) > 0) {
            // park for the bulk of the wait, spin the last stretch: parkNanos overshoots by ~50 µs
            if (remaining > 200_000) LockSupport.parkNanos(remaining - 100_000);
            else Thread.onSpinWait();
        }
    }

    private void execute(Operation op, long intendedStart, long actualStart) {
        boolean ok;
        try {
            session.execute(op);
            ok = true;
        } catch (Exception e) {
            ok = false;
            recordError(e, intendedStart);
        }
        long end = System.nanoTime();
        lastEnd = end;
        if (ok) {
            acknowledgedOps++;
            acknowledgedEntities += op.entities();
            // throughput counts completions inside the window, whenever the operation started:
            // steady-state work finished in the window, unbiased against operations longer than it
            if (end >= window.measureFrom && end <= window.measureUntil) {
                windowOps++;
                windowEntities += op.entities();
            }
        }
        if (intendedStart < window.measureFrom) {
            recorders.warmup.recordValue(Math.max(1, end - intendedStart));
            return;
        }
        if (!ok) return;
        TypeRecorders r = recordersFor(op.type());
        r.latency.recordValue(Math.max(1, end - intendedStart));
        r.service.recordValue(Math.max(1, end - actualStart));
        long server = session.serverNanos();
        if (server >= 0) {
            // a server reporting whole milliseconds can claim more than the client measured: cap it there, so
            // server + remainder is the client's figure, request by request
            long service = Math.max(1, end - actualStart), onServer = Math.min(server, service);
            r.server.recordValue(onServer);
            r.remainder.recordValue(service - onServer);
        }
    }

    private void recordError(Throwable e, long intendedStart) {
        if (intendedStart >= window.measureFrom) errors++;
        if (errorSamples.size() < MAX_ERROR_SAMPLES) {
            String msg = e.getClass().getSimpleName() + ": " + e.getMessage();
            if (!errorSamples.contains(msg)) errorSamples.add(msg);
        }
    }

    private TypeRecorders recordersFor(String type) {
        // identity check first: a scenario usually repeats one interned type string
        if (type == lastType) return lastRecorders;
        TypeRecorders r = recorders.byType.computeIfAbsent(type, t -> new TypeRecorders());
        lastType = type;
        lastRecorders = r;
        return r;
    }

    private static Recorder newRecorder() {
        return new Recorder(1, Histograms.HIGHEST_TRACKABLE_NANOS, Histograms.SIGNIFICANT_DIGITS);
    }
}
