package io.graphperf.studies.reads;

/**
 * E2's 19 read operations over the social dataset, as in the study (spec: workloads.md, E2): each one's Cypher (its rows ordered, so
 * an answer compares exactly with one computed from the files), the kind of parameters it takes and the study's repeat count for
 * single-client latency. A dialect answers each ({@link ReadTexts#read}); graphperf's Neo4j plugin has a stored procedure per query
 * ({@link #procedure}) with the same answer.
 */
public enum SocialQuery {
    Q01("members of a group", "MATCH (:Group {groupKey: $group})<-[:MEMBER_OF]-(p:Person) RETURN p.personKey AS person ORDER BY person",
                    ParamKind.GROUP, 2000),
    Q02("groups of a person", T.X + "-[:MEMBER_OF]->(g:Group) RETURN g.groupKey AS group ORDER BY group", ParamKind.PERSON, 2000),
    Q03("friend recommendations", T.X + "-[:FRIEND_OF]-(f:Person)-[:FRIEND_OF]-(r:Person) WHERE r <> x AND NOT (x)-[:FRIEND_OF]-(r)"
                    + " RETURN r.personKey AS person, count(DISTINCT f) AS common ORDER BY common DESC, person LIMIT 10", ParamKind.PERSON, 200),
    Q04("group recommendations", T.X + "-[:FRIEND_OF]-(f:Person)-[:MEMBER_OF]->(g:Group) WHERE NOT (x)-[:MEMBER_OF]->(g)"
                    + " RETURN g.groupKey AS group, count(DISTINCT f) AS friends ORDER BY friends DESC, group LIMIT 10", ParamKind.PERSON, 200),
    Q05("friends of friends, 3 levels", T.X + "-[:FRIEND_OF*1..3]-(p:Person) WHERE p <> x AND NOT (x)-[:FRIEND_OF]-(p)"
                    + " RETURN count(DISTINCT p) AS people, sum(DISTINCT p.personKey) AS keySum", ParamKind.PERSON, 20),
    Q06("friends of friends, 2 levels", T.X + "-[:FRIEND_OF*1..2]-(p:Person) WHERE p <> x AND NOT (x)-[:FRIEND_OF]-(p)"
                    + " RETURN count(DISTINCT p) AS people, sum(DISTINCT p.personKey) AS keySum", ParamKind.PERSON, 20),
            // two MATCH clauses and a bounded length: Neo4j 5.26's Query API answers a query that raises the
            // cartesian-product or the unbounded-shortest-path notification with HTTP 500 UnknownError (Bolt is fine)
    Q07("shortest path", "MATCH (a:Person {personKey: $a}) MATCH (b:Person {personKey: $b})"
                    + " MATCH p = shortestPath((a)-[:FRIEND_OF*..15]-(b)) RETURN length(p) AS hops", ParamKind.PAIR, 200),
    Q08("inbox", T.X + "-[:HAS_COLLECTION]->(:MessageCollection {kind: 'inbox'})<-[:IN_COLLECTION]-(m:Message)"
                    + " RETURN m.messageKey AS message, m.subject AS subject ORDER BY message", ParamKind.PERSON, 2000),
    Q09("message collections with counts", T.X + "-[:HAS_COLLECTION]->(c:MessageCollection)"
                    + " RETURN c.kind AS collection, COUNT { (c)<-[:IN_COLLECTION]-(:Message) } AS messages ORDER BY collection", ParamKind.PERSON, 2000),
    Q10("profile", T.X + T.PROFILE + " RETURN x.personKey AS person" + T.PROFILE_COLUMNS, ParamKind.PERSON, 2000),
    Q11("profiles of 10 people", "UNWIND $people AS k MATCH (x:Person {personKey: k})" + T.PROFILE + " RETURN k AS person" + T.PROFILE_COLUMNS
                    + " ORDER BY person", ParamKind.BATCH, 200),
    Q12("friends of 10 people", "UNWIND $people AS k MATCH (:Person {personKey: k})-[:FRIEND_OF]-(f:Person)"
                    + " RETURN k AS person, f.personKey AS friend ORDER BY person, friend", ParamKind.BATCH, 200),
    Q13("friends", T.X + "-[:FRIEND_OF]-(f:Person) RETURN f.personKey AS friend, f.firstName AS firstName, f.lastName AS lastName"
                    + " ORDER BY friend", ParamKind.PERSON, 2000),
    Q14("one activity by id", T.X + "-[:PERFORMED]->(a:Activity {activityKey: $activity})"
                    + " RETURN a.activityKey AS activity, a.kind AS kind, a.text AS text", ParamKind.PERSON_ACTIVITY, 2000),
    Q15("all activities", T.X + "-[:PERFORMED]->(a:Activity) RETURN a.activityKey AS activity, a.kind AS kind ORDER BY activity",
                    ParamKind.PERSON, 2000),
    Q16("activities of 10 people", "UNWIND $people AS k MATCH (:Person {personKey: k})-[:PERFORMED]->(a:Activity)"
                    + " RETURN k AS person, a.activityKey AS activity ORDER BY person, activity", ParamKind.BATCH, 200),
    Q17("10 given activities", T.X + "-[:PERFORMED]->(a:Activity) WHERE a.activityKey IN $activities"
                    + " RETURN a.activityKey AS activity, a.text AS text ORDER BY activity", ParamKind.PERSON_ACTIVITIES, 200),
    Q18("friends' newest 100 activities", T.X + "-[:FRIEND_OF]-(:Person)-[:PERFORMED]->(a:Activity) WITH DISTINCT a"
                    + " RETURN a.activityKey AS activity, a.createdAt AS createdAt ORDER BY createdAt DESC, activity LIMIT 100", ParamKind.PERSON, 200),
    Q19("one message by id", T.X + "-[:SENT]->(m:Message {messageKey: $message})"
                    + " RETURN m.messageKey AS message, m.subject AS subject, m.sentAt AS sentAt", ParamKind.PERSON_MESSAGE, 2000);

