package io.graphperf.components.cdc.neo4j;

import io.graphperf.components.cdc.KeyStrategy;
import io.graphperf.engines.kafka.KafkaBroker;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A batch of the producer that expires while later records of the same relay round reach the topic — a gap a read_committed consumer would see — played
 * on a real broker: the relay's Kafka publisher sends a round, except that one record's send fails as an expired batch does
 * ("Expiring 1 record(s)"), while the records after it are written. Without Kafka transactions a consumer then reads that round with a
 * hole in it, and the record only arrives later, out of order, with the relay's republication; with one Kafka transaction per round
 * (the default) the failed round is aborted by the restarted relay's producer and a {@code read_committed} consumer reads every
 * sequence's events in order, each index only after the one before it.
 */
class RelayTransactionsIT {

    @Test
    void withoutTransactionsAnExpiredBatchOpensAGap(@TempDir Path dir) throws Exception {
        List<String> gaps = publishWithOneExpiredBatch(dir, false);
        assertFalse(gaps.isEmpty(), "without transactions the consumer must see the hole (else this test could not catch one)");
    }

    @Test
    void withTransactionsAnExpiredBatchLeavesNoGap(@TempDir Path dir) throws Exception {
        List<String> gaps = publishWithOneExpiredBatch(dir, true);
        assertEquals(List.of(), gaps, "a read_committed consumer sees each sequence's events in order");
    }

    /** Publishes three transactions of 20 creations each with one send failing as expired; returns each out-of-order arrival seen. */
    private static List<String> publishWithOneExpiredBatch(Path dir, boolean transactions) throws Exception {
        Path home = Path.of(System.getProperty("graphperf.home"));
        try (KafkaBroker broker = KafkaBroker.start(dir.resolve("kafka"), home, "384m", Map.of())) {
            String servers = broker.bootstrapServers();
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", servers))) {
                admin.createTopics(List.of(new NewTopic("src", 1, (short) 1))).all().get();
            }
            CdcSettings settings = new CdcSettings(new CdcSettings.Source(true, servers, "src", "neo4j", Map.of(), 0, "relay-transactions-" + transactions,
                    transactions, KeyStrategy.ENTITY, false), new CdcSettings.Sink(false, "", List.of(), "neo4j", Map.of(), Map.of(), "dlq", 5000, ""), "test");
            AtomicBoolean expired = new AtomicBoolean();
            List<List<String>> gaps = new ArrayList<>();
            EmbeddedNeo4j.withRelay(dir.resolve("neo4j"), "transactions-" + transactions, servers,
                    () -> new ExpiringOnce(new KafkaPublisher(settings), expired), (db, metrics) -> {
                for (int t = 0; t < 3; t++) db.executeTransactionally("UNWIND range(1, 20) AS i CREATE (:Probe {t: $t, i: i})", Map.of("t", t));
                // the relay restarts after the expired send (a second later) and publishes the round again
                EmbeddedNeo4j.await(() -> metrics.published.get() >= 60, "published: " + metrics.snapshot(false));
                assertTrue(expired.get(), "one send failed as expired");
                assertTrue(metrics.publishFailures.get() >= 1, "the failed round was seen by the relay");
                gaps.add(gaps(servers, 60));
            });
            return gaps.get(0);
        }
    }

    /** Reads the topic at read_committed until every position was seen; each record that arrived before an earlier index of its sequence. */
    private static List<String> gaps(String servers, int positions) {
        Map<String, Object> props = new HashMap<>(Map.of("bootstrap.servers", servers, "isolation.level", "read_committed", "enable.auto.commit", "false"));
        List<String> gaps = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            TopicPartition p = new TopicPartition("src", 0);
            c.assign(List.of(p));
            c.seekToBeginning(List.of(p));
            Map<Long, Integer> nextIndex = new HashMap<>();
            Set<String> seen = new HashSet<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (seen.size() < positions && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(200))) {
                    long seq = ByteBuffer.wrap(r.headers().lastHeader(OutboxRelay.SEQ).value()).getLong();
                    int idx = ByteBuffer.wrap(r.headers().lastHeader(OutboxRelay.INDEX).value()).getInt();
                    assertEquals("relay-transactions-", new String(r.headers().lastHeader(OutboxRelay.SOURCE).value(), StandardCharsets.UTF_8)
                            .substring(0, "relay-transactions-".length()), "every record names its source");
                    int expected = nextIndex.getOrDefault(seq, 0);
                    if (idx > expected) gaps.add("(" + seq + ", " + idx + ") at offset " + r.offset() + " before (" + seq + ", " + expected + ")");
                    if (idx == expected) nextIndex.put(seq, expected + 1);
                    seen.add(seq + "/" + idx);
                }
            }
            assertEquals(positions, seen.size(), "every position reached the topic");
        }
        return gaps;
    }

    /** The Kafka publisher, except that its fifth send of the first round fails as an expired batch does, and is not sent. */
    private static final class ExpiringOnce implements OutboxRelay.Publisher {
        private final KafkaPublisher kafka;
        private final AtomicBoolean expired;
        private int sends;

        ExpiringOnce(KafkaPublisher kafka, AtomicBoolean expired) {
            this.kafka = kafka;
            this.expired = expired;
        }

        @Override
        public void begin() {
            kafka.begin();
        }

        @Override
        public Future<?> send(String key, byte[] value, long seq, int index) {
            if (++sends == 5 && expired.compareAndSet(false, true)) {
                return CompletableFuture.failedFuture(new org.apache.kafka.common.errors.TimeoutException(
                        "Expiring 1 record(s) for src-0: 120000 ms has passed since batch creation"));
            }
            return kafka.send(key, value, seq, index);
        }

        @Override
        public void commit() {
            kafka.commit();
        }

        @Override
        public void flush() {
            kafka.flush();
        }

        @Override
        public void close() {
            kafka.close();
        }
    }
}
