package io.graphperf.components.cdc;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One captured change in the JSON shape of the Neo4j Streams plugin and Neo4j's Kafka connector, so their consumers
 * can read it:
 * <pre>
 * {"meta": {"timestamp": ms, "username": "neo4j", "txId": 17, "txEventId": 0, "txEventsCount": 3, "operation": "created",
 *           "source": {"hostname": "…"}},
 *  "payload": {"id": "4:…:12", "type": "node", "before": null, "after": {"labels": ["Person"], "properties": {…}}},
 *  "schema": {"properties": {"name": "String", "born": "Long"}, "constraints": []}}
 * </pre>
 * A relationship's payload has {@code label} (its type) and {@code start} / {@code end} ({@code id}, {@code labels}).
 * {@code txId} is graphperf's commit sequence (Neo4j assigns its own transaction id only after the commit the event is
 * written in), increasing in commit order for transactions that touch the same entity. {@code schema.properties} names each
 * property's type as Streams does (the Java class Neo4j hands a listener: {@code String}, {@code Long}, {@code long[]},
 * {@code PointValue}, {@code LocalDate}, …, of {@code after}, else {@code before}); {@code constraints} is left empty.
 * Points are objects as Streams writes them ({@link #point}); temporal values their ISO text.
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
    public static void node(JsonGenerator g, Meta meta, Operation op, String id, State before, State after, Map<String, String> types) throws IOException {
        g.writeStartObject();
        meta(g, meta, op);
        g.writeObjectFieldStart("payload");
        g.writeStringField("id", id);
        g.writeStringField("type", "node");
        state(g, "before", before);
        state(g, "after", after);
        g.writeEndObject();
        schema(g, types);
        g.writeEndObject();
    }

    /** Writes the event for a relationship change. */
    public static void relationship(JsonGenerator g, Meta meta, Operation op, String id, String type, End start, End end, State before, State after,
                                    Map<String, String> types) throws IOException {
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
        schema(g, types);
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

    private static void schema(JsonGenerator g, Map<String, String> types) throws IOException {
        g.writeObjectFieldStart("schema");
        g.writeObjectFieldStart("properties");
        for (Map.Entry<String, String> e : types.entrySet()) g.writeStringField(e.getKey(), e.getValue());
        g.writeEndObject();
        g.writeArrayFieldStart("constraints");
        g.writeEndArray();
        g.writeEndObject();
    }

    /**
     * A point as Neo4j Streams writes it, by its CRS's SRID: {@code {"crs": "cartesian", "x", "y", "z": null}}, {@code "cartesian-3d"}
     * with a value for {@code z}, {@code {"crs": "wgs-84", "longitude", "latitude", "height": null}}, {@code "wgs-84-3d"} with a value
     * for {@code height} (Streams' point classes have an optional third coordinate that its JSON writes as null in 2D).
     */
    public static Map<String, Object> point(int srid, double[] c) {
        Map<String, Object> m = new LinkedHashMap<>();
        switch (srid) {
            case 7203, 9157 -> {
                m.put("crs", srid == 7203 ? "cartesian" : "cartesian-3d");
                m.put("x", c[0]);
                m.put("y", c[1]);
                m.put("z", srid == 9157 ? c[2] : null);
            }
            case 4326, 4979 -> {
                m.put("crs", srid == 4326 ? "wgs-84" : "wgs-84-3d");
                m.put("longitude", c[0]);
                m.put("latitude", c[1]);
                m.put("height", srid == 4979 ? c[2] : null);
            }
            default -> throw new IllegalArgumentException("a point in an unknown coordinate system (SRID " + srid + ")");
        }
        return m;
    }

    /**
     * The coordinates of a point written by {@link #point} or by Neo4j Streams (x, y[, z] or longitude, latitude[, height]; a 2D point's
     * third coordinate null or absent), or null when the map is not one: a sink turns it back into a point, as a property cannot hold a map.
     */
    public static double[] pointCoordinates(Map<?, ?> m) {
        if (!(m.get("crs") instanceof String crs)) return null;
        List<String> axes = switch (crs) {
            case "cartesian" -> List.of("x", "y");
            case "cartesian-3d" -> List.of("x", "y", "z");
            case "wgs-84" -> List.of("longitude", "latitude");
            case "wgs-84-3d" -> List.of("longitude", "latitude", "height");
            default -> null;
        };
        if (axes == null) return null;
        // a 2D point as Streams writes it also has the third coordinate, null
        String third = crs.startsWith("cartesian") ? "z" : "height";
        boolean nullThird = axes.size() == 2 && m.containsKey(third) && m.get(third) == null;
        if (m.size() != axes.size() + 1 + (nullThird ? 1 : 0)) return null;
        double[] c = new double[axes.size()];
        for (int i = 0; i < c.length; i++) {
            if (!(m.get(axes.get(i)) instanceof Number n)) return null;
            c[i] = n.doubleValue();
        }
        return c;
    }

    /** A property's type as Streams names it: the simple name of the value's class, an array's as its component's + "[]". */
    public static String typeName(Object value) {
        Class<?> c = value.getClass();
        return c.isArray() ? c.getComponentType().getSimpleName() + "[]" : c.getSimpleName();
    }

    /**
     * What a sink applies of an event: its fields as maps and lists, without {@code schema} (skipped unread: a sink that applies events
     * does not need it, and at a hundred thousand events a transaction its parsing would be a sizable part of the sink's work).
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> readApplied(byte[] value) throws IOException {
        try (JsonParser p = JSON.getFactory().createParser(value)) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw new IOException("an event is a JSON object");
            Map<String, Object> event = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                if (name.equals("schema")) p.skipChildren();
                else event.put(name, JSON.readValue(p, Object.class));
            }
            return event;
        }
    }

    public static JsonNode parse(byte[] value) throws IOException {
        return JSON.readTree(value);
    }

    /** The Kafka key that keeps one entity's changes in order: its type and id. */
    public static String key(String type, String id) {
        return type + ":" + id;
    }
}
