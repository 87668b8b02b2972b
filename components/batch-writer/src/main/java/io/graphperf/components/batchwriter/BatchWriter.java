package io.graphperf.components.batchwriter;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
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
 * (the log record is synced) or {@link AckMode#APPLIED} (its transaction committed). One applier thread
 * takes durable writes only — never one whose record could still be lost — up to {@code batchRows} or
 * after {@code batchInterval} (at once while a client waits for an applied acknowledgement), and hands
 * them to the {@link Applier}, which commits the batch together with its last sequence number. On start, every logged write after the stored position is replayed.
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
            return name().toLowerCase(java.util.Locale.ROOT);
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

    /** What the writer needs of a database. */
    public interface Applier {
        /** The last sequence applied, as stored in the database; 0 when nothing was. */
        long appliedPosition() throws Exception;

        /** In one transaction: every batch of the flush, and the stored position set to its last sequence. */
        void apply(PendingWrites.Flush flush) throws Exception;

        /** In one transaction: the stored position set to {@code sequence} (after a dead letter). */
        void markApplied(long sequence) throws Exception;

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
    private final PendingWrites pending;
    private final WriterMetrics metrics;
    private final ConcurrentNavigableMap<Long, CompletableFuture<Ack>> appliedWaiters = new ConcurrentSkipListMap<>();
    private final Object submitLock = new Object();
    private final Thread applierThread;
    private final AtomicLong drainRequests = new AtomicLong();
    private volatile long appliedPosition;
    private volatile boolean running = true, abandon, applierWaiting;
    private volatile Exception lastTransient;

    private BatchWriter(WriterConfig config, Applier applier, DurableLog log, DeadLetterLog deadLetters, long applied) {
        this.config = config;
        this.applier = applier;
        this.log = log;
        this.deadLetters = deadLetters;
        this.pending = new PendingWrites();
        this.appliedPosition = applied;
        DurableLog.Recovery r = log.recovery();
        long replay = 0;
        for (DurableLog.Entry e : r.entries()) {
            if (e.sequence() <= applied) continue;
            WriteCodec.Decoded d = WriteCodec.decode(e.payload());
            pending.add(new PendingWrites.Write(e.sequence(), d.statement(), d.params(), System.nanoTime(), true));
            replay++;
        }
        this.metrics = new WriterMetrics(replay, r.truncatedBytes(), r.reason());
        this.applierThread = new Thread(this::applyLoop, "graphperf-batch-writer-applier");
        applierThread.setDaemon(true);
    }

    /**
     * Opens the log in {@code config.directory()}, reads the applied position from the database, queues
     * every logged write after it for replay and starts applying.
     */
    public static BatchWriter start(WriterConfig config, Applier applier) throws Exception {
        return start(config, applier, DurableLog.open(config.directory().resolve("writes.log"), config.sync()));
    }

    /** Starts on a log the caller opened (the crash test opens it on files that lose what was not synced). */
    static BatchWriter start(WriterConfig config, Applier applier, DurableLog log) throws Exception {
        try {
            long applied = applier.appliedPosition();
            // a log emptied after everything was applied starts again at 1: continue after the stored position
            log.startAtLeast(applied + 1);
            DeadLetterLog dead = new DeadLetterLog(config.directory().resolve("dead-letters.jsonl"));
            BatchWriter w = new BatchWriter(config, applier, log, dead, applied);
            w.applierThread.start();
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
            if (log.lastSequence() - appliedPosition >= config.queueCapacity()) {
                metrics.rejected();
                throw new Rejected(queueFull());
            }
            logged = logUnderLock(statement, params, payload, now, ack);
        }
        metrics.submitted();
        return acknowledgement(logged, ack);
    }

    /**
     * Several writes of one statement (a client's coalesced batch), logged under the lock once: one acknowledgement per write in the
     * order given. A write that cannot be logged fails alone — its future completes exceptionally with {@link Rejected} (the queue is
     * full from that write on: nothing of it was logged, retry it) or IllegalArgumentException (a parameter that cannot be logged) —
     * and the others go on.
     *
     * @throws Rejected when the writer is stopping (nothing was logged)
     */
    public List<CompletableFuture<Ack>> submitAll(String statement, List<Map<String, Object>> params, AckMode ack) throws IOException {
        if (!running) throw new Rejected(STOPPING);
        int n = params.size();
        byte[][] payloads = new byte[n][];
        RuntimeException[] refused = new RuntimeException[n];
        for (int i = 0; i < n; i++) {
            try {
                payloads[i] = WriteCodec.encode(statement, params.get(i));
            } catch (IllegalArgumentException e) {
                refused[i] = e;
            }
        }
        long now = System.nanoTime();
        Logged[] logged = new Logged[n];
        int rejected = 0, submitted = 0;
        synchronized (submitLock) {
            for (int i = 0; i < n; i++) {
                if (refused[i] != null) continue;
                if (log.lastSequence() - appliedPosition >= config.queueCapacity()) {
                    refused[i] = new Rejected(queueFull());
                    rejected++;
                    continue;
                }
                logged[i] = logUnderLock(statement, params.get(i), payloads[i], now, ack);
                submitted++;
            }
        }
        for (int i = 0; i < rejected; i++) metrics.rejected();
        for (int i = 0; i < submitted; i++) metrics.submitted();
        List<CompletableFuture<Ack>> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) out.add(refused[i] != null ? CompletableFuture.failedFuture(refused[i]) : acknowledgement(logged[i], ack));
        return out;
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
        pending.add(write);
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
            while (appliedPosition < target) {
                if (System.nanoTime() > deadline || !applierThread.isAlive()) return false;
                Thread.sleep(1);
            }
        } finally {
            drainRequests.decrementAndGet();
        }
        releaseApplied(true);
        return true;
    }

    private void wakeApplier() {
        if (applierWaiting) LockSupport.unpark(applierThread);
    }

    private void applyLoop() {
        while (true) {
            PendingWrites.Flush f = nextFlush();
            if (f == null) return;
            try {
                applyOrSplit(f);
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

    /** The next durable writes to apply, waiting for a batch to fill; null when stopping with nothing left. */
    private PendingWrites.Flush nextFlush() {
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
            applierWaiting = true;
            // a sync that completed since the check above would have found applierWaiting false: look again
            if (log.durableSequence() == durable) LockSupport.parkNanos(this, wait);
            applierWaiting = false;
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
                deadLetter(ws.get(0), e);
                return;
            }
            // halves keep sequence order, so each committed half leaves the position at "all up to here"
            int mid = ws.size() / 2;
            applyOrSplit(PendingWrites.Flush.of(ws.subList(0, mid)));
            applyOrSplit(PendingWrites.Flush.of(ws.subList(mid, ws.size())));
            return;
        }
        long committed = System.nanoTime();
        appliedPosition = f.lastSequence();
        metrics.applied(f, committed - start, committed);
        acknowledgeApplied(f.lastSequence());
    }

    /** Completes (and forgets) the applied-mode waiters up to {@code sequence}. */
    private void acknowledgeApplied(long sequence) {
        ConcurrentNavigableMap<Long, CompletableFuture<Ack>> done = appliedWaiters.headMap(sequence, true);
        for (Map.Entry<Long, CompletableFuture<Ack>> e : done.entrySet()) e.getValue().complete(new Ack(e.getKey(), AckMode.APPLIED));
        done.clear();
    }

    private void deadLetter(PendingWrites.Write w, Exception e) throws Exception {
        String code = applier.code(e);
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        deadLetters.append(w, code, message);
        retryTransient(() -> applier.markApplied(w.sequence()));
        appliedPosition = w.sequence();
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
        int deleted = log.release(appliedPosition, emptyIfAllApplied);
        if (deleted > 0) metrics.segmentsDeleted(deleted);
    }

    private void failWaiters(String message) {
        for (CompletableFuture<Ack> w : appliedWaiters.values()) w.completeExceptionally(new IllegalStateException(message));
        appliedWaiters.clear();
    }

    /** Everything the writer reports: configuration, queue, batches, fsyncs, rejections, dead letters, lags. */
    public Map<String, Object> metrics(boolean resetHistograms) throws IOException {
        long oldest = pending.oldestSubmittedNanos();
        Exception t = lastTransient;
        return metrics.snapshot(config, log, log.lastSequence() - appliedPosition, appliedPosition, oldest < 0 ? 0 : System.nanoTime() - oldest,
                deadLetters, t == null ? null : applier.code(t) + ": " + t.getMessage(), resetHistograms);
    }

    public long appliedPosition() {
        return appliedPosition;
    }

    /**
     * Stops accepting writes, applies what is durable for up to 5 s, then stops the applier; anything left
     * stays in the log and is replayed on the next start.
     */
    @Override
    public void close() throws IOException {
        running = false;
        LockSupport.unpark(applierThread);
        try {
            // while the database is failing there is nothing to wait for: the log keeps the writes
            long deadline = System.nanoTime() + DRAIN_ON_CLOSE_NANOS;
            while (applierThread.isAlive() && lastTransient == null && System.nanoTime() < deadline) applierThread.join(10);
            if (applierThread.isAlive()) {
                abandon = true;
                applierThread.interrupt();
                applierThread.join(5000);
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
