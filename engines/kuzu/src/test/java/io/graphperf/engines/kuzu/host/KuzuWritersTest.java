package io.graphperf.engines.kuzu.host;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which operations queue as the one writer of Kuzu and LadybugDB: those with a write clause, whatever their case, never a word inside a string. */
class KuzuWritersTest {

    @Test
    void writeClausesQueueReadsDoNot() {
        assertTrue(KuzuWriters.writes("UNWIND $rows AS row CREATE (:User {user_id: row.id})"));
        assertTrue(KuzuWriters.writes("match (n:User) set n.x = 1"));
        assertTrue(KuzuWriters.writes("MATCH (n) DETACH DELETE n"));
        assertTrue(KuzuWriters.writes("MERGE (n:User {user_id: $id})"));
        assertFalse(KuzuWriters.writes("MATCH (p:Person {personKey: $k})-[:FRIEND_OF]-(f) RETURN f.personKey"));
        assertFalse(KuzuWriters.writes("MATCH (p:Person) WHERE p.name = 'CREATE, SET or \\'DELETE\\'' RETURN p"), "words inside a string");
        assertFalse(KuzuWriters.writes("MATCH (p:Person) WHERE p.note = \"drop it\" RETURN p.created_at"), "part of a name is no clause");
    }
}
