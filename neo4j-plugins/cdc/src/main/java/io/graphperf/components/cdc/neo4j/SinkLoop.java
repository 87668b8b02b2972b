package io.graphperf.components.cdc.neo4j;

import io.graphperf.components.cdc.ChangeEvent;
import io.graphperf.components.cdc.HandledPositions;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.QueryExecutionException;
import org.neo4j.graphdb.Transaction;
import org.neo4j.logging.InternalLog;
import org.neo4j.values.storable.CoordinateReferenceSystem;
import org.neo4j.values.storable.PointValue;
import org.neo4j.values.storable.Values;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sink: reads its topics' partitions (assigned, not a consumer group's) and applies each poll as one transaction of
 * {@code UNWIND} statements, with each partition's next offset and highest handled source position stored in that same
 * transaction ({@code :GraphperfCdcOffset}). A restart resumes from the stored offsets: nothing applied twice, nothing
 * skipped. Each partition remembers what it handled by source position (headers {@value OutboxRelay#SEQ}, {@value OutboxRelay#INDEX};
 * {@link HandledPositions}), rebuilt at every start from the {@value #WINDOW} records before the stored offset: a record handled
 * before (published again after a source crash) is skipped; a record below the last position that was never handled arrived out
 * of order — it is applied, counted ({@code sink.outOfOrder}) and logged, never dropped. When a batch fails, its events are
 * applied one by one; one that fails alone goes to the dead-letter topic with its error, and the rest apply.
 * <p>
 * Positions are one source's: two sources publishing to one topic would reuse each other's (sequence, index) pairs, and one's events
 * would be skipped as the other's repeats. So the sink applies one source (header {@value OutboxRelay#SOURCE}): the one it is told
 * ({@code graphperf.cdc.sink.source}), or else the first it reads, stored with its offsets. An event of another source is refused:
 * dead-lettered with an error naming both sources, counted ({@code sink.refusedSource}) and logged, never applied nor skipped silently.
 */
final class SinkLoop implements Runnable {

    private static final String OFFSETS = "UNWIND $offsets AS o MERGE (x:GraphperfCdcOffset {topic: o.topic, partition: o.partition}) "
            + "SET x.offset = o.offset, x.seq = o.seq, x.idx = o.idx, x.source = o.source";

    private final GraphDatabaseService db;
    private final CdcSettings settings;
    private final CdcMetrics metrics;
    private final InternalLog log;
    /** Records per partition whose positions the sink remembers: several relay rounds (about 21,000 events at most each). */
    static final int WINDOW = 50_000;

    private volatile boolean running = true;
    private final Map<TopicPartition, long[]> last = new HashMap<>(); // partition -> {next offset, seq, idx}
    private final Map<TopicPartition, HandledPositions> handled = new HashMap<>();
    /** The source applied: configured, stored with the offsets, or the first read; null until known. */
    private String source;

    SinkLoop(GraphDatabaseService db, CdcSettings settings, CdcMetrics metrics, InternalLog log) {
        this.db = db;
        this.settings = settings;
        this.metrics = metrics;
        this.log = log;
    }

    void stop() {
        running = false;
    }

    /** One consumed record, decoded; {@code high} is its partition's highest handled position once it is handled. */
    private record Entry(TopicPartition partition, long offset, long[] high, Map<String, Object> event, String statement, long sourceMs,
                         ConsumerRecord<byte[], byte[]> record) {
    }

    @Override
    public void run() {
        try {
            if (settings.sinkTopics().stream().anyMatch(t -> !settings.templates().containsKey(t))) {
                db.executeTransactionally(SinkStatements.MIRROR_CONSTRAINT);
            }
            db.executeTransactionally("CREATE RANGE INDEX graphperf_cdc_offset IF NOT EXISTS FOR (o:GraphperfCdcOffset) ON (o.topic, o.partition)");
        } catch (RuntimeException e) {
            metrics.sinkState = "failed to start: " + e.getMessage();
            log.error("graphperf change sink failed to start", e);
            return;
        }
        while (running) {
            try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(settings.consumerProperties(), new ByteArrayDeserializer(), new ByteArrayDeserializer());
                 KafkaProducer<byte[], byte[]> deadLetters = new KafkaProducer<>(settings.deadLetterProperties(), new ByteArraySerializer(), new ByteArraySerializer())) {
                if (!assign(consumer)) continue;
                consume(consumer, deadLetters);
            } catch (org.apache.kafka.common.errors.InterruptException e) {
                return;
            } catch (RuntimeException e) {
                if (!running) return;
                metrics.sinkState = "retrying after: " + e;
                log.warn("graphperf change sink: %s; starting again from the stored offsets in 1 s", e.toString());
                sleep(1000);
            }
        }
    }

    private boolean assign(KafkaConsumer<byte[], byte[]> consumer) {
        List<TopicPartition> partitions = new ArrayList<>();
        for (String topic : settings.sinkTopics()) {
            List<PartitionInfo> info = consumer.partitionsFor(topic, Duration.ofSeconds(30));
            if (info == null || info.isEmpty()) {
                metrics.sinkState = "waiting for topic " + topic + " at " + settings.sinkServers();
                sleep(1000);
                return false;
            }
            info.forEach(p -> partitions.add(new TopicPartition(p.topic(), p.partition())));
        }
        consumer.assign(partitions);
        last.clear();
        source = settings.sinkSource().isEmpty() ? null : settings.sinkSource();
        db.executeTransactionally("MATCH (o:GraphperfCdcOffset) RETURN o.topic AS t, o.partition AS p, o.offset AS o, o.seq AS s, o.idx AS i, "
                + "o.source AS source", Map.of(), r -> {
            r.forEachRemaining(row -> {
                last.put(new TopicPartition((String) row.get("t"), ((Number) row.get("p")).intValue()),
                        new long[]{((Number) row.get("o")).longValue(), ((Number) row.get("s")).longValue(), ((Number) row.get("i")).longValue()});
                if (source == null && row.get("source") instanceof String stored) source = stored;
            });
            return null;
        });
        metrics.sinkSource = source;
        rebuild(consumer, partitions);
        for (TopicPartition p : partitions) {
            long[] at = last.get(p);
            if (at == null) consumer.seekToBeginning(List.of(p));
            else consumer.seek(p, at[0]);
        }
        metrics.sinkState = "applying " + String.join(",", settings.sinkTopics()) + " from " + settings.sinkServers();
        log.info("graphperf change sink: %d partitions of %s, resuming at %s", partitions.size(), settings.sinkTopics(), describe());
        return true;
    }

    /**
     * What each partition handled before its stored offset, read back from the partition itself: the {@value #WINDOW} records before it
     * (fewer when the topic's retention removed them). Nothing is applied; the stored position is the floor of what counts as next.
     */
    private void rebuild(KafkaConsumer<byte[], byte[]> consumer, List<TopicPartition> partitions) {
        handled.clear();
        Map<TopicPartition, Long> until = new HashMap<>();
        Map<TopicPartition, Long> begin = consumer.beginningOffsets(partitions);
        for (TopicPartition p : partitions) {
            HandledPositions h = new HandledPositions(WINDOW);
            handled.put(p, h);
            long[] at = last.get(p);
            if (at == null) continue;
            long from = Math.max(begin.getOrDefault(p, 0L), at[0] - WINDOW);
            if (from < at[0]) {
                consumer.seek(p, from);
                until.put(p, at[0]);
            }
        }
        long deadline = System.currentTimeMillis() + 120_000;
        long read = 0;
        while (!until.isEmpty() && running) {
            if (System.currentTimeMillis() > deadline) {
                log.warn("graphperf change sink: could not read back what %s handled within 120 s; records below the stored positions count as out of order", until.keySet());
                break;
            }
            for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                TopicPartition p = new TopicPartition(r.topic(), r.partition());
                Long u = until.get(p);
                if (u == null || r.offset() >= u) continue;
                // another source's records were refused, not handled: they hold no place among this source's positions
                if (foreign(r) == null) handled.get(p).see(header(r, OutboxRelay.SEQ, -1), (int) header(r, OutboxRelay.INDEX, -1));
                read++;
            }
            until.keySet().removeIf(p -> consumer.position(p) >= until.get(p));
        }
        last.forEach((p, at) -> {
            HandledPositions h = handled.get(p);
            if (h != null) h.after(at[1], (int) at[2]);
        });
        if (read > 0) log.info("graphperf change sink: read back %d handled records to tell republications from new events", read);
    }

    private String describe() {
        StringBuilder b = new StringBuilder();
        last.forEach((p, at) -> b.append(p).append('@').append(at[0]).append(' '));
        return b.length() == 0 ? "the beginning" : b.toString().trim();
    }

    private void consume(KafkaConsumer<byte[], byte[]> consumer, KafkaProducer<byte[], byte[]> deadLetters) {
        long nextLagCheck = 0;
        while (running) {
            ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(100));
            if (System.currentTimeMillis() >= nextLagCheck) {
                long lag = 0;
                for (var e : consumer.endOffsets(consumer.assignment()).entrySet()) lag += Math.max(0, e.getValue() - consumer.position(e.getKey()));
                metrics.consumerLag = lag;
                nextLagCheck = System.currentTimeMillis() + 500;
            }
            if (records.isEmpty()) continue;
            metrics.consumed.addAndGet(records.count());
            List<Entry> entries = new ArrayList<>(records.count());
            Map<TopicPartition, long[]> upTo = new LinkedHashMap<>();
            for (ConsumerRecord<byte[], byte[]> r : records) {
                TopicPartition p = new TopicPartition(r.topic(), r.partition());
                long seq = header(r, OutboxRelay.SEQ, -1);
                int idx = (int) header(r, OutboxRelay.INDEX, -1);
                HandledPositions h = handled.computeIfAbsent(p, x -> new HandledPositions(WINDOW));
                String foreign = foreign(r);
                if (foreign != null) {
                    long[] high = h.last();
                    upTo.put(p, new long[]{r.offset() + 1, high[0], high[1]});
                    long n = metrics.refusedSource.incrementAndGet();
                    String why = "from source '" + foreign + "', but this sink applies source '" + source + "'"
                            + (settings.sinkSource().isEmpty() ? " (the first it read; graphperf.cdc.sink.source names the one to apply)" : " (graphperf.cdc.sink.source)")
                            + ": two sources on one topic would take each other's events for repeats";
                    if (n == 1 || n % 1000 == 0) log.warn("graphperf change sink: %s offset %d refused, %s (%d so far)", p, r.offset(), why, n);
                    entries.add(new Entry(p, r.offset(), high, Map.of("error", why), null, 0, r));
                    continue;
                }
                HandledPositions.Kind kind = h.see(seq, idx);
                long[] high = h.last();
                upTo.put(p, new long[]{r.offset() + 1, high[0], high[1]});
                if (kind == HandledPositions.Kind.REPUBLISHED) {
                    metrics.skipped.incrementAndGet();
                    continue;
                }
                if (kind == HandledPositions.Kind.OUT_OF_ORDER) {
                    long n = metrics.outOfOrder.incrementAndGet();
                    if (n == 1 || n % 1000 == 0) {
                        log.warn("graphperf change sink: %s offset %d (sequence %d, index %d) arrived after position %s and was never handled: applied out of order"
                                + " (%d so far)", p, r.offset(), seq, idx, Arrays.toString(high), n);
                    }
                }
                entries.add(decode(p, r, high));
            }
            apply(entries, upTo, deadLetters);
        }
    }

    /**
     * The record's source when it is not the one this sink applies, else null. Records without a source header (another producer's,
     * or an older relay's) are applied; the first source read becomes the one applied when none is configured.
     */
    private String foreign(ConsumerRecord<byte[], byte[]> r) {
        Header h = r.headers().lastHeader(OutboxRelay.SOURCE);
        if (h == null) return null;
        String from = new String(h.value(), StandardCharsets.UTF_8);
        if (source == null) {
            source = from;
            metrics.sinkSource = from;
            log.info("graphperf change sink: applying events of source '%s' (the first read; graphperf.cdc.sink.source names the one to apply)", from);
        }
        return from.equals(source) ? null : from;
    }

    private static long header(ConsumerRecord<byte[], byte[]> r, String name, long dflt) {
        Header h = r.headers().lastHeader(name);
        if (h == null) return dflt;
        ByteBuffer b = ByteBuffer.wrap(h.value());
        return h.value().length == 8 ? b.getLong() : b.getInt();
    }

    @SuppressWarnings("unchecked")
    private Entry decode(TopicPartition p, ConsumerRecord<byte[], byte[]> r, long[] high) {
        try {
            Map<String, Object> event = ChangeEvent.readApplied(r.value());
            Map<String, Object> meta = (Map<String, Object>) event.get("meta"), payload = (Map<String, Object>) event.get("payload");
            if (meta == null || payload == null) throw new IllegalArgumentException("no meta or payload");
            for (String state : new String[]{"before", "after"}) {
                if (payload.get(state) instanceof Map<?, ?> st && st.get("properties") instanceof Map<?, ?> props) points((Map<String, Object>) props);
            }
            String template = settings.templates().get(r.topic());
            String statement = template != null ? SinkStatements.template(template) : SinkStatements.mirror(payload.get("type") + ":" + meta.get("operation"));
            return new Entry(p, r.offset(), high, event, statement, meta.get("timestamp") instanceof Number t ? t.longValue() : 0, r);
        } catch (Exception e) {
            return new Entry(p, r.offset(), high, Map.of("error", "not a change event: " + e.getMessage()), null, 0, r);
        }
    }

    /** Streams' point objects (and lists of them) in a state's properties become points again: a property cannot hold a map. */
    private static void points(Map<String, Object> properties) {
        properties.replaceAll((k, v) -> {
            if (v instanceof Map<?, ?> m) {
                Object p = point(m);
                return p != null ? p : v;
            }
            if (v instanceof List<?> l && !l.isEmpty() && l.stream().allMatch(x -> x instanceof Map<?, ?> m && point(m) != null)) {
                return l.stream().map(x -> point((Map<?, ?>) x)).toArray(PointValue[]::new);
            }
            return v;
        });
    }

    private static PointValue point(Map<?, ?> m) {
        double[] c = ChangeEvent.pointCoordinates(m);
        return c == null ? null : Values.pointValue(CoordinateReferenceSystem.byName((String) m.get("crs")), c);
    }

    /** Applies the entries in one transaction with the offsets; when that fails, one by one, dead-lettering those that fail alone. */
    private void apply(List<Entry> entries, Map<TopicPartition, long[]> upTo, KafkaProducer<byte[], byte[]> deadLetters) {
        try {
            if (entries.stream().anyMatch(e -> e.statement == null)) throw new IllegalArgumentException("the batch holds a record that cannot be applied (not a change event, or another source's)");
            commit(entries, upTo);
            return;
        } catch (RuntimeException e) {
            if (!db.isAvailable(0)) throw e;
            log.warn("graphperf change sink: a batch of %d events failed (%s); applying them one by one", entries.size(), e.getMessage());
        }
        Map<TopicPartition, long[]> done = new LinkedHashMap<>();
        for (Entry e : entries) {
            metrics.retriedAlone.incrementAndGet();
            Map<TopicPartition, long[]> one = Map.of(e.partition, new long[]{e.offset + 1, e.high[0], e.high[1]});
            if (e.statement == null) {
                deadLetter(deadLetters, e, String.valueOf(e.event.get("error")), one);
                done.putAll(one);
                continue;
            }
            RuntimeException failure = null;
            for (int attempt = 0; attempt < 3; attempt++) {
                try {
                    commit(List.of(e), one);
                    failure = null;
                    break;
                } catch (QueryExecutionException q) {
                    failure = q;
                    break;
                } catch (RuntimeException other) {
                    if (!db.isAvailable(0)) throw other;
                    failure = other;
                    sleep(50);
                }
            }
            if (failure != null) deadLetter(deadLetters, e, failure.getMessage(), one);
            done.putAll(one);
        }
        // skipped repeats after the last applied entry of a partition still move its offset on
        Map<TopicPartition, long[]> rest = new LinkedHashMap<>();
        upTo.forEach((p, at) -> {
            long[] d = done.get(p);
            if (d == null || d[0] < at[0]) rest.put(p, at);
        });
        if (!rest.isEmpty()) commit(List.of(), rest);
    }

    private void commit(List<Entry> entries, Map<TopicPartition, long[]> upTo) {
        try (Transaction tx = db.beginTx()) {
            int from = 0;
            while (from < entries.size()) {
                String statement = entries.get(from).statement;
                int to = from;
                List<Map<String, Object>> events = new ArrayList<>();
                while (to < entries.size() && entries.get(to).statement.equals(statement)) events.add(entries.get(to++).event);
                tx.execute(statement, Map.of("events", events)).close();
                from = to;
            }
            List<Map<String, Object>> offsets = new ArrayList<>();
            upTo.forEach((p, at) -> {
                Map<String, Object> o = new HashMap<>(Map.of("topic", p.topic(), "partition", p.partition(), "offset", at[0], "seq", at[1], "idx", at[2]));
                o.put("source", source);
                offsets.add(o);
            });
            tx.execute(OFFSETS, Map.of("offsets", offsets)).close();
            tx.commit();
        }
        long now = System.currentTimeMillis();
        last.putAll(upTo);
        long[] sourceMs = new long[entries.size()];
        for (int i = 0; i < sourceMs.length; i++) sourceMs[i] = entries.get(i).sourceMs;
        metrics.batches.incrementAndGet();
        metrics.applied(entries.size(), sourceMs, now);
    }

    /** Sends one event to the dead-letter topic with its error and waits for Kafka's acknowledgement, then stores its offset. */
    private void deadLetter(KafkaProducer<byte[], byte[]> producer, Entry e, String error, Map<TopicPartition, long[]> offsetAfter) {
        ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(settings.deadLetterTopic(), e.record.key(), e.record.value());
        r.headers().add("graphperf.error", String.valueOf(error).getBytes(StandardCharsets.UTF_8));
        r.headers().add("graphperf.topic", e.partition.topic().getBytes(StandardCharsets.UTF_8));
        r.headers().add("graphperf.partition", ByteBuffer.allocate(4).putInt(0, e.partition.partition()).array());
        r.headers().add("graphperf.offset", ByteBuffer.allocate(8).putLong(0, e.offset).array());
        try {
            producer.send(r).get();
        } catch (Exception x) {
            throw new IllegalStateException("the dead-letter topic " + settings.deadLetterTopic() + " refused an event: " + x.getMessage(), x);
        }
        log.warn("graphperf change sink: event at %s offset %d sent to %s: %s", e.partition, e.offset, settings.deadLetterTopic(), error);
        metrics.deadLettered();
        commit(List.of(), offsetAfter);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new org.apache.kafka.common.errors.InterruptException(e);
        }
    }
}
