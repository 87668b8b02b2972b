package io.graphperf.components.cdc;

import com.fasterxml.jackson.core.JsonProcessingException;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The Kafka key of a change event ({@code graphperf.cdc.source.key_strategy}, {@code graphperf serve --key-strategy}).
 * <ul>
 * <li>{@code entity} (the default): {@code node:<id>} / {@code relationship:<id>} as plain text (the id the events carry: see
 *     {@code graphperf.cdc.source.ids}). One entity's events share a key and so a partition: per-entity order holds on any number of
 *     partitions.</li>
 * <li>{@code delete}: Neo4j Streams' key under its default {@code kafka.streams.log.compaction.strategy=delete}: the JSON string
 *     {@code "<txId + txEventId>-<txEventId>"}, every event its own key — one entity's events spread over partitions, so per-entity
 *     order holds only on a topic of one partition.</li>
 * <li>{@code compact}: Streams' key under {@code compact} for entities without key constraints: a node's numeric id as a JSON string,
 *     a relationship's {@code {"start": "<start node's numeric id>", "end": "<end node's>", "label": "<type>"}} (Streams keys a
 *     constrained node by its constraint values and labels instead; graphperf does not read constraints while capturing). Numeric ids
 *     may be reused after a delete, so a compacted topic can merge two entities' histories, as with Streams.</li>
 * </ul>
 * Streams writes its keys as JSON, so a consumer reading them with a JSON deserializer reads graphperf's {@code delete} and
 * {@code compact} keys alike.
 */
public enum KeyStrategy {
    ENTITY, DELETE, COMPACT;

    /**
     * What an event's key is made of: {@code type} node or relationship, the id its event carries and its numeric id; for a relationship
     * also its nodes' numeric ids (−1 for a node, and where the strategy does not name them) and its type ({@code label} null for a node).
     */
    public record Entity(String type, String id, long numericId, long start, long end, String label) {
        public static Entity node(String id, long numericId) {
            return new Entity("node", id, numericId, -1, -1, null);
        }

        public static Entity relationship(String id, long numericId, long start, long end, String label) {
            return new Entity("relationship", id, numericId, start, end, label);
        }
    }

    public static KeyStrategy parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("must be entity, delete or compact, was '" + s + "'");
        }
    }

    /** The key of an event about {@code e}, in the transaction of sequence {@code txId}, at index {@code txEventId}. */
    public String key(Entity e, long txId, int txEventId) {
        return switch (this) {
            case ENTITY -> ChangeEvent.key(e.type(), e.id());
            case DELETE -> json((txId + txEventId) + "-" + txEventId);
            case COMPACT -> e.label() == null ? json(Long.toString(e.numericId())) : json(relationship(e));
        };
    }

    private static Map<String, String> relationship(Entity e) {
        Map<String, String> key = new LinkedHashMap<>();
        key.put("start", Long.toString(e.start()));
        key.put("end", Long.toString(e.end()));
        key.put("label", e.label());
        return key;
    }

    private static String json(Object value) {
        try {
            return ChangeEvent.JSON.writeValueAsString(value);
        } catch (JsonProcessingException x) {
            throw new IllegalStateException(x);
        }
    }
}
