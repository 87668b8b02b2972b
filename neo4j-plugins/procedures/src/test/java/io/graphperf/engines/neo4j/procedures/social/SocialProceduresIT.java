package io.graphperf.engines.neo4j.procedures.social;

import io.graphperf.engines.neo4j.procedures.CheckpointProcedure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.kernel.api.procedure.GlobalProcedures;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * E2's procedures on a graph small enough to answer by hand, in an embedded Neo4j with the procedures registered as the plugin
 * registers them: friendships 1–2, 1–3, 2–4, 3–4, 4–5, 5–6; groups 10 {1, 2}, 20 {2, 3, 4}, 30 {4}; person 1's inbox holds
 * messages 100 and 101, it sent 100, and has a profile (city, organization, two emails, a phone); 2 performed activities 201 and 202,
 * 3 performed 301. Each answer is the one worked out in its comment; an unknown key answers nothing (or zero reach).
 */
class SocialProceduresIT {

    @TempDir
    static Path dir;
    static DatabaseManagementService dbms;
    static GraphDatabaseService db;

    @BeforeAll
    static void start() throws Exception {
        Path conf = Files.writeString(dir.resolve("neo4j.conf"),
                "server.memory.pagecache.size=32m\ndb.tx_log.preallocate=false\ndbms.usage_report.enabled=false\n");
        dbms = new DatabaseManagementServiceBuilder(dir.resolve("home")).loadPropertiesFromFile(conf).build();
        db = dbms.database("neo4j");
        GlobalProcedures procedures = ((GraphDatabaseAPI) db).getDependencyResolver().resolveDependency(GlobalProcedures.class);
        procedures.registerProcedure(SocialProcedures.class);
        procedures.registerProcedure(CheckpointProcedure.class);
        db.executeTransactionally("CREATE CONSTRAINT FOR (p:Person) REQUIRE p.personKey IS UNIQUE");
        db.executeTransactionally("CREATE CONSTRAINT FOR (g:Group) REQUIRE g.groupKey IS UNIQUE");
        db.executeTransactionally("UNWIND range(1, 6) AS k CREATE (:Person {personKey: k, firstName: 'F' + k, lastName: 'L' + k})");
        db.executeTransactionally("UNWIND [[1, 2], [1, 3], [2, 4], [3, 4], [4, 5], [5, 6]] AS f"
                + " MATCH (a:Person {personKey: f[0]}), (b:Person {personKey: f[1]}) CREATE (a)-[:FRIEND_OF]->(b)");
        db.executeTransactionally("UNWIND [[10, [1, 2]], [20, [2, 3, 4]], [30, [4]]] AS g CREATE (group:Group {groupKey: g[0]})"
                + " WITH group, g UNWIND g[1] AS k MATCH (p:Person {personKey: k}) CREATE (p)-[:MEMBER_OF]->(group)");
        db.executeTransactionally("MATCH (p:Person {personKey: 1}) CREATE (p)-[:HAS_COLLECTION]->(inbox:Collection {kind: 'inbox'})"
                + " WITH inbox UNWIND [101, 100] AS m CREATE (:Message {messageKey: m, subject: 'S' + m})-[:IN_COLLECTION]->(inbox)");
        db.executeTransactionally("MATCH (p:Person {personKey: 1}) SET p.status = 'active'"
                + " CREATE (p)-[:LIVES_AT]->(:Address {city: 'Oslo'}), (p)-[:WORKS_AT]->(:Organization {name: 'Acme'}),"
                + " (p)-[:HAS_EMAIL]->(:Email {address: 'b@x'}), (p)-[:HAS_EMAIL]->(:Email {address: 'a@x'}), (p)-[:HAS_PHONE]->(:Phone {number: '555'})"
                + " WITH p MATCH (m:Message {messageKey: 100}) SET m.sentAt = 77 CREATE (p)-[:SENT]->(m)");
        db.executeTransactionally("UNWIND [[2, 201, 'post', 5], [2, 202, 'like', 9], [3, 301, 'post', 9]] AS a MATCH (p:Person {personKey: a[0]})"
                + " CREATE (p)-[:PERFORMED]->(:Activity {activityKey: a[1], kind: a[2], text: 'T' + a[1], createdAt: a[3]})");
        assertEquals(List.of(List.of(6L, 6L, 6L)), rows("MATCH (p:Person) WITH count(p) AS people MATCH ()-[f:FRIEND_OF]->() WITH people, count(f) AS friendships"
                + " MATCH ()-[m:MEMBER_OF]->() RETURN people, friendships, count(m)"), "the graph as drawn");
    }

    @AfterAll
    static void stop() {
        if (dbms != null) dbms.shutdown();
    }

    @Test
    void membersAndGroups() {
        assertEquals(List.of(List.of(2L), List.of(3L), List.of(4L)), rows("CALL graphperf.social.q01(20)"), "members of 20, by key");
        assertEquals(List.of(List.of(10L), List.of(20L)), rows("CALL graphperf.social.q02(2)"), "2's groups");
        assertEquals(List.of(), rows("CALL graphperf.social.q02(99)"), "an unknown person has no groups");
    }

