package io.graphperf.workloads.cdc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The external view of one group's events: the topic read by a consumer of graphperf's own, independent of the sink. Per partition, a
 * record at a source position (headers {@code graphperf.seq}, {@code graphperf.index}) seen before must be an exact copy (a
 * republication, counted); per key, sequences never go down; every transaction's events {@code txEventId} 0..count-1 are there, once;
 * and the distinct events equal what the source committed (its data is the oracle).
 *
 * @param records          records of the group in the window (republications included)
 * @param events           distinct events of the group
 * @param republished      exact copies of an event published before
 * @param conflicting      records at a position seen before with a different content
 * @param keysOutOfOrder   records whose sequence is below their key's previous one
 * @param incomplete       transactions missing an event, or with an index beyond their count
 * @param expected         events the source committed for the group
 */
record TopicCheck(long records, long events, long republished, long conflicting, long keysOutOfOrder, long incomplete, long expected) {

    private static final ObjectMapper JSON = new ObjectMapper();

    boolean passed() {
        return conflicting == 0 && keysOutOfOrder == 0 && incomplete == 0 && events == expected;
    }

    String describe() {
        return "topic: " + events + " distinct events of " + expected + " committed (" + republished + " republished copies), " + keysOutOfOrder
                + " out of order per key, " + incomplete + " transactions incomplete" + (conflicting > 0 ? ", " + conflicting + " positions with two contents" : "");
    }

    /** Where each partition ended before the group's first transaction: its events are after these offsets. */
    record Window(String servers, String topic, Map<TopicPartition, Long> from) {

        /** Reads the group's records from the window's start to the partitions' present end. */
        TopicCheck check(String group, long expected) throws Exception {
            try (KafkaConsumer<byte[], byte[]> c = consumer(servers)) {
                List<TopicPartition> parts = List.copyOf(from.keySet());
                c.assign(parts);
                from.forEach(c::seek);
                Map<TopicPartition, Long> end = c.endOffsets(parts);
                Map<String, byte[]> seen = new HashMap<>();       // partition/seq/idx → value
                Map<String, Long> keySeq = new HashMap<>();
                Map<Long, Set<Integer>> indexes = new HashMap<>();
                Map<Long, Integer> counts = new HashMap<>();
                long records = 0, republished = 0, conflicting = 0, keysOut = 0, events = 0;
                long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
                while (parts.stream().anyMatch(p -> c.position(p) < end.get(p))) {
                    if (System.nanoTime() > deadline) throw new IllegalStateException("could not read " + topic + " to its end within 5 minutes");
                    for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(500))) {
                        if (r.offset() >= end.get(new TopicPartition(r.topic(), r.partition()))) continue;
                        JsonNode e = JSON.readTree(r.value());
                        String op = e.at("/meta/operation").asText();
                        if (!group.equals(e.at("/payload/" + (op.equals("deleted") ? "before" : "after") + "/properties/group").asText(null))) continue;
                        records++;
                        long seq = header(r, "graphperf.seq");
                        String position = r.partition() + "/" + seq + "/" + header(r, "graphperf.index");
                        byte[] before = seen.putIfAbsent(position, r.value());
                        if (before != null) {
                            if (Arrays.equals(before, r.value())) republished++;
                            else conflicting++;
                            continue;
                        }
                        events++;
                        String key = new String(r.key(), StandardCharsets.UTF_8);
                        Long last = keySeq.put(key, seq);
                        if (last != null && seq < last) keysOut++;
                        long tx = e.at("/meta/txId").asLong();
                        indexes.computeIfAbsent(tx, k -> new HashSet<>()).add(e.at("/meta/txEventId").asInt());
                        counts.put(tx, e.at("/meta/txEventsCount").asInt());
                    }
                }
                long incomplete = 0;
                for (Map.Entry<Long, Set<Integer>> t : indexes.entrySet()) {
                    int n = counts.get(t.getKey());
                    if (t.getValue().size() != n || t.getValue().stream().anyMatch(i -> i < 0 || i >= n)) incomplete++;
                }
                return new TopicCheck(records, events, republished, conflicting, keysOut, incomplete, expected);
            }
        }
    }

    /** The window from the partitions' present end. */
    static Window from(String servers, String topic) {
        try (KafkaConsumer<byte[], byte[]> c = consumer(servers)) {
            List<TopicPartition> parts = c.partitionsFor(topic, Duration.ofSeconds(30)).stream().map(p -> new TopicPartition(topic, p.partition())).toList();
            return new Window(servers, topic, Map.copyOf(c.endOffsets(parts)));
        }
    }

    private static KafkaConsumer<byte[], byte[]> consumer(String servers) {
        return new KafkaConsumer<>(Map.of("bootstrap.servers", servers, "enable.auto.commit", "false", "isolation.level", "read_committed",
                "max.poll.records", "5000"), new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    private static long header(ConsumerRecord<byte[], byte[]> r, String name) {
        Header h = r.headers().lastHeader(name);
        if (h == null) return -1;
        ByteBuffer b = ByteBuffer.wrap(h.value());
        return h.value().length == 8 ? b.getLong() : b.getInt();
    }
}
