package io.graphperf.components.cdc;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * One captured change in the JSON shape of the Neo4j Streams plugin and Neo4j's Kafka connector, so their consumers
 * can read it:
 * <pre>
 * {"meta": {"timestamp": ms, "username": "neo4j", "txId": 17, "txEventId": 0, "txEventsCount": 3, "operation": "created",
 *           "source": {"hostname": "…"}},
 *  "payload": {"id": "4:…:12", "type": "node", "before": null, "after": {"labels": ["Person"], "properties": {…}}},
 *  "schema": {"properties": {}, "constraints": []}}
 * </pre>
 * A relationship's payload has {@code label} (its type) and {@code start} / {@code end} ({@code id}, {@code labels}).
 * {@code txId} is graphperf's commit sequence (Neo4j assigns its own transaction id only after the commit the event is
 * written in), increasing in commit order for transactions that touch the same entity. {@code schema} is left empty.
 */
public final class ChangeEvent {

    public static final ObjectMapper JSON = new ObjectMapper();

    public enum Operation {
        CREATED("created"), UPDATED("updated"), DELETED("deleted");

        public final String label;

        Operation(String label) {
            this.label = label;
        }
    }

    /** A node or relationship end as the payload names it. */
    public record End(String id, List<String> labels) {
    }

    /** State before or after: labels (nodes only, else null) and properties. */
    public record State(List<String> labels, Map<String, Object> properties) {
    }

    private ChangeEvent() {
    }

    /** Writes the event for a node change (before or after null for a creation or a deletion) as one JSON value. */
    public static void node(JsonGenerator g, Meta meta, Operation op, String id, State before, State after) throws IOException {
        g.writeStartObject();
        meta(g, meta, op);
        g.writeObjectFieldStart("payload");
        g.writeStringField("id", id);
        g.writeStringField("type", "node");
        state(g, "before", before);
        state(g, "after", after);
        g.writeEndObject();
        schema(g);
        g.writeEndObject();
    }

    /** Writes the event for a relationship change. */
    public static void relationship(JsonGenerator g, Meta meta, Operation op, String id, String type, End start, End end, State before, State after)
            throws IOException {
        g.writeStartObject();
        meta(g, meta, op);
        g.writeObjectFieldStart("payload");
        g.writeStringField("id", id);
        g.writeStringField("type", "relationship");
        g.writeStringField("label", type);
        end(g, "start", start);
        end(g, "end", end);
        state(g, "before", before);
        state(g, "after", after);
        g.writeEndObject();
        schema(g);
        g.writeEndObject();
    }

    /** What every event of one transaction shares, and its position in it. */
    public record Meta(long timestamp, String username, long txId, int txEventId, int txEventsCount, String hostname) {
        public Meta at(int index) {
            return new Meta(timestamp, username, txId, index, txEventsCount, hostname);
        }
    }

    private static void meta(JsonGenerator g, Meta m, Operation op) throws IOException {
        g.writeObjectFieldStart("meta");
        g.writeNumberField("timestamp", m.timestamp());
        g.writeStringField("username", m.username());
        g.writeNumberField("txId", m.txId());
        g.writeNumberField("txEventId", m.txEventId());
        g.writeNumberField("txEventsCount", m.txEventsCount());
        g.writeStringField("operation", op.label);
        g.writeObjectFieldStart("source");
        g.writeStringField("hostname", m.hostname());
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void state(JsonGenerator g, String field, State s) throws IOException {
        if (s == null) {
            g.writeNullField(field);
            return;
        }
        g.writeObjectFieldStart(field);
        if (s.labels() != null) {
            g.writeArrayFieldStart("labels");
            for (String l : s.labels()) g.writeString(l);
            g.writeEndArray();
        }
        g.writeObjectFieldStart("properties");
        for (Map.Entry<String, Object> e : s.properties().entrySet()) {
            g.writeFieldName(e.getKey());
            value(g, e.getValue());
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void value(JsonGenerator g, Object v) throws IOException {
        if (v == null) g.writeNull();
        else if (v instanceof String x) g.writeString(x);
        else if (v instanceof Long x) g.writeNumber(x);
        else if (v instanceof Integer x) g.writeNumber(x);
        else if (v instanceof Double x) g.writeNumber(x);
        else if (v instanceof Boolean x) g.writeBoolean(x);
        else g.writeObject(v);
    }

    private static void end(JsonGenerator g, String field, End end) throws IOException {
        g.writeObjectFieldStart(field);
        g.writeStringField("id", end.id());
        g.writeArrayFieldStart("labels");
        for (String l : end.labels()) g.writeString(l);
        g.writeEndArray();
        g.writeObjectFieldStart("ids");
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void schema(JsonGenerator g) throws IOException {
        g.writeObjectFieldStart("schema");
        g.writeObjectFieldStart("properties");
        g.writeEndObject();
        g.writeArrayFieldStart("constraints");
        g.writeEndArray();
        g.writeEndObject();
    }

    public static JsonNode parse(byte[] value) throws IOException {
        return JSON.readTree(value);
    }

    /** The Kafka key that keeps one entity's changes in order: its type and id. */
    public static String key(String type, String id) {
        return type + ":" + id;
    }
}
