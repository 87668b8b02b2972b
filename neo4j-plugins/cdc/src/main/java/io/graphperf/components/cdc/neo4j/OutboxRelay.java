package io.graphperf.components.cdc.neo4j;

import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Result;
import org.neo4j.graphdb.Transaction;
import org.neo4j.logging.InternalLog;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Publishes the outbox in sequence order and deletes what the publisher acknowledged. Each record carries its sequence and
 * index (headers {@value #SEQ} and {@value #INDEX}, also {@code meta.txId} and {@code meta.txEventId}); a record published again
 * after a crash between the acknowledgement and the outbox's deletion has the same pair, and graphperf's sink skips it.
 * A round reads only the outbox below {@link ChangeCapture#publishableBelow()}, so no sequence is published while a lower one may
 * still commit. The Kafka producer is idempotent and never gives up: while Kafka is away the relay waits and the outbox grows; commits go on.
 * Each round is one Kafka transaction (unless {@code graphperf.cdc.source.transactions=false}): a round that fails anywhere — a send that
 * expires while later ones are written — is aborted by the restarted relay's producer and published again whole, so a consumer at
 * {@code read_committed} never sees a round with a hole in it.
 */
final class OutboxRelay implements Runnable {

    static final String SEQ = "graphperf.seq", INDEX = "graphperf.index", SOURCE = "graphperf.source";
    /** A round publishes up to this many outbox chunks (small transactions have one each), and at most about {@value #EVENTS_PER_ROUND} events. */
    static final int CHUNKS_PER_ROUND = 2000, EVENTS_PER_ROUND = 20_000;

    /** Where the relay's records go and how it learns they are durable: Kafka in the plugin ({@link KafkaPublisher}), a recorder in tests. */
    interface Publisher extends AutoCloseable {
        /** Starts a round (a Kafka transaction, when the publisher has them). */
        default void begin() {
        }

        /** Sends one record; the future completes once it is durable, or fails. */
        Future<?> send(String key, byte[] value, long seq, int index);

        /** Ends a round whose records are all durable: commits its transaction; a failure leaves the round to be published again. */
        default void commit() {
        }

        void flush();

        @Override
        void close();
    }

    /** Called between a round's steps ("bound", "read", "sent", "deleted"): tests pause there; the plugin does nothing. */
    interface Steps {
        void at(String step) throws InterruptedException;
    }

    private final GraphDatabaseService db;
    private final ChangeCapture capture;
    private final CdcMetrics metrics;
    private final InternalLog log;
    private final Supplier<Publisher> publishers;
    private final int lingerMs;
    private final String target;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition committed = lock.newCondition();
    private volatile boolean running = true, signalled;
    volatile Steps steps = step -> { };

    OutboxRelay(GraphDatabaseService db, CdcSettings settings, ChangeCapture capture, CdcMetrics metrics, InternalLog log) {
        this(db, capture, metrics, log, () -> new KafkaPublisher(settings), settings.relayLingerMs(),
                settings.sourceServers() + " topic " + settings.sourceTopic());
    }

    OutboxRelay(GraphDatabaseService db, ChangeCapture capture, CdcMetrics metrics, InternalLog log, Supplier<Publisher> publishers, int lingerMs,
                String target) {
        this.db = db;
        this.capture = capture;
        this.metrics = metrics;
        this.log = log;
        this.publishers = publishers;
        this.lingerMs = lingerMs;
        this.target = target;
    }

    void stop() {
        running = false;
        wake();
    }

    private void wake() {
        lock.lock();
        try {
            signalled = true;
            committed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void run() {
        try {
            db.executeTransactionally("CREATE RANGE INDEX graphperf_cdc_outbox IF NOT EXISTS FOR (o:GraphperfCdcOutbox) ON (o.seq)");
            db.executeTransactionally("CALL db.awaitIndexes(300)");
            long floor = db.executeTransactionally("OPTIONAL MATCH (o:GraphperfCdcOutbox) WITH max(o.seq) AS o "
                    + "OPTIONAL MATCH (s:GraphperfCdcState {name: 'source'}) RETURN coalesce(o, 0) AS o, coalesce(max(s.lastSeq), 0) AS s", Map.of(),
                    r -> {
                        Map<String, Object> row = r.next();
                        return Math.max(((Number) row.get("o")).longValue(), ((Number) row.get("s")).longValue());
                    });
            capture.start(floor, this::wake);
            metrics.sourceState = "publishing to " + target;
            log.info("graphperf change source started: publishing to %s, sequence floor %d", target, floor);
        } catch (RuntimeException | Error e) {
            metrics.sourceState = "failed to start: " + e;
            log.error("graphperf change source failed to start", e);
            return;
        }
        long backoffMs = FIRST_BACKOFF_MS;
        while (running) {
            Publisher publisher = null;
            long publishedBefore = metrics.published.get();
            try {
                // a transactional producer first finds its coordinator: until it has, the state says where it is
                if (!metrics.sourceState.startsWith("retrying")) metrics.sourceState = "connecting to " + target;
                publisher = publishers.get();
                metrics.sourceState = "publishing to " + target;
                relay(publisher);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException | Error e) {
                // anything at all — a fatal producer error (fenced, an unrecoverable send) or an Error from a library — ends in a state the
                // user sees and a restart from the outbox (the sink skips repeats), never in a thread that is gone while the state says
                // "publishing"
                if (!running) return;
                if (metrics.published.get() > publishedBefore) backoffMs = FIRST_BACKOFF_MS; // it had been publishing: start afresh
                metrics.sourceState = "retrying in " + backoffMs + " ms after: " + e;
                metrics.publishFailures.incrementAndGet(); // after the state: who sees the count sees the state
                log.error("graphperf change source: publishing failed; starting again from the outbox in " + backoffMs + " ms", e);
                try {
                    Thread.sleep(backoffMs);
                } catch (InterruptedException ie) {
                    return;
                }
                backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
            } finally {
                if (publisher != null) {
                    try {
                        publisher.close();
                    } catch (RuntimeException | Error e) {
                        log.warn("graphperf change source: closing the publisher failed: %s", e.toString());
                    }
                }
            }
        }
    }

    /** The relay's restart pause after a failure, doubling from the first to the last while failures follow one another. */
    static final long FIRST_BACKOFF_MS = 1000, MAX_BACKOFF_MS = 30_000;
    /** How long the relay waits for Kafka's acknowledgement before it says so in {@code source.state} (and goes on waiting). */
    static final long STALL_MS = 5000;

    private void relay(Publisher publisher) throws InterruptedException {
        while (running) {
            long below = capture.publishableBelow();
            steps.at("bound");
            List<Chunk> chunks = read(below);
            steps.at("read");
            if (chunks.isEmpty()) {
                metrics.oldestUnpublishedMs = -1;
                awaitCommit();
                continue;
            }
            metrics.oldestUnpublishedMs = System.currentTimeMillis() - chunks.get(0).seq / 1000;
            publisher.begin();
            List<Future<?>> sent = send(publisher, chunks);
            int events = sent.size();
            publisher.flush();
            awaitAcknowledgements(sent, events);
            publisher.commit();
            metrics.sourceState = "publishing to " + target;
            steps.at("sent");
            delete(chunks);
            metrics.published.addAndGet(events);
            steps.at("deleted");
            // a small round (a few small transactions) waits a little for more, so that each round's read, flush and delete serve
            // many transactions: measured, a round per transaction cost committing clients two thirds of their rate on 2 cores
            if (events < 1000 && lingerMs > 0) Thread.sleep(lingerMs);
        }
    }

    /** Until a transaction commits changes (or 100 ms pass). */
    private void awaitCommit() throws InterruptedException {
        lock.lock();
        try {
            if (!signalled) committed.await(100, TimeUnit.MILLISECONDS);
            signalled = false;
        } finally {
            lock.unlock();
        }
    }

    /** Each chunk's events handed to the producer, each under its key and its position (sequence, index); one future per event. */
    private static List<Future<?>> send(Publisher publisher, List<Chunk> chunks) {
        List<Future<?>> sent = new ArrayList<>();
        for (Chunk c : chunks) {
            int index = c.chunk * ChangeCapture.CHUNK;
            int start = 0;
            for (int i = 0; i < c.keys.length; i++) {
                int nl = start;
                while (c.events[nl] != '\n') nl++;
                sent.add(publisher.send(c.keys[i], Arrays.copyOfRange(c.events, start, nl), c.seq, index + i));
                start = nl + 1;
            }
        }
        return sent;
    }

    /** Every event's acknowledgement by Kafka, saying in the state how long it has waited when it waits past {@link #STALL_MS}. */
    private void awaitAcknowledgements(List<Future<?>> sent, int events) throws InterruptedException {
        long waitingSince = System.nanoTime();
        for (Future<?> f : sent) {
            while (true) {
                try {
                    f.get(STALL_MS, TimeUnit.MILLISECONDS);
                    break;
                } catch (ExecutionException e) {
                    throw new IllegalStateException("Kafka refused a record: " + e.getCause(), e.getCause());
                } catch (TimeoutException e) {
                    // the producer retries by itself (resending here would duplicate): say that it waits, and how long
                    if (!running) throw new InterruptedException("stopping");
                    metrics.sourceState = "waiting for " + target + ": no acknowledgement for "
                            + TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - waitingSince) + " s (" + events + " events of this round unpublished)";
                    metrics.publishStalls.incrementAndGet(); // after the state: who sees the count sees the state
                }
            }
        }
    }

    private record Chunk(String id, long seq, int chunk, String[] keys, byte[] events) {
    }

    private List<Chunk> read(long below) {
        try (Transaction tx = db.beginTx()) {
            List<Chunk> out = new ArrayList<>();
            int events = 0;
            try (Result r = tx.execute("MATCH (o:GraphperfCdcOutbox) WHERE o.seq < $below RETURN elementId(o) AS id, o.seq AS seq, o.chunk AS chunk, "
                    + "o.keys AS keys, o.size AS size, o.events AS events ORDER BY o.seq, o.chunk LIMIT $n", Map.of("below", below, "n", CHUNKS_PER_ROUND))) {
                while (r.hasNext() && events < EVENTS_PER_ROUND) {
                    Map<String, Object> row = r.next();
                    out.add(new Chunk((String) row.get("id"), ((Number) row.get("seq")).longValue(), ((Number) row.get("chunk")).intValue(),
                            (String[]) row.get("keys"), ChangeCapture.LZ4.fastDecompressor().decompress((byte[]) row.get("events"), ((Number) row.get("size")).intValue())));
                    events += out.get(out.size() - 1).keys().length;
                }
            }
            return out;
        }
    }

    private void delete(List<Chunk> chunks) {
        List<String> ids = chunks.stream().map(Chunk::id).toList();
        long last = chunks.get(chunks.size() - 1).seq;
        ChangeCapture.RELAY_DELETES.set(true);
        try {
            db.executeTransactionally("UNWIND $ids AS id MATCH (o:GraphperfCdcOutbox) WHERE elementId(o) = id DELETE o "
                    + "WITH count(*) AS deleted MERGE (s:GraphperfCdcState {name: 'source'}) SET s.lastSeq = CASE WHEN coalesce(s.lastSeq, 0) > $last "
                    + "THEN s.lastSeq ELSE $last END", Map.of("ids", ids, "last", last));
        } finally {
            ChangeCapture.RELAY_DELETES.set(false);
        }
    }
}
