package io.graphperf.components.cdc;

import java.util.Locale;

/**
 * The Kafka key of a change event ({@code graphperf.cdc.source.key_strategy}).
 * <ul>
 * <li>{@code entity} (the default): {@code node:<id>} / {@code relationship:<id>} (the id the events carry: see {@code graphperf.cdc.source.ids}). One entity's events share a key and so a
 *     partition: per-entity order holds on any number of partitions.</li>
 * <li>{@code delete}: Neo4j Streams' key under its default {@code kafka.streams.log.compaction.strategy=delete}:
 *     {@code "<txId + txEventId>-<txEventId>"}, every event its own key — one entity's events spread over partitions, so per-entity
 *     order holds only on a topic of one partition.</li>
 * <li>{@code compact}: Streams' key under {@code compact} for an entity without key constraints: its numeric id as text (Streams keys a
 *     constrained node by its constraint values and labels instead; graphperf does not read constraints while capturing). Numeric ids
 *     may be reused after a delete, so a compacted topic can merge two entities' histories, as with Streams.</li>
 * </ul>
 */
public enum KeyStrategy {
    ENTITY, DELETE, COMPACT;

    public static KeyStrategy parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("must be entity, delete or compact, was '" + s + "'");
        }
    }

    /**
     * The key of an event: {@code type} node or relationship, the id its event carries and its numeric id, the transaction's sequence ({@code txId})
     * and the event's index in it ({@code txEventId}).
     */
    public String key(String type, String id, long numericId, long txId, int txEventId) {
        return switch (this) {
            case ENTITY -> ChangeEvent.key(type, id);
            case DELETE -> (txId + txEventId) + "-" + txEventId;
            case COMPACT -> Long.toString(numericId);
        };
    }
}
