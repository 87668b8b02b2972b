package io.graphperf.engines.falkordb;

import io.graphperf.core.engine.DialectName;
import io.graphperf.studies.Dialect;
import io.graphperf.studies.Expressed;
import io.graphperf.studies.imports.ImportTexts;
import io.graphperf.studies.reads.ReadTexts;
import io.graphperf.studies.reads.SocialQuery;
import io.graphperf.studies.writes.WriteTexts;

import java.util.List;
import java.util.Optional;

/**
 * E2's queries in FalkorDB's Cypher (FalkorDB 4.16.3). Most of the study's texts run as they are; FalkorDB lacks three things they
 * use, each replaced by what a FalkorDB user would write: COUNT subqueries (q09) by the size of a pattern comprehension; COLLECT
 * subqueries with ORDER BY (q10, q11) by list.sort over a pattern comprehension; and shortestPath, which FalkorDB refuses both
 * undirected ("FalkorDB does not currently support undirected shortestPath traversals") and outside WITH or RETURN, by its
 * procedure algo.SPpaths with relDirection 'both' (q07). algo.SPpaths with the study's longest path (15) as its maxLen took
 * 7.5 s and 72 s on the first two pairs at scale 1 (it explores paths up to that length); asked for 1 hop, then 2, … up to 15,
 * the first length that has a path being the shortest (LIMIT 1 stops there), the same 200 pairs took 3.2 ms at the median and
 * 2.1 s at most. Every answer is checked against the same oracle as on Neo4j. E1's statements: {@link FalkorDbImportTexts}; E4's
 * scenarios: {@link FalkorDbWriteTexts}.
 */
public final class FalkorDbDialect implements Dialect {

    /** This dialect's name, which the engine gives as its {@code dialect()}. */
    public static final DialectName NAME = new DialectName("falkordb");

    /**
     * A range index on each key the queries look up. FalkorDB's unique constraint (GRAPH.CONSTRAINT, on top of such an index) only
     * adds a check on writes, which E2 never makes.
     */
    private static final List<String> SCHEMA = List.of(
            "CREATE INDEX FOR (n:Person) ON (n.personKey)",
            "CREATE INDEX FOR (n:Group) ON (n.groupKey)",
            "CREATE INDEX FOR (n:Activity) ON (n.activityKey)",
            "CREATE INDEX FOR (n:Message) ON (n.messageKey)");

    private static final String X = "MATCH (x:Person {personKey: $person})";
    private static final String PROFILE = " OPTIONAL MATCH (x)-[:LIVES_AT]->(a:Address) OPTIONAL MATCH (x)-[:WORKS_AT]->(o:Organization)";
    private static final String PROFILE_COLUMNS = ", x.firstName AS firstName, x.lastName AS lastName, x.status AS status, a.city AS city,"
            + " o.name AS organization, list.sort([(x)-[:HAS_EMAIL]->(e:Email) | e.address]) AS emails,"
            + " list.sort([(x)-[:HAS_PHONE]->(p:Phone) | p.number]) AS phones";

    @Override
    public DialectName name() {
        return NAME;
    }

    @Override
    public ReadTexts reads() {
        return new ReadTexts() {
            @Override
            public Expressed<String> read(SocialQuery q) {
                return Expressed.as(text(q));
            }

            @Override
            public List<String> schema() {
                return SCHEMA;
            }
        };
    }

    /** The query in FalkorDB's Cypher: the study's where FalkorDB has what it uses. */
    private static String text(SocialQuery q) {
        return switch (q) {
            case Q01, Q02, Q03, Q04, Q05, Q06, Q08, Q12, Q13, Q14, Q15, Q16, Q17, Q18, Q19 -> q.cypher();
            case Q07 -> "MATCH (a:Person {personKey: $a}) MATCH (b:Person {personKey: $b}) UNWIND range(1, " + SocialQuery.MAX_PATH + ") AS len"
                    + " CALL algo.SPpaths({sourceNode: a, targetNode: b, relTypes: ['FRIEND_OF'], relDirection: 'both', maxLen: len})"
                    + " YIELD path RETURN length(path) AS hops LIMIT 1";
            case Q09 -> X + "-[:HAS_COLLECTION]->(c:MessageCollection)"
                    + " RETURN c.kind AS collection, size([(c)<-[:IN_COLLECTION]-(m:Message) | m]) AS messages ORDER BY collection";
            case Q10 -> X + PROFILE + " RETURN x.personKey AS person" + PROFILE_COLUMNS;
            case Q11 -> "UNWIND $people AS k MATCH (x:Person {personKey: k})" + PROFILE + " RETURN k AS person" + PROFILE_COLUMNS + " ORDER BY person";
        };
    }

    @Override
    public Optional<ImportTexts> imports() {
        return Optional.of(new FalkorDbImportTexts());
    }

    @Override
    public Optional<WriteTexts> writes() {
        return Optional.of(new FalkorDbWriteTexts());
    }
}