    @Test
    void recommendationsCountWhatIsInCommon() {
        // 1's friends 2 and 3 are both friends of 4, who is not 1's friend
        assertEquals(List.of(List.of(4L, 2L)), rows("CALL graphperf.social.q03(1)"));
        // 1 is in 10; its friends are in 10 and 20 (2) and 20 (3): 20, by two friends
        assertEquals(List.of(List.of(20L, 2L)), rows("CALL graphperf.social.q04(1)"));
        assertEquals(List.of(), rows("CALL graphperf.social.q03(99)"));
    }

    @Test
    void reachAndShortestPaths() {
        // from 1: 2 and 3 at one friendship (left out), 4 at two, 5 at three, 6 at four
        assertEquals(List.of(List.of(1L, 4L)), rows("CALL graphperf.social.q06(1)"), "within 2: only 4");
        assertEquals(List.of(List.of(2L, 9L)), rows("CALL graphperf.social.q05(1)"), "within 3: 4 and 5");
        assertEquals(List.of(List.of(0L, 0L)), rows("CALL graphperf.social.q05(99)"), "an unknown person reaches no one");
        assertEquals(List.of(List.of(4L)), rows("CALL graphperf.social.q07(1, 6)"), "1-2-4-5-6");
        assertEquals(List.of(List.of(0L)), rows("CALL graphperf.social.q07(3, 3)"), "a person is zero friendships from itself");
        assertEquals(List.of(), rows("CALL graphperf.social.q07(1, 99)"), "no path to an unknown person");
    }

    @Test
    void theInboxInKeyOrderAndACheckpoint() {
        assertEquals(List.of(List.of(100L, "S100"), List.of(101L, "S101")), rows("CALL graphperf.social.q08(1)"));
        List<List<Object>> checkpoint = rows("CALL graphperf.checkpoint()");
        assertTrue(checkpoint.size() == 1 && ((Number) checkpoint.get(0).get(0)).longValue() > 0, "the checkpoint names its transaction: " + checkpoint);
    }

    @Test
    void profilesAndFriendsOfOneOrSeveral() {
        assertEquals(List.of(Map.of("person", 1L, "firstName", "F1", "lastName", "L1", "status", "active", "city", "Oslo", "organization", "Acme",
                "emails", List.of("a@x", "b@x"), "phones", List.of("555"))), maps("CALL graphperf.social.q10(1)"), "1's profile, emails sorted");
        assertEquals(List.of(), rows("CALL graphperf.social.q10(99)"));
        assertEquals(List.of(1L, 3L), maps("CALL graphperf.social.q11([3, 1, 99])").stream().map(m -> m.get("person")).toList(), "known ones, by key");
        assertEquals(List.of(List.of(1L, 2L), List.of(1L, 3L), List.of(2L, 1L), List.of(2L, 4L)), rows("CALL graphperf.social.q12([2, 1])"));
        assertEquals(List.of(List.of(2L, "F2", "L2"), List.of(3L, "F3", "L3"), List.of(5L, "F5", "L5")), rows("CALL graphperf.social.q13(4)"));
    }

    @Test
    void activitiesOfAPersonAndOfItsFriends() {
        assertEquals(List.of(List.of(201L, "post", "T201")), rows("CALL graphperf.social.q14(2, 201)"));
        assertEquals(List.of(), rows("CALL graphperf.social.q14(3, 201)"), "not 3's activity");
        assertEquals(List.of(List.of(201L, "post"), List.of(202L, "like")), rows("CALL graphperf.social.q15(2)"));
        assertEquals(List.of(List.of(2L, 201L), List.of(2L, 202L), List.of(3L, 301L)), rows("CALL graphperf.social.q16([3, 2])"));
        assertEquals(List.of(List.of(202L, "T202")), rows("CALL graphperf.social.q17(2, [202, 999])"), "only the ones asked for that are 2's");
        // 1's friends 2 and 3: newest first, then by key
        assertEquals(List.of(List.of(202L, 9L), List.of(301L, 9L), List.of(201L, 5L)), rows("CALL graphperf.social.q18(1)"));
    }

    @Test
    void collectionsAndOneSentMessage() {
        assertEquals(List.of(List.of("inbox", 2L)), rows("CALL graphperf.social.q09(1)"));
        assertEquals(List.of(List.of(100L, "S100", 77L)), rows("CALL graphperf.social.q19(1, 100)"));
        assertEquals(List.of(), rows("CALL graphperf.social.q19(2, 100)"), "2 did not send it");
    }

    /** A procedure's rows, each as column name → value. */
    private static List<Map<String, Object>> maps(String call) {
        return db.executeTransactionally(call, Map.of(), result -> {
            List<Map<String, Object>> rows = new ArrayList<>();
            result.forEachRemaining(rows::add);
            return rows;
        });
    }

    /** A procedure's rows, each its columns' values in order. */
    private static List<List<Object>> rows(String call) {
        return db.executeTransactionally(call, Map.of(), result -> {
            List<List<Object>> rows = new ArrayList<>();
            List<String> columns = result.columns();
            result.forEachRemaining(row -> rows.add(columns.stream().map(row::get).toList()));
            return rows;
        });
    }
}
