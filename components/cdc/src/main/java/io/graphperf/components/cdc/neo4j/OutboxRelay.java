package io.graphperf.components.cdc.neo4j;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Result;
import org.neo4j.graphdb.Transaction;
import org.neo4j.logging.InternalLog;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Publishes the outbox to Kafka in sequence order and deletes what Kafka acknowledged. Each record carries its sequence and
 * index (headers {@value #SEQ} and {@value #INDEX}, also {@code meta.txId} and {@code meta.txEventId}); a record published again
 * after a crash between Kafka's acknowledgement and the outbox's deletion has the same pair, and graphperf's sink skips it.
 * The producer is idempotent and never gives up: while Kafka is away the relay waits and the outbox grows; commits go on.
 */
final class OutboxRelay implements Runnable {

    static final String SEQ = "graphperf.seq", INDEX = "graphperf.index";
    /** A round publishes up to this many outbox chunks (small transactions have one each), and at most about {@value #EVENTS_PER_ROUND} events. */
    private static final int CHUNKS_PER_ROUND = 2000, EVENTS_PER_ROUND = 20_000;

    private final GraphDatabaseService db;
    private final CdcSettings settings;
    private final ChangeCapture capture;
    private final CdcMetrics metrics;
    private final InternalLog log;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition committed = lock.newCondition();
    private volatile boolean running = true, signalled;

    OutboxRelay(GraphDatabaseService db, CdcSettings settings, ChangeCapture capture, CdcMetrics metrics, InternalLog log) {
        this.db = db;
        this.settings = settings;
        this.capture = capture;
        this.metrics = metrics;
        this.log = log;
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
            metrics.sourceState = "publishing to " + settings.sourceServers() + " topic " + settings.sourceTopic();
            log.info("graphperf change source started: topic %s at %s, sequence floor %d", settings.sourceTopic(), settings.sourceServers(), floor);
        } catch (RuntimeException e) {
            metrics.sourceState = "failed to start: " + e.getMessage();
            log.error("graphperf change source failed to start", e);
            return;
        }
        while (running) {
            KafkaProducer<byte[], byte[]> producer = null;
            try {
                producer = new KafkaProducer<>(settings.producerProperties(), new ByteArraySerializer(), new ByteArraySerializer());
                relay(producer);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (!running) return;
                // a fatal producer error (e.g. fenced, or an unrecoverable send): start over from the outbox; the sink skips repeats
                metrics.publishFailures.incrementAndGet();
                metrics.sourceState = "retrying after: " + e.getMessage();
                log.warn("graphperf change source: publishing failed (%s); starting again from the outbox in 1 s", e.toString());
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException ie) {
                    return;
                }
            } finally {
                // what Kafka has not acknowledged stays in the outbox: no need to wait for it here
                if (producer != null) producer.close(java.time.Duration.ofSeconds(5));
            }
        }
    }

    private void relay(KafkaProducer<byte[], byte[]> producer) throws InterruptedException {
        while (running) {
            List<Chunk> chunks = read(capture.lowestInFlight());
            if (chunks.isEmpty()) {
                metrics.oldestUnpublishedMs = -1;
                lock.lock();
                try {
                    if (!signalled) committed.await(100, TimeUnit.MILLISECONDS);
                    signalled = false;
                } finally {
                    lock.unlock();
                }
                continue;
            }
            metrics.oldestUnpublishedMs = System.currentTimeMillis() - chunks.get(0).seq / 1000;
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            int events = 0;
            for (Chunk c : chunks) {
                int index = c.chunk * ChangeCapture.CHUNK;
                int start = 0;
                for (int i = 0; i < c.keys.length; i++) {
                    int nl = start;
                    while (c.events[nl] != '\n') nl++;
                    byte[] value = java.util.Arrays.copyOfRange(c.events, start, nl);
                    start = nl + 1;
                    ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(settings.sourceTopic(), c.keys[i].getBytes(StandardCharsets.UTF_8), value);
                    r.headers().add(SEQ, ByteBuffer.allocate(8).putLong(0, c.seq).array());
                    r.headers().add(INDEX, ByteBuffer.allocate(4).putInt(0, index + i).array());
                    sent.add(producer.send(r));
                }
                events += c.keys.length;
            }
            producer.flush();
            for (Future<RecordMetadata> f : sent) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new IllegalStateException("Kafka refused a record: " + e.getCause(), e.getCause());
                }
            }
            delete(chunks);
            metrics.published.addAndGet(events);
            // a small round (a few small transactions) waits a little for more, so that each round's read, flush and delete serve
            // many transactions: measured, a round per transaction cost committing clients two thirds of their rate on 2 cores
            if (events < 1000 && settings.relayLingerMs() > 0) Thread.sleep(settings.relayLingerMs());
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
        db.executeTransactionally("UNWIND $ids AS id MATCH (o:GraphperfCdcOutbox) WHERE elementId(o) = id DELETE o "
                + "WITH count(*) AS deleted MERGE (s:GraphperfCdcState {name: 'source'}) SET s.lastSeq = CASE WHEN coalesce(s.lastSeq, 0) > $last "
                + "THEN s.lastSeq ELSE $last END", Map.of("ids", ids, "last", last));
    }
}
