package io.graphperf.engines.kuzu.host;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which operations queue as Kuzu's one writer: those with a write clause, whatever their case, never a word inside a string. */
class KuzuTransportTest {

    @Test
    void writeClausesQueueReadsDoNot() {
        assertTrue(KuzuTransport.writes("UNWIND $rows AS row CREATE (:User {user_id: row.id})"));
        assertTrue(KuzuTransport.writes("match (n:User) set n.x = 1"));
        assertTrue(KuzuTransport.writes("MATCH (n) DETACH DELETE n"));
        assertTrue(KuzuTransport.writes("MERGE (n:User {user_id: $id})"));
        assertFalse(KuzuTransport.writes("MATCH (p:Person {personKey: $k})-[:FRIEND_OF]-(f) RETURN f.personKey"));
        assertFalse(KuzuTransport.writes("MATCH (p:Person) WHERE p.name = 'CREATE, SET or \\'DELETE\\'' RETURN p"), "words inside a string");
        assertFalse(KuzuTransport.writes("MATCH (p:Person) WHERE p.note = \"drop it\" RETURN p.created_at"), "part of a name is no clause");
    }
}
