package io.graphperf.workloads.reads;

import io.graphperf.workloads.reads.SocialQuery.ParamKind;

import java.util.List;

/**
 * E2's 19 queries over the social dataset, as in the study (repeat counts in brackets there). Each
 * returns ordered rows so the answer can be compared with one computed from the files.
 */
public final class SocialQueries {

    /** q07's longest path (the friendship graph's diameter is far below it) */
    public static final int MAX_PATH = 15;

    private static final String X = "MATCH (x:Person {personKey: $person})";
    private static final String PROFILE = " OPTIONAL MATCH (x)-[:LIVES_AT]->(a:Address) OPTIONAL MATCH (x)-[:WORKS_AT]->(o:Organization)";
    private static final String PROFILE_COLUMNS = ", x.firstName AS firstName, x.lastName AS lastName, x.status AS status, a.city AS city,"
            + " o.name AS organization, COLLECT { MATCH (x)-[:HAS_EMAIL]->(e:Email) RETURN e.address ORDER BY e.address } AS emails,"
            + " COLLECT { MATCH (x)-[:HAS_PHONE]->(p:Phone) RETURN p.number ORDER BY p.number } AS phones";


    private static final List<SocialQuery> ALL = List.of(
            q(1, "members of a group", "MATCH (:Group {groupKey: $group})<-[:MEMBER_OF]-(p:Person) RETURN p.personKey AS person ORDER BY person",
                    ParamKind.GROUP, 2000),
            q(2, "groups of a person", X + "-[:MEMBER_OF]->(g:Group) RETURN g.groupKey AS group ORDER BY group", ParamKind.PERSON, 2000),
            q(3, "friend recommendations", X + "-[:FRIEND_OF]-(f:Person)-[:FRIEND_OF]-(r:Person) WHERE r <> x AND NOT (x)-[:FRIEND_OF]-(r)"
                    + " RETURN r.personKey AS person, count(DISTINCT f) AS common ORDER BY common DESC, person LIMIT 10", ParamKind.PERSON, 200),
            q(4, "group recommendations", X + "-[:FRIEND_OF]-(f:Person)-[:MEMBER_OF]->(g:Group) WHERE NOT (x)-[:MEMBER_OF]->(g)"
                    + " RETURN g.groupKey AS group, count(DISTINCT f) AS friends ORDER BY friends DESC, group LIMIT 10", ParamKind.PERSON, 200),
            q(5, "friends of friends, 3 levels", X + "-[:FRIEND_OF*1..3]-(p:Person) WHERE p <> x AND NOT (x)-[:FRIEND_OF]-(p)"
                    + " RETURN count(DISTINCT p) AS people, sum(DISTINCT p.personKey) AS keySum", ParamKind.PERSON, 20),
            q(6, "friends of friends, 2 levels", X + "-[:FRIEND_OF*1..2]-(p:Person) WHERE p <> x AND NOT (x)-[:FRIEND_OF]-(p)"
                    + " RETURN count(DISTINCT p) AS people, sum(DISTINCT p.personKey) AS keySum", ParamKind.PERSON, 20),
            // two MATCH clauses and a bounded length: Neo4j 5.26's Query API answers a query that raises the
            // cartesian-product or the unbounded-shortest-path notification with HTTP 500 UnknownError (Bolt is fine)
            q(7, "shortest path", "MATCH (a:Person {personKey: $a}) MATCH (b:Person {personKey: $b})"
                    + " MATCH p = shortestPath((a)-[:FRIEND_OF*..15]-(b)) RETURN length(p) AS hops", ParamKind.PAIR, 200),
            q(8, "inbox", X + "-[:HAS_COLLECTION]->(:MessageCollection {kind: 'inbox'})<-[:IN_COLLECTION]-(m:Message)"
                    + " RETURN m.messageKey AS message, m.subject AS subject ORDER BY message", ParamKind.PERSON, 2000),
            q(9, "message collections with counts", X + "-[:HAS_COLLECTION]->(c:MessageCollection)"
                    + " RETURN c.kind AS collection, COUNT { (c)<-[:IN_COLLECTION]-(:Message) } AS messages ORDER BY collection", ParamKind.PERSON, 2000),
            q(10, "profile", X + PROFILE + " RETURN x.personKey AS person" + PROFILE_COLUMNS, ParamKind.PERSON, 2000),
            q(11, "profiles of 10 people", "UNWIND $people AS k MATCH (x:Person {personKey: k})" + PROFILE + " RETURN k AS person" + PROFILE_COLUMNS
                    + " ORDER BY person", ParamKind.BATCH, 200),
            q(12, "friends of 10 people", "UNWIND $people AS k MATCH (:Person {personKey: k})-[:FRIEND_OF]-(f:Person)"
                    + " RETURN k AS person, f.personKey AS friend ORDER BY person, friend", ParamKind.BATCH, 200),
            q(13, "friends", X + "-[:FRIEND_OF]-(f:Person) RETURN f.personKey AS friend, f.firstName AS firstName, f.lastName AS lastName"
                    + " ORDER BY friend", ParamKind.PERSON, 2000),
            q(14, "one activity by id", X + "-[:PERFORMED]->(a:Activity {activityKey: $activity})"
                    + " RETURN a.activityKey AS activity, a.kind AS kind, a.text AS text", ParamKind.PERSON_ACTIVITY, 2000),
            q(15, "all activities", X + "-[:PERFORMED]->(a:Activity) RETURN a.activityKey AS activity, a.kind AS kind ORDER BY activity",
                    ParamKind.PERSON, 2000),
            q(16, "activities of 10 people", "UNWIND $people AS k MATCH (:Person {personKey: k})-[:PERFORMED]->(a:Activity)"
                    + " RETURN k AS person, a.activityKey AS activity ORDER BY person, activity", ParamKind.BATCH, 200),
            q(17, "10 given activities", X + "-[:PERFORMED]->(a:Activity) WHERE a.activityKey IN $activities"
                    + " RETURN a.activityKey AS activity, a.text AS text ORDER BY activity", ParamKind.PERSON_ACTIVITIES, 200),
            q(18, "friends' newest 100 activities", X + "-[:FRIEND_OF]-(:Person)-[:PERFORMED]->(a:Activity) WITH DISTINCT a"
                    + " RETURN a.activityKey AS activity, a.createdAt AS createdAt ORDER BY createdAt DESC, activity LIMIT 100", ParamKind.PERSON, 200),
            q(19, "one message by id", X + "-[:SENT]->(m:Message {messageKey: $message})"
                    + " RETURN m.messageKey AS message, m.subject AS subject, m.sentAt AS sentAt", ParamKind.PERSON_MESSAGE, 2000));

    /** The indexes the queries need: one uniqueness constraint per looked-up key. */
    public static final List<String> CONSTRAINTS = List.of(
            "CREATE CONSTRAINT graphperf_person_key IF NOT EXISTS FOR (n:Person) REQUIRE n.personKey IS UNIQUE",
            "CREATE CONSTRAINT graphperf_group_key IF NOT EXISTS FOR (n:Group) REQUIRE n.groupKey IS UNIQUE",
            "CREATE CONSTRAINT graphperf_activity_key IF NOT EXISTS FOR (n:Activity) REQUIRE n.activityKey IS UNIQUE",
            "CREATE CONSTRAINT graphperf_message_key IF NOT EXISTS FOR (n:Message) REQUIRE n.messageKey IS UNIQUE");

    private SocialQueries() {
    }

    private static SocialQuery q(int n, String title, String cypher, ParamKind params, int repeat) {
        String id = String.format("q%02d", n);
        return new SocialQuery(id, n, title, cypher, "graphperf.social." + id, params, repeat);
    }

    public static List<SocialQuery> all() {
        return ALL;
    }
}