    /** q07's longest path (the friendship graph's diameter is far below it) */
    public static final int MAX_PATH = 15;

    private final String title;
    private final String cypher;
    private final ParamKind params;
    private final int repeat;

    SocialQuery(String title, String cypher, ParamKind params, int repeat) {
        this.title = title;
        this.cypher = cypher;
        this.params = params;
        this.repeat = repeat;
    }

    /** "q01" … "q19": the query's name in options, results and reports. */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public int number() {
        return ordinal() + 1;
    }

    public String title() {
        return title;
    }

    /** The study's Cypher (Neo4j's). */
    public String cypher() {
        return cypher;
    }

    /** Which sampled parameters it takes. */
    public ParamKind params() {
        return params;
    }

    /** The study's repeat count for single-client latency. */
    public int repeat() {
        return repeat;
    }

    /** The graphperf procedure with the same answer ({@code CALL graphperf.social.qNN(...)}). */
    public String procedure() {
        return "graphperf.social." + id();
    }

    /** The procedure call in Cypher, with the same parameters. */
    public String procedureCall() {
        String args = switch (params) {
            case GROUP -> "$group";
            case PERSON -> "$person";
            case PAIR -> "$a, $b";
            case BATCH -> "$people";
            case PERSON_ACTIVITY -> "$person, $activity";
            case PERSON_ACTIVITIES -> "$person, $activities";
            case PERSON_MESSAGE -> "$person, $message";
        };
        return "CALL " + procedure() + "(" + args + ")";
    }

    /** The query named {@code id} ("q01" … "q19"). */
    public static java.util.Optional<SocialQuery> byId(String id) {
        for (SocialQuery q : values()) if (q.id().equals(id)) return java.util.Optional.of(q);
        return java.util.Optional.empty();
    }

    /** The parameter shapes of read-parameters.json, and the names the queries use. */
    public enum ParamKind {
        GROUP("group"), PERSON("person"), PAIR("a, b"), BATCH("people"), PERSON_ACTIVITY("person, activity"),
        PERSON_ACTIVITIES("person, activities"), PERSON_MESSAGE("person, message");

        public final String names;

        ParamKind(String names) {
            this.names = names;
        }
    }

    /** The texts the queries share (a nested class: an enum's constants come before its own fields). */
    private static final class T {
        static final String X = "MATCH (x:Person {personKey: $person})";
        static final String PROFILE = " OPTIONAL MATCH (x)-[:LIVES_AT]->(a:Address) OPTIONAL MATCH (x)-[:WORKS_AT]->(o:Organization)";
        static final String PROFILE_COLUMNS = ", x.firstName AS firstName, x.lastName AS lastName, x.status AS status, a.city AS city,"
                + " o.name AS organization, COLLECT { MATCH (x)-[:HAS_EMAIL]->(e:Email) RETURN e.address ORDER BY e.address } AS emails,"
                + " COLLECT { MATCH (x)-[:HAS_PHONE]->(p:Phone) RETURN p.number ORDER BY p.number } AS phones";
    }
}
