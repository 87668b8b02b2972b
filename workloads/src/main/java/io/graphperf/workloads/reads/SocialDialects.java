package io.graphperf.workloads.reads;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * E2's query texts per engine dialect, in one place: Neo4j's are {@link SocialQueries}' own; another dialect gives its text
 * where it differs, or says why a query cannot be written in it ("not expressible"), which the report shows. The same
 * parameters go to every dialect and every answer is checked against the same oracle.
 */
public final class SocialDialects {

    public static final String NEO4J = "neo4j", KUZU = "kuzu", ARCADEDB = "arcadedb", ORIENTDB = "orientdb", FALKORDB = "falkordb";

    /** A query in one dialect: its text, or the reason it cannot be written there. */
    public record Text(String text, String notExpressible) {
        static Text of(String text) {
            return new Text(text, null);
        }

        public boolean expressible() {
            return notExpressible == null;
        }
    }

    private static final String X = "MATCH (x:Person {personKey: $person})";
    /**
     * Kuzu has no COLLECT subquery: a profile's emails and phones are collected by optional matches in turn, sorted by
     * list_sort (collect keeps no order), grouped by the person's position in the list asked for (i), so a person asked for
     * twice is answered twice, as UNWIND does in Neo4j. A person has at most one address and one employer in the dataset.
     */
    private static final String KUZU_PROFILE = " OPTIONAL MATCH (x)-[:LIVES_AT]->(a:Address) OPTIONAL MATCH (x)-[:WORKS_AT]->(o:Organization)"
            + " OPTIONAL MATCH (x)-[:HAS_EMAIL]->(e:Email) WITH i, k, x, a, o, list_sort(collect(e.address)) AS emails"
            + " OPTIONAL MATCH (x)-[:HAS_PHONE]->(p:Phone) WITH i, k, x, a, o, emails, list_sort(collect(p.number)) AS phones"
            + " RETURN k AS person, x.firstName AS firstName, x.lastName AS lastName, x.status AS status, a.city AS city, o.name AS organization,"
            + " emails, phones";

    private static final Map<String, Text> KUZU_TEXTS = Map.ofEntries(
            // pattern predicates become EXISTS subqueries; nodes are compared by key
            Map.entry("q03", Text.of(X + "-[:FRIEND_OF]-(f:Person)-[:FRIEND_OF]-(r:Person) WHERE r.personKey <> x.personKey"
                    + " AND NOT EXISTS { MATCH (x)-[:FRIEND_OF]-(r) } RETURN r.personKey AS person, count(DISTINCT f) AS common ORDER BY common DESC, person LIMIT 10")),
            Map.entry("q04", Text.of(X + "-[:FRIEND_OF]-(f:Person)-[:MEMBER_OF]->(g:Group) WHERE NOT EXISTS { MATCH (x)-[:MEMBER_OF]->(g) }"
                    + " RETURN g.groupKey AS group, count(DISTINCT f) AS friends ORDER BY friends DESC, group LIMIT 10")),
            Map.entry("q05", Text.of(X + "-[:FRIEND_OF*1..3]-(p:Person) WHERE p.personKey <> x.personKey AND NOT EXISTS { MATCH (x)-[:FRIEND_OF]-(p) }"
                    + " RETURN count(DISTINCT p) AS people, sum(DISTINCT p.personKey) AS keySum")),
            Map.entry("q06", Text.of(X + "-[:FRIEND_OF*1..2]-(p:Person) WHERE p.personKey <> x.personKey AND NOT EXISTS { MATCH (x)-[:FRIEND_OF]-(p) }"
                    + " RETURN count(DISTINCT p) AS people, sum(DISTINCT p.personKey) AS keySum")),
            // Kuzu's shortest path is a recursive pattern of its own
            Map.entry("q07", Text.of("MATCH (a:Person {personKey: $a}), (b:Person {personKey: $b})"
                    + " MATCH p = (a)-[:FRIEND_OF* SHORTEST 1.." + SocialQueries.MAX_PATH + "]-(b) RETURN length(p) AS hops")),
            Map.entry("q09", Text.of(X + "-[:HAS_COLLECTION]->(c:MessageCollection)"
                    + " RETURN c.kind AS collection, COUNT { MATCH (c)<-[:IN_COLLECTION]-(:Message) } AS messages ORDER BY collection")),
            Map.entry("q10", Text.of("MATCH (x:Person {personKey: $person}) WITH 1 AS i, x.personKey AS k, x" + KUZU_PROFILE)),
            Map.entry("q11", Text.of("UNWIND range(1, size($people)) AS i WITH i, CAST(list_extract($people, i) AS INT64) AS k MATCH (x:Person {personKey: k})" + KUZU_PROFILE
                    + " ORDER BY person")));

    private SocialDialects() {
    }

    /**
     * GROUP is a keyword in Kuzu's Cypher: the label Group and the column group are written quoted there, and the parameter
     * group, which cannot be, is passed as groupKey ({@link #parameters}).
     */
    static String kuzuNames(String text) {
        return text.replace("$group", "$groupKey").replaceAll("(?<![\\w`$.])(Group|group)(?![\\w`])", "`$1`");
    }

    /** A query's parameters as the dialect's text names them (group is a keyword in Kuzu's Cypher and in ArcadeDB's and OrientDB's SQL). */
    public static Map<String, Object> parameters(String dialect, Map<String, Object> params) {
        if (NEO4J.equals(dialect) || FALKORDB.equals(dialect) || !params.containsKey("group")) return params;
        Map<String, Object> out = new LinkedHashMap<>(params);
        out.put("groupKey", out.remove("group"));
        return out;
    }

    /** The dialects E2 has texts for. */
    public static List<String> known() {
        return List.of(NEO4J, KUZU, ARCADEDB, ORIENTDB, FALKORDB);
    }

    /** The query's text in {@code dialect}. */
    public static Text text(SocialQuery q, String dialect) {
        return switch (dialect) {
            case NEO4J -> Text.of(q.cypher());
            case KUZU -> Text.of(kuzuNames(Optional.ofNullable(KUZU_TEXTS.get(q.id())).orElse(Text.of(q.cypher())).text()));
            case ARCADEDB -> ArcadeDbQueries.TEXTS.getOrDefault(q.id(), Text.of(q.cypher()));
            case ORIENTDB -> OrientQueries.TEXTS.getOrDefault(q.id(), new Text(null, "graphperf has no OrientDB SQL text for " + q.id()));
            case FALKORDB -> FalkorDbQueries.TEXTS.getOrDefault(q.id(), Text.of(q.cypher()));
            default -> new Text(null, "graphperf has no E2 texts for the " + dialect + " dialect");
        };
    }

    /**
     * The schema the queries need in {@code dialect}: Neo4j's uniqueness constraints; ArcadeDB's and OrientDB's unique indexes on the
     * same keys; FalkorDB's range indexes on them; Kuzu's primary keys come with its tables.
     */
    public static List<String> schema(String dialect) {
        return switch (dialect) {
            case NEO4J -> SocialQueries.CONSTRAINTS;
            case ARCADEDB -> ArcadeDbQueries.SCHEMA;
            case ORIENTDB -> OrientQueries.SCHEMA;
            case FALKORDB -> FalkorDbQueries.SCHEMA;
            default -> List.of();
        };
    }

    /** Whether the dialect has graphperf's stored procedures (the procedure form). */
    public static boolean hasProcedures(String dialect) {
        return NEO4J.equals(dialect);
    }
}
