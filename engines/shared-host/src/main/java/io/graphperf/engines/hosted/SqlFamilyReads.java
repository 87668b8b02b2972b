package io.graphperf.engines.hosted;

import io.graphperf.studies.reads.SocialQuery;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * E2's queries in the SQL of the OrientDB family, which the dialects of its engines (ArcadeDB's, OrientDB's) build on: the person
 * looked up by its unique index, then its edges followed ({@code out()}, {@code in()}, {@code both()}), every walk of one to three
 * steps for the levels of friends, and the shortestPath() function. A list asked for by {@code UNWIND} is unwound by SQL's UNWIND,
 * so a person asked for twice is answered twice, as in Neo4j. (ArcadeDB 25.3.1's Cypher, Cypher for Gremlin, could not serve the
 * study's texts: checked against the oracle at scale 0.05, q07, q09, q10 and q11 did not parse, q12 and q16 answered wrongly, q03,
 * q05 and q06 ran over 15 s each on 100 people.)
 */
public final class SqlFamilyReads {

    private static final String X = "(SELECT FROM Person WHERE personKey = :person)";

    /**
     * The people within {@code depth} hops who are not the person's friends: every walk of 1 to depth steps over FRIEND_OF, its
     * ends made distinct. (TRAVERSE … MAXDEPTH 3 STRATEGY BREADTH_FIRST left out some people three hops away at scale 1.)
     */
    private static String levels(int depth) {
        List<String> walks = new ArrayList<>();
        for (int d = 1; d <= depth; d++) walks.add(String.join(".", Collections.nCopies(d, "both('FRIEND_OF')")));
        return "SELECT count(*) AS people, sum(k) AS keySum FROM (SELECT DISTINCT personKey AS k FROM (SELECT expand(unionall("
                + String.join(", ", walks) + ")) FROM " + X + ")) LET $f = (SELECT expand(both('FRIEND_OF')) FROM " + X + ")"
                + " WHERE k <> :person AND k NOT IN $f.personKey";
    }

    /**
     * Recommendations: for each friend f of the person, each key f leads to ({@code via}) that the person has not ({@code mine}),
     * counted once per friend (Cypher's count(DISTINCT f)), as columns k and n. ArcadeDB's MATCH with a NOT pattern did not give
     * Cypher's counts (each candidate once), so the friends are unwound and the pairs made distinct here.
     */
    private static String recommend(String mine, String via, String notSelf) {
        return "SELECT k, count(*) AS n FROM (SELECT DISTINCT friend, k FROM (SELECT friend, k, mine FROM (SELECT f.personKey AS friend, " + via
                + " AS k, mine FROM (SELECT both('FRIEND_OF') AS f, " + mine + " AS mine FROM Person WHERE personKey = :person UNWIND f) UNWIND k)"
                + " WHERE k IS NOT NULL AND " + notSelf + "k NOT IN mine)) GROUP BY k";
    }

    /** One person's profile columns, the person bound to x. */
    private static final String PROFILE = " x.firstName AS firstName, x.lastName AS lastName, x.status AS status, x.out('LIVES_AT')[0].city AS city,"
            + " x.out('WORKS_AT')[0].name AS organization, x.out('HAS_EMAIL').address.asList().sort() AS emails, x.out('HAS_PHONE').number.asList().sort() AS phones";

    private SqlFamilyReads() {
    }

    /** The ids of a list {@code :ids} that the type {@code label} holds in {@code property} (a workload's check of its writes). */
    public static String idLookup(String label, String property) {
        return "SELECT `" + property + "` AS id FROM `" + label + "` WHERE `" + property + "` IN :ids";
    }

