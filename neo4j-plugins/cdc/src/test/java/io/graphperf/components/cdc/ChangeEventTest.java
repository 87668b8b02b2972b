package io.graphperf.components.cdc;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.graphperf.components.cdc.ChangeEvent.End;
import io.graphperf.components.cdc.ChangeEvent.Meta;
import io.graphperf.components.cdc.ChangeEvent.Operation;
import io.graphperf.components.cdc.ChangeEvent.State;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The events have the shape consumers of Neo4j Streams and Neo4j's Kafka connector read. */
class ChangeEventTest {

    interface Write {
        void to(JsonGenerator g) throws Exception;
    }

    private static JsonNode json(Write w) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = ChangeEvent.JSON.getFactory().createGenerator(out)) {
            w.to(g);
        }
        return ChangeEvent.parse(out.toByteArray());
    }

    @Test
    void aNodeUpdateHasMetaAndPayloadWithBeforeAndAfter() throws Exception {
        Meta meta = new Meta(1700000000000L, "neo4j", 42, 1, 3, "host");
        JsonNode e = json(g -> ChangeEvent.node(g, meta, Operation.UPDATED, "4:x:7", new State(List.of("Person"), Map.of("name", "Ann")),
                new State(List.of("Person", "Admin"), Map.of("name", "Ann B", "age", 31L)), Map.of("name", "String", "age", "Long")));
        assertEquals(1700000000000L, e.at("/meta/timestamp").asLong());
        assertEquals("neo4j", e.at("/meta/username").asText());
        assertEquals(42, e.at("/meta/txId").asLong());
        assertEquals(1, e.at("/meta/txEventId").asInt());
        assertEquals(3, e.at("/meta/txEventsCount").asInt());
        assertEquals("updated", e.at("/meta/operation").asText());
        assertEquals("host", e.at("/meta/source/hostname").asText());
        assertEquals("4:x:7", e.at("/payload/id").asText());
        assertEquals("node", e.at("/payload/type").asText());
        assertEquals("Ann", e.at("/payload/before/properties/name").asText());
        assertEquals("Admin", e.at("/payload/after/labels/1").asText());
        assertEquals(31, e.at("/payload/after/properties/age").asInt());
        assertTrue(e.at("/schema/constraints").isArray());
        assertEquals("Long", e.at("/schema/properties/age").asText());
        assertEquals("String", e.at("/schema/properties/name").asText());
    }

    @Test
    void aSinkReadsAnEventWithoutItsSchema() throws Exception {
        Meta meta = new Meta(5, "u", 9, 0, 1, "h");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = ChangeEvent.JSON.getFactory().createGenerator(out)) {
            ChangeEvent.node(g, meta, Operation.CREATED, "4:x:1", null, new State(List.of("A"), Map.of("n", 1L, "s", "t")), Map.of("n", "Long", "s", "String"));
        }
        Map<String, Object> e = ChangeEvent.readApplied(out.toByteArray());
        assertEquals(List.of("meta", "payload"), List.copyOf(e.keySet()), "schema is skipped");
        assertEquals(9, ((Number) ((Map<?, ?>) e.get("meta")).get("txId")).intValue());
        assertEquals(Map.of("n", 1, "s", "t"), ((Map<?, ?>) ((Map<?, ?>) e.get("payload")).get("after")).get("properties"));
        org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, () -> ChangeEvent.readApplied("[1]".getBytes()));
    }

    @Test
    void pointsAreObjectsAndTypesAreNamedAsStreamsNamesThem() throws Exception {
        Map<String, Object> cartesian = new HashMap<>(Map.of("crs", "cartesian", "x", 1.0, "y", 2.0));
        cartesian.put("z", null);
        assertEquals(cartesian, ChangeEvent.point(7203, new double[]{1, 2}), "a 2D point's z is null, as Streams writes it");
        assertEquals(Map.of("crs", "cartesian-3d", "x", 1.0, "y", 2.0, "z", 3.0), ChangeEvent.point(9157, new double[]{1, 2, 3}));
        Map<String, Object> wgs = new HashMap<>(Map.of("crs", "wgs-84", "longitude", 12.5, "latitude", 56.0));
        wgs.put("height", null);
        assertEquals(wgs, ChangeEvent.point(4326, new double[]{12.5, 56}));
        // read back in both shapes: Streams' (third coordinate null) and without it
        assertArrayEquals(new double[]{1, 2}, ChangeEvent.pointCoordinates(cartesian));
        assertArrayEquals(new double[]{1, 2}, ChangeEvent.pointCoordinates(Map.of("crs", "cartesian", "x", 1.0, "y", 2.0)));
        assertArrayEquals(new double[]{12.5, 56}, ChangeEvent.pointCoordinates(wgs));
        assertNull(ChangeEvent.pointCoordinates(Map.of("crs", "cartesian", "x", 1.0, "y", 2.0, "z", 3.0)),
                "a 2D point with a value for z is no point");
        assertEquals(Map.of("crs", "wgs-84-3d", "longitude", 12.5, "latitude", 56.0, "height", 100.0), ChangeEvent.point(4979, new double[]{12.5, 56, 100}));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> ChangeEvent.point(1, new double[]{0, 0}));
        assertEquals("String", ChangeEvent.typeName("x"));
        assertEquals("Long", ChangeEvent.typeName(1L));
        assertEquals("long[]", ChangeEvent.typeName(new long[]{1}));
        assertEquals("String[]", ChangeEvent.typeName(new String[]{"a"}));
        assertEquals("LocalDate", ChangeEvent.typeName(java.time.LocalDate.of(2020, 1, 1)));
        Meta meta = new Meta(1, "u", 2, 0, 1, "h");
        JsonNode e = json(g -> ChangeEvent.node(g, meta, Operation.CREATED, "4:x:1", null,
                new State(List.of("Place"), Map.of("at", ChangeEvent.point(4326, new double[]{12.5, 56}))), Map.of("at", "PointValue")));
        assertEquals("wgs-84", e.at("/payload/after/properties/at/crs").asText());
        assertEquals(56.0, e.at("/payload/after/properties/at/latitude").asDouble());
        assertEquals("PointValue", e.at("/schema/properties/at").asText());
    }

    @Test
    void aRelationshipCreationNamesItsTypeAndEnds() throws Exception {
        Meta meta = new Meta(1, "u", 2, 0, 1, "h");
        JsonNode e = json(g -> ChangeEvent.relationship(g, meta, Operation.CREATED, "5:x:1", "KNOWS", new End("4:x:1", List.of("A")),
                new End("4:x:2", List.of("B")), null, new State(null, Map.of("since", 2020L)), Map.of("since", "Long")));
        assertEquals("relationship", e.at("/payload/type").asText());
        assertEquals("KNOWS", e.at("/payload/label").asText());
        assertEquals("4:x:1", e.at("/payload/start/id").asText());
        assertEquals("B", e.at("/payload/end/labels/0").asText());
        assertTrue(e.at("/payload/before").isNull());
        assertTrue(e.at("/payload/after/labels").isMissingNode(), "a relationship's state has no labels");
        assertEquals(2020, e.at("/payload/after/properties/since").asInt());
        assertEquals("relationship:5:x:1", ChangeEvent.key("relationship", "5:x:1"));
    }
}
