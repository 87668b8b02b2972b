package io.graphperf.workloads.reads;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * E2's queries in OrientDB's SQL. ArcadeDB's SQL began as OrientDB's, and {@link ArcadeDbQueries}' texts serve OrientDB 3.2 as
 * they are (the person looked up by its unique index, its edges followed with out(), in() and both(), walks of one to three steps,
 * shortestPath()), except where {@link #DIFFERENT} gives OrientDB's own.
 */
final class OrientQueries {

    /** The unique indexes on the keys the queries look up, as Neo4j's uniqueness constraints. */
    static final List<String> SCHEMA = List.of(
            "CREATE INDEX Person_personKey IF NOT EXISTS ON Person (personKey) UNIQUE",
            "CREATE INDEX Group_groupKey IF NOT EXISTS ON `Group` (groupKey) UNIQUE",
            "CREATE INDEX Activity_activityKey IF NOT EXISTS ON Activity (activityKey) UNIQUE",
            "CREATE INDEX Message_messageKey IF NOT EXISTS ON Message (messageKey) UNIQUE");

    /**
     * A profile (q10, q11) of each person key k the inner query gives: OrientDB 3.2's SQL has no method that sorts a list
     * (ArcadeDB's {@code sort()}), so the emails and phones come sorted from subqueries of their own, which look the person up by
     * its key again ({@code $parent.$parent}: the subquery's subquery reads the outer row).
     */
    private static String profile(String keys, String order) {
        String person = "Person WHERE personKey = $parent.$parent.$current.k";
        return "SELECT k AS person, x.firstName AS firstName, x.lastName AS lastName, x.status AS status, x.out('LIVES_AT')[0].city AS city,"
                + " x.out('WORKS_AT')[0].name AS organization, $e.address AS emails, $f.number AS phones"
                + " FROM (SELECT k, $p[0] AS x FROM (" + keys + ") LET $p = (SELECT FROM Person WHERE personKey = $parent.$current.k))"
                + " LET $e = (SELECT address FROM (SELECT expand(out('HAS_EMAIL')) FROM " + person + ") ORDER BY address),"
                + " $f = (SELECT number FROM (SELECT expand(out('HAS_PHONE')) FROM " + person + ") ORDER BY number)"
                + " WHERE x IS NOT NULL" + order;
    }

    /** OrientDB's texts where ArcadeDB's do not serve it. */
    private static final Map<String, String> DIFFERENT = Map.of(
            "q10", profile("SELECT :person AS k", ""),
            "q11", profile("SELECT :people AS k UNWIND k", " ORDER BY person"));

    static final Map<String, SocialDialects.Text> TEXTS = texts();

    private static Map<String, SocialDialects.Text> texts() {
        Map<String, SocialDialects.Text> out = new HashMap<>();
        ArcadeDbQueries.TEXTS.forEach((id, t) -> out.put(id, new SocialDialects.Text(DIFFERENT.getOrDefault(id, t.text().substring("sql:".length())), null)));
        return Map.copyOf(out);
    }

    private OrientQueries() {
    }
}