    /** The query's text in the family's SQL, the shortest path up to the study's longest ({@link SocialQuery#MAX_PATH}). */
    public static String text(SocialQuery q) {
        return switch (q) {
            case Q01 -> "SELECT personKey AS person FROM (SELECT expand(in('MEMBER_OF')) FROM `Group` WHERE groupKey = :groupKey) ORDER BY person";
            case Q02 -> "SELECT groupKey AS g FROM (SELECT expand(out('MEMBER_OF')) FROM " + X + ") ORDER BY g";
            case Q03 -> recommend("both('FRIEND_OF').personKey", "f.both('FRIEND_OF').personKey", "k <> :person AND ") + " ORDER BY n DESC, k LIMIT 10";
            case Q04 -> recommend("out('MEMBER_OF').groupKey", "f.out('MEMBER_OF').groupKey", "") + " ORDER BY n DESC, k LIMIT 10";
            case Q05 -> levels(3);
            case Q06 -> levels(2);
            case Q07 -> "SELECT route.size() - 1 AS hops FROM (SELECT shortestPath(a, b, 'BOTH', 'FRIEND_OF') AS route FROM (SELECT $a[0] AS a, $b[0] AS b"
                    + " LET $a = (SELECT FROM Person WHERE personKey = :a), $b = (SELECT FROM Person WHERE personKey = :b)))"
                    + " WHERE route.size() > 1 AND route.size() <= " + (SocialQuery.MAX_PATH + 1);
            case Q08 -> "SELECT messageKey AS message, subject FROM (SELECT expand(in('IN_COLLECTION')) FROM (SELECT expand(out('HAS_COLLECTION')) FROM " + X
                    + ") WHERE kind = 'inbox') ORDER BY message";
            case Q09 -> "SELECT kind AS collection, in('IN_COLLECTION').size() AS messages FROM (SELECT expand(out('HAS_COLLECTION')) FROM " + X
                    + ") ORDER BY collection";
            case Q10 -> "SELECT k AS person," + PROFILE + " FROM (SELECT k, $p[0] AS x FROM (SELECT :person AS k)"
                    + " LET $p = (SELECT FROM Person WHERE personKey = $parent.$current.k)) WHERE x IS NOT NULL";
            case Q11 -> "SELECT k AS person," + PROFILE + " FROM (SELECT k, $p[0] AS x FROM (SELECT :people AS k UNWIND k)"
                    + " LET $p = (SELECT FROM Person WHERE personKey = $parent.$current.k)) WHERE x IS NOT NULL ORDER BY person";
            case Q12 -> "SELECT k AS person, friend FROM (SELECT k, $p[0].both('FRIEND_OF').personKey AS friend FROM (SELECT :people AS k UNWIND k)"
                    + " LET $p = (SELECT FROM Person WHERE personKey = $parent.$current.k) UNWIND friend) WHERE friend IS NOT NULL ORDER BY person, friend";
            case Q13 -> "SELECT personKey AS friend, firstName, lastName FROM (SELECT expand(both('FRIEND_OF')) FROM " + X + ") ORDER BY friend";
            case Q14 -> "SELECT activityKey AS activity, kind, text FROM (SELECT expand(out('PERFORMED')) FROM " + X + ") WHERE activityKey = :activity";
            case Q15 -> "SELECT activityKey AS activity, kind FROM (SELECT expand(out('PERFORMED')) FROM " + X + ") ORDER BY activity";
            case Q16 -> "SELECT k AS person, activity FROM (SELECT k, $p[0].out('PERFORMED').activityKey AS activity FROM (SELECT :people AS k UNWIND k)"
                    + " LET $p = (SELECT FROM Person WHERE personKey = $parent.$current.k) UNWIND activity) WHERE activity IS NOT NULL ORDER BY person, activity";
            case Q17 -> "SELECT activityKey AS activity, text FROM (SELECT expand(out('PERFORMED')) FROM " + X + ") WHERE activityKey IN :activities"
                    + " ORDER BY activity";
            case Q18 -> "SELECT DISTINCT activityKey AS activity, createdAt FROM (SELECT expand(both('FRIEND_OF').out('PERFORMED')) FROM " + X + ")"
                    + " ORDER BY createdAt DESC, activity LIMIT 100";
            case Q19 -> "SELECT messageKey AS message, subject, sentAt FROM (SELECT expand(out('SENT')) FROM " + X + ") WHERE messageKey = :message";
        };
    }
}
