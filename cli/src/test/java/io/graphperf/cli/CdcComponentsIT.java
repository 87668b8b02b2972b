package io.graphperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.engines.kafka.KafkaBroker;
import io.graphperf.engines.neo4j.HostSettings;
import io.graphperf.engines.neo4j.Neo4jEngine;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The change stream's parts against a real broker and a real Neo4j: what the source publishes for creations, updates and deletions of
 * nodes and relationships; the sink's default mirror applying them; and poison events going to the dead-letter topic one by one while
 * the rest of their batch applies.
 */
class CdcComponentsIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void sourceEventsMirrorAndDeadLetters(@TempDir Path tmp) throws Exception {
        Path home = Path.of(System.getProperty("graphperf.home"));
        try (KafkaBroker broker = KafkaBroker.start(tmp.resolve("kafka"), home, "512m", Map.of())) {
            String servers = broker.bootstrapServers();
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", servers))) {
                admin.createTopics(List.of(new NewTopic("src", 1, (short) 1), new NewTopic("mirror", 1, (short) 1), new NewTopic("poison", 1, (short) 1),
                        new NewTopic("dlq", 1, (short) 1))).all().get();
            }
            Map<String, String> settings = new LinkedHashMap<>();
            settings.put("graphperf.cdc.source.enabled", "true");
            settings.put("graphperf.cdc.source.bootstrap_servers", servers);
            settings.put("graphperf.cdc.source.topic", "src");
            settings.put("graphperf.cdc.sink.enabled", "true");
            settings.put("graphperf.cdc.sink.bootstrap_servers", servers);
            settings.put("graphperf.cdc.sink.topics", "mirror,poison");
            settings.put("graphperf.cdc.sink.template.poison", "CREATE (n:Poison {k: event.payload.id, v: 10 / event.payload.after.properties.d})");
            settings.put("graphperf.cdc.sink.dead_letter_topic", "dlq");
            try (Neo4jEngine db = Neo4jEngine.embedded(HostSettings.defaults(tmp.resolve("engine")).with(settings), home)) {
                db.execute("CREATE (a:Person {name: 'Ann', x: 1, home: point({longitude: 12.5, latitude: 56.0}), born: date('1990-01-02')})"
                        + "-[:KNOWS {since: 2020}]->(b:Person {name: 'Bob'})");
                db.execute("MATCH (a:Person {name: 'Ann'}) SET a.name = 'Ann B', a:Admin REMOVE a.x");
                db.execute("MATCH ()-[r:KNOWS]->() SET r.since = 2021");
                db.execute("MATCH (b:Person {name: 'Bob'}) DETACH DELETE b");

                List<ConsumerRecord<byte[], byte[]>> published = read(servers, "src", 7);
                // a marker committed after them: the relay publishes in sequence order, so an event of its own bookkeeping (the rounds
                // that published the seven) would come before the marker — the eighth record must be the marker
                db.execute("CREATE (:Marker)");
                List<ConsumerRecord<byte[], byte[]>> withMarker = read(servers, "src", 8);
                assertTrue(JSON.readTree(withMarker.get(7).value()).at("/payload/after/labels").toString().contains("Marker"),
                        "nothing published between the seven changes and the marker (the relay's own bookkeeping is no event)");
                assertEquals(8, committed(servers, "src"), "a read_committed consumer reads the eight and nothing else");
                assertTrue(endOffset(servers, "src") > 8, "each relay round is a Kafka transaction: its commit marker takes an offset too");
                assertEquals(8L, metric(db, "source.captured"));
                // the relay counts a record as published once its round is deleted from the outbox, after Kafka has it: wait for that
                awaitMetric(db, "source.unpublished", 0L);
                List<JsonNode> events = new ArrayList<>();
                for (ConsumerRecord<byte[], byte[]> r : published) events.add(JSON.readTree(r.value()));
                List<String> kinds = events.stream().map(e -> e.at("/payload/type").asText() + ":" + e.at("/meta/operation").asText()).toList();
                // numbered as Neo4j Streams numbers a transaction's events: nodes created, deleted, updated, then relationships
                assertEquals(List.of("node:created", "node:created", "relationship:created", "node:updated", "relationship:updated",
                        "node:deleted", "relationship:deleted"), kinds);
                JsonNode update = events.get(3);
                assertEquals("Ann", update.at("/payload/before/properties/name").asText());
                assertEquals(1, update.at("/payload/before/properties/x").asInt());
                assertEquals("Ann B", update.at("/payload/after/properties/name").asText());
                assertTrue(update.at("/payload/after/properties/x").isMissingNode());
                assertEquals("[\"Person\"]", update.at("/payload/before/labels").toString());
                assertTrue(update.at("/payload/after/labels").toString().contains("Admin"));
                JsonNode rel = events.get(2);
                assertEquals("KNOWS", rel.at("/payload/label").asText());
                assertEquals(events.get(0).at("/payload/id").asText(), rel.at("/payload/start/id").asText());
                assertEquals(2020, events.get(4).at("/payload/before/properties/since").asInt());
                assertEquals(2021, events.get(4).at("/payload/after/properties/since").asInt());
                assertEquals("Bob", events.get(5).at("/payload/before/properties/name").asText());
                assertNull(events.get(5).at("/payload/after").textValue());
                assertEquals("String", events.get(5).at("/schema/properties/name").asText(), "a deletion's schema from its before state");
                // points as Streams writes them, temporal values as ISO text, each property's type in schema.properties
                JsonNode ann = events.get(0);
                assertEquals("wgs-84", ann.at("/payload/after/properties/home/crs").asText());
                assertEquals(12.5, ann.at("/payload/after/properties/home/longitude").asDouble());
                assertEquals(56.0, ann.at("/payload/after/properties/home/latitude").asDouble());
                assertTrue(ann.at("/payload/after/properties/home/height").isNull(), "a 2D point's third coordinate is null, as Streams writes it");
                assertEquals("1990-01-02", ann.at("/payload/after/properties/born").asText());
                assertEquals("PointValue", ann.at("/schema/properties/home").asText());
                assertEquals("LocalDate", ann.at("/schema/properties/born").asText());
                assertEquals("Long", ann.at("/schema/properties/x").asText());
                assertEquals("String", ann.at("/schema/properties/name").asText());
                assertEquals(3, events.get(0).at("/meta/txEventsCount").asInt(), "the first transaction's events: two nodes and a relationship");
                assertEquals(2, events.get(2).at("/meta/txEventId").asInt());
                assertTrue(events.get(0).at("/meta/txId").asLong() < events.get(3).at("/meta/txId").asLong(), "sequences follow commit order");
                assertEquals("node:" + events.get(0).at("/payload/id").asText(), new String(published.get(0).key(), StandardCharsets.UTF_8));
                // every record names its source (by default the database and the host), so that a sink can tell two sources apart
                String sourceId = new String(published.get(0).headers().lastHeader("graphperf.source").value(), StandardCharsets.UTF_8);
                assertTrue(sourceId.startsWith("neo4j@"), sourceId);
                for (ConsumerRecord<byte[], byte[]> r : published) {
                    assertEquals(sourceId, new String(r.headers().lastHeader("graphperf.source").value(), StandardCharsets.UTF_8));
                }

                // the sink's default mirror applies the same records (with their sequence headers), in order per entity
                try (KafkaProducer<byte[], byte[]> p = producer(servers)) {
                    for (ConsumerRecord<byte[], byte[]> r : published) p.send(new ProducerRecord<>("mirror", null, r.key(), r.value(), r.headers())).get();
                    // the same records again, as a restarted relay would publish them: skipped
                    for (ConsumerRecord<byte[], byte[]> r : published) p.send(new ProducerRecord<>("mirror", null, r.key(), r.value(), r.headers())).get();
                }
                awaitApplied(db, 7);
                List<Object> mirrored = db.queryColumn("MATCH (n:SourceEvent) RETURN [n.name, labels(n), COUNT { (n)--() }, n.home.latitude, n.born] "
                        + "ORDER BY n.name", Map.of());
                assertEquals(1, mirrored.size(), "Bob was deleted: " + mirrored);
                List<?> annMirror = (List<?>) mirrored.get(0);
                assertEquals("Ann B", annMirror.get(0));
                assertTrue(((List<?>) annMirror.get(1)).containsAll(List.of("Person", "Admin", "SourceEvent")), annMirror.toString());
                assertEquals(0L, annMirror.get(2), "the relationship went with Bob");
                assertEquals(56.0, annMirror.get(3), "the point is a point again in the sink");
                assertEquals("1990-01-02", annMirror.get(4));
                // applied reaches 7 with the first copies; the second copies come after them: wait until they are consumed
                awaitMetric(db, "sink.skippedAlreadyApplied", 7L);
                assertEquals(0L, metric(db, "sink.outOfOrder"));

                // a record below the last position applied that the sink never handled (its index is beyond what it handled of that
                // sequence) arrived out of order: applied and counted, never taken for a republication
                ConsumerRecord<byte[], byte[]> first = published.get(0);
                ProducerRecord<byte[], byte[]> lateRecord = positioned("late-1", "Late", first, 50, null);
                try (KafkaProducer<byte[], byte[]> p = producer(servers)) {
                    p.send(lateRecord).get();
                }
                awaitApplied(db, 8);
                assertEquals(1L, metric(db, "sink.outOfOrder"));
                assertEquals(1L, db.queryLong("MATCH (n:SourceEvent {sourceId: 'late-1'}) RETURN count(n)"), "the late record was applied");

                // poison: one event fails its template (division by zero), one is not JSON; both go to the dead-letter topic alone
                try (KafkaProducer<byte[], byte[]> p = producer(servers)) {
                    for (int i = 0; i < 10; i++) {
                        String v = i == 4 ? "not json" : "{\"meta\":{\"operation\":\"created\",\"timestamp\":0},\"payload\":{\"id\":\"p" + i
                                + "\",\"type\":\"node\",\"after\":{\"properties\":{\"d\":" + (i == 7 ? 0 : 1) + "}}}}";
                        p.send(new ProducerRecord<>("poison", ("k" + i).getBytes(StandardCharsets.UTF_8), v.getBytes(StandardCharsets.UTF_8))).get();
                    }
                }
                awaitApplied(db, 8 + 10);
                assertEquals(8L, db.queryLong("MATCH (n:Poison) RETURN count(n)"));
                assertEquals(2L, metric(db, "sink.deadLettered"));
                List<ConsumerRecord<byte[], byte[]>> dead = read(servers, "dlq", 2);
                assertEquals(List.of("k4", "k7"), dead.stream().map(r -> new String(r.key(), StandardCharsets.UTF_8)).toList());
                for (ConsumerRecord<byte[], byte[]> r : dead) {
                    assertTrue(r.headers().lastHeader("graphperf.error") != null && r.headers().lastHeader("graphperf.offset") != null);
                }
                assertTrue(new String(dead.get(1).headers().lastHeader("graphperf.error").value(), StandardCharsets.UTF_8).contains("/ by zero"),
                        new String(dead.get(1).headers().lastHeader("graphperf.error").value(), StandardCharsets.UTF_8));

                // a second source on the sink's topic: its positions would collide with the first one's, so its event is refused by name
                // (dead-lettered, counted), neither applied nor skipped as a repeat
                assertEquals(sourceId, metricText(db, "sink.source"), "the sink applies the first source it read");
                ProducerRecord<byte[], byte[]> foreign = positioned("intruder-1", "Intruder", first, 0, "neo4j@elsewhere");
                try (KafkaProducer<byte[], byte[]> p = producer(servers)) {
                    p.send(foreign).get();
                }
                awaitApplied(db, 8 + 10 + 1);
                assertEquals(1L, metric(db, "sink.refusedSource"));
                assertEquals(3L, metric(db, "sink.deadLettered"));
                assertEquals(7L, metric(db, "sink.skippedAlreadyApplied"), "not taken for a repeat of the first source's (s, 0)");
                assertEquals(0L, db.queryLong("MATCH (n:SourceEvent {sourceId: 'intruder-1'}) RETURN count(n)"), "not applied");
                String refusal = new String(read(servers, "dlq", 3).get(2).headers().lastHeader("graphperf.error").value(), StandardCharsets.UTF_8);
                assertTrue(refusal.contains("neo4j@elsewhere") && refusal.contains(sourceId), refusal);

                // a pipeline of "yours": graphperf only writes the seed's statement to the source and reads the sink
                Map<String, String> sinkOnly = Map.of("graphperf.cdc.sink.enabled", "true", "graphperf.cdc.sink.bootstrap_servers", servers,
                        "graphperf.cdc.sink.topics", "src", "graphperf.cdc.sink.template.src",
                        "FOREACH (_ IN CASE WHEN event.payload.after.properties.group IS NULL THEN [] ELSE [1] END | "
                                + "CREATE (n:Performance) SET n = event.payload.after.properties, n.received_time = timestamp())");
                try (Neo4jEngine other = Neo4jEngine.embedded(HostSettings.defaults(tmp.resolve("other")).with(sinkOnly), home)) {
                    CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "cdc", "--source", db.boltUri(), "--sink", other.boltUri(), "--bootstrap-servers",
                            servers, "--unit", "200", "--multipliers", "1", "--repeats", "2", "--warmup-max", "0s", "--out", tmp.resolve("out").toString());
                    assertEquals(0, o.code(), o.failure());
                    io.graphperf.core.results.RunResult r = io.graphperf.core.report.JsonExporter.read(WritesIT.onlyRun(tmp.resolve("out")));
                    assertEquals(2, r.cells().size());
                    for (io.graphperf.core.results.Cell c : r.cells()) {
                        assertEquals(200.0, c.values().get("nodes"));
                        assertEquals(0.0, c.values().get("lost"));
                        assertTrue(c.values().get("ms_per_node") > 0, c.values().toString());
                    }
                    String html = java.nio.file.Files.readString(WritesIT.onlyRun(tmp.resolve("out")).resolve("report.html"));
                    assertTrue(html.contains("graphperf only wrote to the source and read the sink") && html.contains("every 50 ms"), "the report says so");
                }
                CliErrorsTest.Outcome bad = CliErrorsTest.cli("run", "cdc", "--source", "bolt://127.0.0.1:1", "--sink", db.boltUri(), "--bootstrap-servers",
                        servers, "--warmup-max", "0s", "--out", tmp.resolve("out2").toString());
                assertEquals(1, bad.code(), bad.err());
                assertTrue(bad.err().contains("bolt://127.0.0.1:1") && bad.err().contains("--source"), bad.err());
            }
        }
    }

    /**
     * A node's creation for the mirror topic at the position of {@code at}'s sequence with index {@code index}, from {@code source}
     * (no source header when null).
     */
    private static ProducerRecord<byte[], byte[]> positioned(String id, String name, ConsumerRecord<byte[], byte[]> at, int index, String source) {
        String event = "{\"meta\":{\"operation\":\"created\",\"timestamp\":0,\"txId\":1,\"txEventId\":" + index + ",\"txEventsCount\":" + (index + 1)
                + "},\"payload\":{\"id\":\"" + id + "\",\"type\":\"node\",\"after\":{\"labels\":[\"Person\"],\"properties\":{\"name\":\"" + name + "\"}}}}";
        ProducerRecord<byte[], byte[]> r = new ProducerRecord<>("mirror", null, ("node:" + id).getBytes(StandardCharsets.UTF_8),
                event.getBytes(StandardCharsets.UTF_8));
        r.headers().add("graphperf.seq", at.headers().lastHeader("graphperf.seq").value());
        r.headers().add("graphperf.index", java.nio.ByteBuffer.allocate(4).putInt(0, index).array());
        if (source != null) r.headers().add("graphperf.source", source.getBytes(StandardCharsets.UTF_8));
        return r;
    }

    private static String metricText(Neo4jEngine db, String name) {
        return String.valueOf(db.queryColumn("CALL graphperf.cdc.metrics() YIELD name, value WHERE name = $n RETURN value", Map.of("n", name)).get(0));
    }

    private static long metric(Neo4jEngine db, String name) {
        return ((Number) db.queryColumn("CALL graphperf.cdc.metrics() YIELD name, value WHERE name = $n RETURN value", Map.of("n", name)).get(0)).longValue();
    }

    /** Waits (up to 60 s: a busy machine is slow, not wrong) until a metric has the value, then asserts it. */
    private static void awaitMetric(Neo4jEngine db, String name, long value) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (metric(db, name) != value && System.nanoTime() < deadline) Thread.sleep(50);
        assertEquals(value, metric(db, name), name);
    }

    private static void awaitApplied(Neo4jEngine db, long n) {
        long got = ((Number) db.queryColumn("CALL graphperf.cdc.awaitApplied($n, 60000) YIELD applied RETURN applied", Map.of("n", n)).get(0)).longValue();
        assertTrue(got >= n, "applied " + got + " of " + n);
    }

    private static long endOffset(String servers, String topic) {
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(Map.of("bootstrap.servers", servers), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            TopicPartition p = new TopicPartition(topic, 0);
            return c.endOffsets(List.of(p)).get(p);
        }
    }

    private static KafkaProducer<byte[], byte[]> producer(String servers) {
        return new KafkaProducer<>(Map.of("bootstrap.servers", servers, "acks", "all"), new ByteArraySerializer(), new ByteArraySerializer());
    }

    /** The records a read_committed consumer reads from partition 0's start to its end. */
    private static int committed(String servers, String topic) {
        int n = 0;
        try (KafkaConsumer<byte[], byte[]> c = committedReader(servers)) {
            TopicPartition p = new TopicPartition(topic, 0);
            c.assign(List.of(p));
            c.seekToBeginning(List.of(p));
            long end = c.endOffsets(List.of(p)).get(p);
            long deadline = System.currentTimeMillis() + 60_000;
            while (c.position(p) < end && System.currentTimeMillis() < deadline) n += c.poll(Duration.ofMillis(200)).count();
        }
        return n;
    }

    /** A consumer that reads as the sink does: committed transactions only. */
    private static KafkaConsumer<byte[], byte[]> committedReader(String servers) {
        return new KafkaConsumer<>(Map.of("bootstrap.servers", servers, "isolation.level", "read_committed"), new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
    }

    private static List<ConsumerRecord<byte[], byte[]>> read(String servers, String topic, int n) {
        List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> c = committedReader(servers)) {
            List<TopicPartition> parts = c.partitionsFor(topic).stream().map(p -> new TopicPartition(topic, p.partition())).toList();
            c.assign(parts);
            c.seekToBeginning(parts);
            long deadline = System.currentTimeMillis() + 60_000;
            while (out.size() < n && System.currentTimeMillis() < deadline) c.poll(Duration.ofMillis(200)).forEach(out::add);
        }
        assertEquals(n, out.size(), "records in " + topic);
        return out;
    }
}
