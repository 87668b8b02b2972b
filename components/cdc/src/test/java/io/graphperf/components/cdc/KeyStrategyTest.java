package io.graphperf.components.cdc;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The three keys: graphperf's per entity, and Neo4j Streams' under its delete and compact strategies. */
class KeyStrategyTest {

    @Test
    void eachStrategyKeysAnEventAsItsNameSays() {
        assertEquals("node:4:abc:12", KeyStrategy.ENTITY.key("node", "4:abc:12", 12, 1000, 3));
        assertEquals("relationship:5:abc:7", KeyStrategy.ENTITY.key("relationship", "5:abc:7", 7, 1000, 0));
        // Streams' default: "<txId + txEventId>-<txEventId>", every event its own key
        assertEquals("1003-3", KeyStrategy.DELETE.key("node", "4:abc:12", 12, 1000, 3));
        assertEquals("1000-0", KeyStrategy.DELETE.key("relationship", "5:abc:7", 7, 1000, 0));
        assertEquals("12", KeyStrategy.COMPACT.key("node", "4:abc:12", 12, 1000, 3));
    }

    @Test
    void aStrategyIsReadByItsNameAndAWrongOneIsNamed() {
        assertEquals(KeyStrategy.COMPACT, KeyStrategy.parse(" Compact "));
        assertEquals(KeyStrategy.DELETE, KeyStrategy.parse("delete"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KeyStrategy.parse("streams"));
        assertTrue(e.getMessage().contains("entity, delete or compact") && e.getMessage().contains("streams"), e.getMessage());
    }
}
