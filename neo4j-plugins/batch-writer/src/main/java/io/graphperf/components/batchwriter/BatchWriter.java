package io.graphperf.components.batchwriter;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Single writes made durable, then applied in batches, exactly once.
 *
 * <p>A submit is refused at once when the queue of logged-but-unapplied writes is full; otherwise it is
 * appended to the {@link DurableLog} and queued. The acknowledgement is either {@link AckMode#DURABLE}
 * (the log record is synced) or {@link AckMode#APPLIED} (its transaction committed). Each applier thread
 * takes durable writes only — never one whose record could still be lost — up to {@code batchRows} or
 * after {@code batchInterval} (at once while a client waits for an applied acknowledgement), and hands
 * them to the {@link Applier}, which commits the batch together with its last sequence number as that applier's position. With
 * several appliers ({@link Layout}) a write goes to the applier its partition parameter picks, so one key's writes apply in log order
 * while other keys' apply in parallel transactions. On start, every logged write after its applier's stored position is replayed.
 *
 * <p>A batch that fails for good (the database calls it a client error) is split in halves until the
 * failing writes are alone; each of those goes to the dead-letter log and the position moves past it,
 * so the rest of its batch applies. A transient failure (a deadlock, the database restarting) is retried
 * with back-off, never dead-lettered.
 */
public final class BatchWriter implements AutoCloseable {

    /** When a submit is acknowledged. */
    public enum AckMode {
        DURABLE, APPLIED;

        public static AckMode parse(String s) {
            if (s == null || s.isBlank() || s.equalsIgnoreCase("durable")) return DURABLE;
            if (s.equalsIgnoreCase("applied")) return APPLIED;
            throw new IllegalArgumentException("ack must be 'durable' or 'applied', was '" + s + "'");
        }

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** An acknowledged write. */
    public record Ack(long sequence, AckMode mode) {
    }

    /** Refused before it was logged (queue full, writer stopping): nothing was written, the client may retry. */
    public static final class Rejected extends RuntimeException {
        public Rejected(String message) {
            super(message);
        }
    }

    /** A logged write that failed for good; it is in the dead-letter log with this error. */
    public static final class DeadLettered extends RuntimeException {
        private final String code;

        public DeadLettered(String code, String message) {
            super(message);
            this.code = code;
        }

        public String code() {
            return code;
        }
    }

    /**
     * Applied positions as the database stores them: the layout that wrote them (null when nothing was ever applied) and each
     * applier's last applied sequence (an applier with none stored: 0).
     */
    public record Positions(Layout layout, Map<Integer, Long> byApplier) {
        public static final Positions NONE = new Positions(null, Map.of());

        public long of(int applier) {
            return byApplier.getOrDefault(applier, 0L);
        }

        public long highest() {
            return byApplier.values().stream().mapToLong(Long::longValue).max().orElse(0);
        }
    }

    /** What the writer needs of a database. Calls for different appliers come from different threads at once. */
    public interface Applier {
        /** The stored positions; {@link Positions#NONE} when nothing was applied. */
        Positions appliedPositions() throws Exception;

        /**
         * In one transaction: every batch of the flush, and the stored position of the flush's applier set to its last sequence (stored
         * with the writer's layout when it is that applier's first).
         */
        void apply(PendingWrites.Flush flush) throws Exception;

        /** In one transaction: the stored position of {@code applier} set to {@code sequence} (after a dead letter). */
        void markApplied(int applier, long sequence) throws Exception;

        /** In one transaction: every stored position forgotten, and {@code sequence} stored with {@code layout} for each of its appliers. */
        void resetPositions(Layout layout, long sequence) throws Exception;

        /** True when retrying cannot help (a syntax error, a constraint violation). */
        boolean permanent(Exception e);

        /** The database's status code for a failure, or the exception's class name. */
        String code(Exception e);
    }

    private static final long DRAIN_ON_CLOSE_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final WriterConfig config;
    private final Applier applier;
    private final DurableLog log;
    private final DeadLetterLog deadLetters;
    private final Layout layout;
    private final Lane[] lanes;
    private final WriterMetrics metrics;
    private final ConcurrentNavigableMap<Long, CompletableFuture<Ack>> appliedWaiters = new ConcurrentSkipListMap<>();
    private final Object submitLock = new Object(), lowWaterLock = new Object();
    private final AtomicLong drainRequests = new AtomicLong();
    /** The last sequence queued to an applier (set after it is queued); every write up to it is queued or applied. */
    private volatile long lastQueued;
    /** Every write up to here is applied (or dead-lettered): what bounds the queue, releases log segments and answers awaitApplied. */
    private volatile long lowWater;
    private volatile boolean running = true, abandon;
    private volatile Exception lastTransient;

    /** One applier: its queue and its thread. */
    private static final class Lane {
        final int index;
        final PendingWrites pending;
        Thread thread;
        volatile boolean waiting;

        Lane(int index) {
            this.index = index;
            this.pending = new PendingWrites(index);
        }
    }

    private BatchWriter(WriterConfig config, Applier applier, DurableLog log, DeadLetterLog deadLetters, List<PendingWrites.Write> replay) {
        this.config = config;
        this.applier = applier;
        this.log = log;
        this.deadLetters = deadLetters;
        this.layout = config.layout();
        this.lanes = new Lane[layout.appliers()];
        for (int i = 0; i < lanes.length; i++) lanes[i] = new Lane(i);
        for (PendingWrites.Write w : replay) lanes[layout.lane(w.params())].pending.add(w);
        this.lastQueued = log.lastSequence();
        this.lowWater = lowWaterNow();
        DurableLog.Recovery r = log.recovery();
        this.metrics = new WriterMetrics(replay.size(), r.truncatedBytes(), r.reason());
        for (Lane l : lanes) {
            l.thread = new Thread(() -> applyLoop(l), "graphperf-batch-writer-applier" + (lanes.length == 1 ? "" : "-" + l.index));
            l.thread.setDaemon(true);
        }
    }

    /**
     * Opens the log in {@code config.directory()}, reads the applied positions from the database, queues
     * every logged write after its applier's position for replay and starts applying.
     */
    public static BatchWriter start(WriterConfig config, Applier applier) throws Exception {
        return start(config, applier, DurableLog.open(config.directory().resolve("writes.log"), config.sync()));
    }

    /** Starts on a log the caller opened (the crash test opens it on files that lose what was not synced). */
    static BatchWriter start(WriterConfig config, Applier applier, DurableLog log) throws Exception {
        try {
            Positions stored = applier.appliedPositions();
            // a log emptied after everything was applied starts again at 1: continue after the stored positions
            log.startAtLeast(stored.highest() + 1);
            Layout was = stored.layout() == null ? config.layout() : stored.layout();
            List<PendingWrites.Write> replay = new ArrayList<>();
            for (DurableLog.Entry e : log.recovery().entries()) {
                WriteCodec.Decoded d = WriteCodec.decode(e.payload());
                // whether a logged write was applied is decided by the layout that applied it
                if (e.sequence() > stored.of(was.lane(d.params()))) {
                    replay.add(new PendingWrites.Write(e.sequence(), d.statement(), d.params(), System.nanoTime(), true));
                }
            }
            if (!was.equals(config.layout())) {
                if (!replay.isEmpty()) {
                    throw new IllegalStateException("the batch writer's log in " + config.directory() + " holds " + replay.size()
                            + " writes not yet applied by its previous layout (" + was.describe() + "); start it once more with that layout"
                            + " so they apply, then change to " + config.layout().describe());
                }
                applier.resetPositions(config.layout(), stored.highest());
            }
            DeadLetterLog dead = new DeadLetterLog(config.directory().resolve("dead-letters.jsonl"));
            BatchWriter w = new BatchWriter(config, applier, log, dead, replay);
            for (Lane l : w.lanes) l.thread.start();
            return w;
        } catch (Exception e) {
            log.close();
            throw e;
        }
    }

    public WriterConfig config() {
        return config;
    }

    /**
     * Logs a write and returns its acknowledgement, which completes as {@code ack} asks, or exceptionally
     * with {@link DeadLettered} (applied mode) when the database refuses it.
     *
     * @throws Rejected                 when the queue is full or the writer is stopping (nothing was logged)
     * @throws IllegalArgumentException when a parameter cannot be logged
     */
    public CompletableFuture<Ack> submit(String statement, Map<String, Object> params, AckMode ack) throws IOException {
        if (!running) throw new Rejected(STOPPING);
        byte[] payload = WriteCodec.encode(statement, params);
        long now = System.nanoTime();
        Logged logged;
        synchronized (submitLock) {
            // the bound covers writes being applied too, not only those still queued
            if (log.lastSequence() - lowWater >= config.queueCapacity()) {
                metrics.rejected();
                throw new Rejected(queueFull());
            }
            logged = logUnderLock(statement, params, payload, now, ack);
        }
        metrics.submitted();
        return acknowledgement(logged, ack);
    }

    /**
     * Several writes of one statement (a client's coalesced batch), logged together under the lock once, in the order given: their
     * records share one acknowledgement from the log ({@code durable}), or each waits for its own batch to commit ({@code applied}).
     * A write that cannot be logged fails alone — {@link Submitted#failure} — and the others go on.
     *
     * @throws Rejected when the writer is stopping (nothing was logged)
     */
    public Submitted submitAll(String statement, List<Map<String, Object>> params, AckMode ack) throws IOException {
        if (!running) throw new Rejected(STOPPING);
        int n = params.size();
        Submitted out = new Submitted(n);
        byte[] encoded = WriteCodec.statement(statement);
        List<byte[]> payloads = new ArrayList<>(n);
        List<Integer> loggable = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            try {
                payloads.add(WriteCodec.encode(encoded, params.get(i)));
                loggable.add(i);
            } catch (IllegalArgumentException e) {
                out.failed(i, e);
            }
        }
        long now = System.nanoTime();
        List<PendingWrites.Write> writes = new ArrayList<>(loggable.size());
        List<CompletableFuture<Ack>> applied = new ArrayList<>(ack == AckMode.APPLIED ? loggable.size() : 0);
        DurableLog.Appended appended = null;
        int fit;
        synchronized (submitLock) {
            // the bound covers writes being applied too, not only those still queued: the writes that do not fit are refused, in order
            fit = (int) Math.max(0, Math.min(loggable.size(), config.queueCapacity() - (log.lastSequence() - lowWater)));
            if (fit > 0) {
                appended = log.appendAll(fit == payloads.size() ? payloads : payloads.subList(0, fit));
                long first = appended.sequence() - fit + 1;
                for (int k = 0; k < fit; k++) {
                    int i = loggable.get(k);
                    PendingWrites.Write w = new PendingWrites.Write(first + k, statement, params.get(i), now, false);
                    out.logged(i, first + k);
                    writes.add(w);
                    if (ack == AckMode.APPLIED) {
                        CompletableFuture<Ack> a = new CompletableFuture<>();
                        appliedWaiters.put(first + k, a);
                        applied.add(a);
                    }
                    lanes[layout.lane(w.params())].pending.add(w);
                }
                lastQueued = appended.sequence();
            }
        }
        for (int k = fit; k < loggable.size(); k++) {
            out.failed(loggable.get(k), new Rejected(queueFull()));
            metrics.rejected();
        }
        for (int k = 0; k < fit; k++) metrics.submitted();
        if (appended == null) {
            out.complete();
            return out;
        }
        acknowledgeAll(out, loggable.subList(0, fit), writes, appended, applied);
        return out;
    }

    /**
     * Completes a batch's outcome once its records are durable (one future for all of them), or, when {@code applied} holds each
     * write's applied acknowledgement, once each of them completed.
     */
    private void acknowledgeAll(Submitted out, List<Integer> logged, List<PendingWrites.Write> writes, DurableLog.Appended appended,
                                List<CompletableFuture<Ack>> applied) {
        CompletableFuture<Long> durable = appended.durable().whenComplete((seq, err) -> {
            if (err != null) {
                for (int i : logged) out.failed(i, err);
                for (CompletableFuture<Ack> a : applied) a.completeExceptionally(err);
                return;
            }
            long at = System.nanoTime();
            for (PendingWrites.Write w : writes) w.durableAt(at);
            wakeApplier();
        });
        if (applied.isEmpty()) {
            durable.whenComplete((seq, err) -> out.complete());
            return;
        }
        CompletableFuture<?>[] each = new CompletableFuture<?>[applied.size()];
        for (int k = 0; k < each.length; k++) {
            int i = logged.get(k);
            each[k] = applied.get(k).whenComplete((ok, err) -> {
                if (err != null) out.failed(i, err);
            });
        }
        CompletableFuture.allOf(each).whenComplete((x, err) -> out.complete());
    }

    private static final String STOPPING = "the batch writer is stopping; retry once the database is back";

    private String queueFull() {
        return "the batch writer's queue is full (" + config.queueCapacity() + " writes logged but not yet applied); retry after a short pause";
    }

    /** A write appended to the log and queued, with the future its 'applied' acknowledgement completes (null for 'durable'). */
    private record Logged(DurableLog.Appended appended, PendingWrites.Write write, CompletableFuture<Ack> applied) {
    }

    /** Appends and queues one write; the caller holds {@code submitLock} and has checked the queue's bound. */
    private Logged logUnderLock(String statement, Map<String, Object> params, byte[] payload, long now, AckMode ack) throws IOException {
        DurableLog.Appended appended = log.append(payload);
        PendingWrites.Write write = new PendingWrites.Write(appended.sequence(), statement, params, now, false);
        CompletableFuture<Ack> applied = null;
        if (ack == AckMode.APPLIED) {
            applied = new CompletableFuture<>();
            appliedWaiters.put(appended.sequence(), applied);
        }
        lanes[layout.lane(params)].pending.add(write);
        lastQueued = appended.sequence();
        return new Logged(appended, write, applied);
    }

    /** The acknowledgement of a logged write: when its record is durable, or (applied) when its batch committed. */
    private CompletableFuture<Ack> acknowledgement(Logged logged, AckMode ack) {
        PendingWrites.Write w = logged.write();
        CompletableFuture<Long> durable = logged.appended().durable().whenComplete((seq, err) -> {
            if (err == null) {
                w.durableAt(System.nanoTime());
                wakeApplier();
            }
        });
        if (ack == AckMode.APPLIED) {
            CompletableFuture<Ack> a = logged.applied();
            durable.exceptionally(err -> {
                a.completeExceptionally(err);
                return null;
            });
            return a;
        }
        return durable.thenApply(seq -> new Ack(seq, AckMode.DURABLE));
    }

    /** Blocks until every write submitted before this call is applied (or dead-lettered); false on timeout. */
    public boolean awaitApplied(long timeoutMillis) throws IOException, InterruptedException {
        long target = log.lastSequence();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        drainRequests.incrementAndGet();
        try {
            wakeApplier();
            while (refreshLowWater() < target) {
                if (System.nanoTime() > deadline || !allAlive()) return false;
                Thread.sleep(1);
            }
        } finally {
            drainRequests.decrementAndGet();
        }
        releaseApplied(true);
        return true;
    }

    private boolean allAlive() {
        for (Lane l : lanes) if (!l.thread.isAlive()) return false;
        return true;
    }

    private void wakeApplier() {
        for (Lane l : lanes) if (l.waiting) LockSupport.unpark(l.thread);
    }

    /** Every write up to the returned sequence is applied; see {@link #lowWater}. */
    private long lowWaterNow() {
        // read before the queues: a write queued after this read has a higher sequence and cannot lower the mark
        long low = lastQueued;
        for (Lane l : lanes) {
            long u = l.pending.lowestUnapplied();
            if (u != Long.MAX_VALUE) low = Math.min(low, u - 1);
        }
        return low;
    }

    private long refreshLowWater() {
        synchronized (lowWaterLock) {
            long now = lowWaterNow();
            if (now > lowWater) lowWater = now;
            return lowWater;
        }
    }

    private void applyLoop(Lane lane) {
        while (true) {
            PendingWrites.Flush f = nextFlush(lane);
            if (f == null) return;
            try {
                applyOrSplit(f);
                lane.pending.done();
                refreshLowWater();
                releaseApplied(false);
            } catch (Abandoned e) {
                failWaiters("the batch writer stopped before applying this write; it is logged and applies when the database starts again");
                return;
            } catch (Exception e) {
                // the dead-letter log or the log itself failed: nothing more can be applied safely
                metrics.fatal(e);
                failWaiters("the batch writer failed: " + e);
                return;
            }
        }
    }

    /** The next durable writes of this applier, waiting for a batch to fill; null when stopping with nothing left. */
    private PendingWrites.Flush nextFlush(Lane lane) {
        PendingWrites pending = lane.pending;
        long intervalNanos = config.batchInterval().toNanos();
        while (true) {
            if (abandon) return null;
            long durable = log.durableSequence();
            int ready = pending.ready(durable, config.batchRows());
            if (ready >= config.batchRows()) break;
            long wait;
            if (ready > 0) {
                long waited = System.nanoTime() - pending.oldestSubmittedNanos();
                // waiting to fill a batch only delays visibility, unless a client waits for an 'applied' ack
                if (!running || drainRequests.get() > 0 || waited >= intervalNanos || !appliedWaiters.isEmpty()) break;
                wait = Math.min(intervalNanos - waited, TimeUnit.MILLISECONDS.toNanos(1));
            } else {
                // stopping: done when nothing is left, or when what is left can never become durable (the log failed)
                if (!running && (pending.depth() == 0 || log.failed())) return null;
                // writes not yet durable: their sync is at most a group-commit interval away
                wait = pending.depth() > 0 ? TimeUnit.MICROSECONDS.toNanos(200) : TimeUnit.MILLISECONDS.toNanos(20);
            }
            lane.waiting = true;
            // a sync that completed since the check above would have found the applier not waiting: look again
            if (log.durableSequence() == durable) LockSupport.parkNanos(this, wait);
            lane.waiting = false;
        }
        return pending.take(config.batchRows(), log.durableSequence());
    }

    private void applyOrSplit(PendingWrites.Flush f) throws Exception {
        long start = System.nanoTime();
        try {
            retryTransient(() -> applier.apply(f));
        } catch (Abandoned a) {
            throw a;
        } catch (Exception e) {
            metrics.failedTransaction();
            List<PendingWrites.Write> ws = f.writes();
            if (ws.size() == 1) {
                deadLetter(f.lane(), ws.get(0), e);
                return;
            }
            // halves keep sequence order, so each committed half leaves the position at "all up to here"
            int mid = ws.size() / 2;
            applyOrSplit(PendingWrites.Flush.of(f.lane(), ws.subList(0, mid)));
            applyOrSplit(PendingWrites.Flush.of(f.lane(), ws.subList(mid, ws.size())));
            return;
        }
        long committed = System.nanoTime();
        metrics.applied(f, committed - start, committed);
        acknowledgeApplied(f);
    }

    /** Completes (and forgets) the applied-mode waiters of the flush's writes. */
    private void acknowledgeApplied(PendingWrites.Flush f) {
        if (appliedWaiters.isEmpty()) return;
        for (PendingWrites.Write w : f.writes()) {
            CompletableFuture<Ack> waiter = appliedWaiters.remove(w.sequence());
            if (waiter != null) waiter.complete(new Ack(w.sequence(), AckMode.APPLIED));
        }
    }

    private void deadLetter(int lane, PendingWrites.Write w, Exception e) throws Exception {
        String code = applier.code(e);
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        deadLetters.append(w, code, message);
        retryTransient(() -> applier.markApplied(lane, w.sequence()));
        metrics.deadLettered(code);
        CompletableFuture<Ack> waiter = appliedWaiters.remove(w.sequence());
        if (waiter != null) waiter.completeExceptionally(new DeadLettered(code, "write " + w.sequence() + " failed ("
                + code + ") and is in " + deadLetters.file() + ": " + message));
    }

    private interface Step {
        void run() throws Exception;
    }

    /** Thrown when the writer is told to stop while a transient failure is being retried. */
    private static final class Abandoned extends Exception {
        Abandoned(Exception cause) {
            super(cause);
        }
    }

    private void retryTransient(Step step) throws Exception {
        long backoffMs = 20;
        while (true) {
            try {
                step.run();
                lastTransient = null;
                return;
            } catch (Exception e) {
                if (applier.permanent(e)) throw e;
                lastTransient = e;
                metrics.transientRetry();
                if (abandon) throw new Abandoned(e);
                try {
                    Thread.sleep(backoffMs);
                } catch (InterruptedException interrupted) {
                    throw new Abandoned(e);
                }
                backoffMs = Math.min(backoffMs * 2, 2000);
            }
        }
    }

    /** Deletes log segments that hold only applied writes; when asked, empties the log once everything is applied. */
    private void releaseApplied(boolean emptyIfAllApplied) throws IOException {
        int deleted = log.release(lowWater, emptyIfAllApplied);
        if (deleted > 0) metrics.segmentsDeleted(deleted);
    }

    private void failWaiters(String message) {
        for (CompletableFuture<Ack> w : appliedWaiters.values()) w.completeExceptionally(new IllegalStateException(message));
        appliedWaiters.clear();
    }

    private boolean anyAlive() {
        for (Lane l : lanes) if (l.thread.isAlive()) return true;
        return false;
    }

    /** Everything the writer reports: configuration, queue, batches, fsyncs, rejections, dead letters, lags. */
    public Map<String, Object> metrics(boolean resetHistograms) throws IOException {
        long oldest = -1;
        for (Lane l : lanes) {
            long o = l.pending.oldestSubmittedNanos();
            if (o >= 0 && (oldest < 0 || o < oldest)) oldest = o;
        }
        Exception t = lastTransient;
        long applied = refreshLowWater();
        return metrics.snapshot(config, log, log.lastSequence() - applied, applied, oldest < 0 ? 0 : System.nanoTime() - oldest,
                deadLetters, t == null ? null : applier.code(t) + ": " + t.getMessage(), resetHistograms);
    }

    /** Every write up to this sequence is applied. */
    public long appliedPosition() {
        return refreshLowWater();
    }

    /**
     * Stops accepting writes, applies what is durable for up to 5 s, then stops the applier; anything left
     * stays in the log and is replayed on the next start.
     */
    @Override
    public void close() throws IOException {
        running = false;
        for (Lane l : lanes) LockSupport.unpark(l.thread);
        try {
            // while the database is failing there is nothing to wait for: the log keeps the writes
            long deadline = System.nanoTime() + DRAIN_ON_CLOSE_NANOS;
            while (anyAlive() && lastTransient == null && System.nanoTime() < deadline) Thread.sleep(10);
            if (anyAlive()) {
                abandon = true;
                for (Lane l : lanes) l.thread.interrupt();
                for (Lane l : lanes) l.thread.join(5000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        failWaiters("the batch writer stopped before applying this write; it is logged and applies when the database starts again");
        try {
            log.close();
        } finally {
            deadLetters.close();
        }
    }
}
