package io.graphperf.engines.kuzu;

import io.graphperf.core.engine.DialectName;
import io.graphperf.studies.Dialect;
import io.graphperf.studies.Expressed;
import io.graphperf.studies.imports.ImportTexts;
import io.graphperf.studies.reads.ReadTexts;
import io.graphperf.studies.reads.SocialQuery;
import io.graphperf.studies.writes.WriteTexts;

import java.util.Map;
import java.util.Optional;

/**
 * Kuzu's Cypher (LadybugDB, its fork, speaks it too): E2's queries run as the study wrote them, except where Kuzu's Cypher lacks what
 * they use. GROUP is a keyword in Kuzu's Cypher: the label Group and the column group are written quoted in every text, and the
 * parameter group, which cannot be, is passed as groupKey. Kuzu's primary keys come with its tables: no schema statements. E1's
 * statements: {@link KuzuImportTexts}; E4's scenarios: {@link KuzuWriteTexts}.
 */
public final class KuzuDialect implements Dialect {

    /** This dialect's name, which the engine gives as its {@code dialect()}. */
    public static final DialectName NAME = new DialectName("kuzu");

    private static final String X = "MATCH (x:Person {personKey: $person})";
    /**
     * Kuzu has no COLLECT subquery: a profile's emails and phones are collected by optional matches in turn, sorted by
     * list_sort (collect keeps no order), grouped by the person's position in the list asked for (i), so a person asked for
     * twice is answered twice, as UNWIND does in Neo4j. A person has at most one address and one employer in the dataset.
     */
    private static final String PROFILE = " OPTIONAL MATCH (x)-[:LIVES_AT]->(a:Address) OPTIONAL MATCH (x)-[:WORKS_AT]->(o:Organization)"
            + " OPTIONAL MATCH (x)-[:HAS_EMAIL]->(e:Email) WITH i, k, x, a, o, list_sort(collect(e.address)) AS emails"
            + " OPTIONAL MATCH (x)-[:HAS_PHONE]->(p:Phone) WITH i, k, x, a, o, emails, list_sort(collect(p.number)) AS phones"
            + " RETURN k AS person, x.firstName AS firstName, x.lastName AS lastName, x.status AS status, a.city AS city, o.name AS organization,"
            + " emails, phones";

    @Override
    public DialectName name() {
        return NAME;
    }

    @Override
    public ReadTexts reads() {
        return new ReadTexts() {
            @Override
            public Expressed<String> read(SocialQuery q) {
                return Expressed.as(names(text(q)));
            }

            @Override
            public Map<String, String> parameterNames() {
                return Map.of("group", "groupKey");
            }
        };
    }

    /** The query in Kuzu's Cypher, before {@link #names}: the study's where Kuzu's Cypher has what it uses. */
    private static String text(SocialQuery q) {
        return switch (q) {
            case Q01, Q02, Q08, Q12, Q13, Q14, Q15, Q16, Q17, Q18, Q19 -> q.cypher();
            // pattern predicates become EXISTS subqueries; nodes are compared by key
            case Q03 -> X + "-[:FRIEND_OF]-(f:Person)-[:FRIEND_OF]-(r:Person) WHERE r.personKey <> x.personKey"
                    + " AND NOT EXISTS { MATCH (x)-[:FRIEND_OF]-(r) } RETURN r.personKey AS person, count(DISTINCT f) AS common ORDER BY common DESC, person LIMIT 10";
            case Q04 -> X + "-[:FRIEND_OF]-(f:Person)-[:MEMBER_OF]->(g:Group) WHERE NOT EXISTS { MATCH (x)-[:MEMBER_OF]->(g) }"
                    + " RETURN g.groupKey AS group, count(DISTINCT f) AS friends ORDER BY friends DESC, group LIMIT 10";
            case Q05 -> X + "-[:FRIEND_OF*1..3]-(p:Person) WHERE p.personKey <> x.personKey AND NOT EXISTS { MATCH (x)-[:FRIEND_OF]-(p) }"
                    + " RETURN count(DISTINCT p) AS people, sum(DISTINCT p.personKey) AS keySum";
            case Q06 -> X + "-[:FRIEND_OF*1..2]-(p:Person) WHERE p.personKey <> x.personKey AND NOT EXISTS { MATCH (x)-[:FRIEND_OF]-(p) }"
                    + " RETURN count(DISTINCT p) AS people, sum(DISTINCT p.personKey) AS keySum";
            // Kuzu's shortest path is a recursive pattern of its own
            case Q07 -> "MATCH (a:Person {personKey: $a}), (b:Person {personKey: $b})"
                    + " MATCH p = (a)-[:FRIEND_OF* SHORTEST 1.." + SocialQuery.MAX_PATH + "]-(b) RETURN length(p) AS hops";
            case Q09 -> X + "-[:HAS_COLLECTION]->(c:MessageCollection)"
                    + " RETURN c.kind AS collection, COUNT { MATCH (c)<-[:IN_COLLECTION]-(:Message) } AS messages ORDER BY collection";
            case Q10 -> "MATCH (x:Person {personKey: $person}) WITH 1 AS i, x.personKey AS k, x" + PROFILE;
            case Q11 -> "UNWIND range(1, size($people)) AS i WITH i, CAST(list_extract($people, i) AS INT64) AS k MATCH (x:Person {personKey: k})"
                    + PROFILE + " ORDER BY person";
        };
    }

    @Override
    public Optional<ImportTexts> imports() {
        return Optional.of(new KuzuImportTexts());
    }

    @Override
    public Optional<WriteTexts> writes() {
        return Optional.of(new KuzuWriteTexts());
    }

    /** GROUP quoted where it is the label or the column, and the parameter $group renamed $groupKey. */
    static String names(String text) {
        return text.replace("$group", "$groupKey").replaceAll("(?<![\\w`$.])(Group|group)(?![\\w`])", "`$1`");
    }
}
