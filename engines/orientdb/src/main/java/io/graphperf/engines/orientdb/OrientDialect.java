package io.graphperf.engines.orientdb;

import io.graphperf.engines.hosted.SqlFamilyImports;
import io.graphperf.engines.hosted.SqlFamilyReads;
import io.graphperf.core.engine.DialectName;
import io.graphperf.studies.Dialect;
import io.graphperf.studies.Expressed;
import io.graphperf.studies.imports.ImportTexts;
import io.graphperf.studies.reads.ReadTexts;
import io.graphperf.studies.reads.SocialQuery;
import io.graphperf.studies.writes.WriteTexts;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * OrientDB's SQL: ArcadeDB's SQL began as OrientDB's, and the family's texts ({@link SqlFamilyReads}) serve OrientDB 3.2 as they are,
 * except the profiles (q10, q11): OrientDB 3.2's SQL has no method that sorts a list (ArcadeDB's {@code sort()}). The keys the queries
 * look up under unique indexes, as Neo4j's uniqueness constraints; group is a keyword in its SQL, so the parameter is passed as groupKey.
 * E1's statements in its SQL ({@link SqlFamilyImports}: the same indexes, each named Label_property; it speaks no Cypher, so its probes
 * run cold only), E4's scenarios too ({@link OrientWriteTexts}).
 */
public final class OrientDialect implements Dialect {

    /** This dialect's name, which the engine gives as its {@code dialect()}. */
    public static final DialectName NAME = new DialectName("orientdb");

    @Override
    public DialectName name() {
        return NAME;
    }

    /** OrientDB speaks its SQL only: parameters are :name. */
    @Override
    public char parameterSign(String text) {
        return ':';
    }

    @Override
    public Optional<String> idLookup(String label, String property) {
        return Optional.of(SqlFamilyReads.idLookup(label, property));
    }

    @Override
    public ReadTexts reads() {
        return new ReadTexts() {
            @Override
            public Expressed<String> read(SocialQuery q) {
                return Expressed.as(switch (q) {
                    case Q10 -> profile("SELECT :person AS k", "");
                    case Q11 -> profile("SELECT :people AS k UNWIND k", " ORDER BY person");
                    case Q01, Q02, Q03, Q04, Q05, Q06, Q07, Q08, Q09, Q12, Q13, Q14, Q15, Q16, Q17, Q18, Q19 -> SqlFamilyReads.text(q);
                });
            }

            @Override
            public List<String> schema() {
                return List.of(
                        "CREATE INDEX Person_personKey IF NOT EXISTS ON Person (personKey) UNIQUE",
                        "CREATE INDEX Group_groupKey IF NOT EXISTS ON `Group` (groupKey) UNIQUE",
                        "CREATE INDEX Activity_activityKey IF NOT EXISTS ON Activity (activityKey) UNIQUE",
                        "CREATE INDEX Message_messageKey IF NOT EXISTS ON Message (messageKey) UNIQUE");
            }

            @Override
            public Map<String, String> parameterNames() {
                return Map.of("group", "groupKey");
            }
        };
    }

    @Override
    public Optional<ImportTexts> imports() {
        return Optional.of(new SqlFamilyImports("", "CREATE INDEX %1$s IF NOT EXISTS ON %2$s (%3$s) %4$s",
                "OrientDB has no warm-up procedure (APOC's is Neo4j's), and graphperf's query warm-up is written in Cypher, which OrientDB does not"
                        + " speak: its probes run cold only"));
    }

    @Override
    public Optional<WriteTexts> writes() {
        return Optional.of(new OrientWriteTexts());
    }

    /**
     * A profile of each person key k the inner query gives: the emails and phones come sorted from subqueries of their own, which look
     * the person up by its key again ({@code $parent.$parent}: the subquery's subquery reads the outer row).
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
}
