package io.graphperf.engines.arcadedb;

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
 * ArcadeDB's SQL, each text marked {@code sql:} for its host: E2's queries as an ArcadeDB user would write them ({@link SqlFamilyReads}:
 * ArcadeDB 25.3.1's Cypher, Cypher for Gremlin, could not serve the study's texts), the keys the queries look up under unique indexes
 * as Neo4j's uniqueness constraints; group is a keyword in its SQL, so the parameter is passed as groupKey. E1's statements in its
 * SQL ({@link SqlFamilyImports}), E4's scenarios too ({@link ArcadeDbWriteTexts}).
 */
public final class ArcadeDbDialect implements Dialect {

    /** This dialect's name, which the engine gives as its {@code dialect()}. */
    public static final DialectName NAME = new DialectName("arcadedb");

    @Override
    public DialectName name() {
        return NAME;
    }

    /** A text marked sql: is its SQL (parameters :name); any other is its Cypher ($name). */
    @Override
    public char parameterSign(String text) {
        return text.stripLeading().startsWith("sql:") ? ':' : '$';
    }

    @Override
    public Optional<String> idLookup(String label, String property) {
        return Optional.of("sql:" + SqlFamilyReads.idLookup(label, property));
    }

    /** Every query in the family's SQL ({@link SqlFamilyReads#text}, which answers each), marked sql:. */
    @Override
    public ReadTexts reads() {
        return new ReadTexts() {
            @Override
            public Expressed<String> read(SocialQuery q) {
                return Expressed.as("sql:" + SqlFamilyReads.text(q));
            }

            @Override
            public List<String> schema() {
                return List.of(
                        "sql:CREATE INDEX IF NOT EXISTS ON Person (personKey) UNIQUE",
                        "sql:CREATE INDEX IF NOT EXISTS ON `Group` (groupKey) UNIQUE",
                        "sql:CREATE INDEX IF NOT EXISTS ON Activity (activityKey) UNIQUE",
                        "sql:CREATE INDEX IF NOT EXISTS ON Message (messageKey) UNIQUE");
            }

            @Override
            public Map<String, String> parameterNames() {
                return Map.of("group", "groupKey");
            }
        };
    }

    @Override
    public Optional<ImportTexts> imports() {
        return Optional.of(new SqlFamilyImports("sql:", "CREATE INDEX IF NOT EXISTS ON %2$s (%3$s) %4$s",
                "ArcadeDB has no warm-up procedure (APOC's is Neo4j's), and graphperf's query warm-up is written in Cypher, which ArcadeDB's Cypher"
                        + " for Gremlin runs at over a second a query: its probes run cold only"));
    }

    @Override
    public Optional<WriteTexts> writes() {
        return Optional.of(new ArcadeDbWriteTexts());
    }
}
