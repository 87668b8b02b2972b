package io.graphperf.components.cdc;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The three keys: graphperf's per entity (plain text), and Neo4j Streams' under its delete and compact strategies (JSON, as Streams writes them). */
class KeyStrategyTest {

    @Test
    void eachStrategyKeysAnEventAsItsNameSays() {
        KeyStrategy.Entity node = KeyStrategy.Entity.node("4:abc:12", 12), rel = KeyStrategy.Entity.relationship("5:abc:7", 7, 12, 13, "KNOWS");
        assertEquals("node:4:abc:12", KeyStrategy.ENTITY.key(node, 1000, 3));
        assertEquals("relationship:5:abc:7", KeyStrategy.ENTITY.key(rel, 1000, 0));
        // Streams' default: the JSON string "<txId + txEventId>-<txEventId>", every event its own key
        assertEquals("\"1003-3\"", KeyStrategy.DELETE.key(node, 1000, 3));
        assertEquals("\"1000-0\"", KeyStrategy.DELETE.key(rel, 1000, 0));
        // Streams' compact, without key constraints: a node's numeric id as a JSON string, a relationship's nodes and type
        assertEquals("\"12\"", KeyStrategy.COMPACT.key(node, 1000, 3));
        assertEquals("{\"start\":\"12\",\"end\":\"13\",\"label\":\"KNOWS\"}", KeyStrategy.COMPACT.key(rel, 1000, 3));
    }

    @Test
    void aStrategyIsReadByItsNameAndAWrongOneIsNamed() {
        assertEquals(KeyStrategy.COMPACT, KeyStrategy.parse(" Compact "));
        assertEquals(KeyStrategy.DELETE, KeyStrategy.parse("delete"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KeyStrategy.parse("streams"));
        assertTrue(e.getMessage().contains("entity, delete or compact") && e.getMessage().contains("streams"), e.getMessage());
    }
}
