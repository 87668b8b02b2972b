package io.graphperf.engines.arcadedb;

import io.graphperf.engines.hosted.SqlFamilyWrites;
import io.graphperf.studies.Expressed;
import io.graphperf.studies.writes.WriteScenario;
import io.graphperf.studies.writes.WriteTexts;

import java.util.List;

/**
 * E4's scenarios in ArcadeDB's SQL (its Cypher, Cypher for Gremlin, refused the single CREATE and took over a second a statement):
 * {@code CREATE VERTEX User SET user_id = :id} for each statement, and a SQL script's FOREACH over {@code $rows} for the UNWIND
 * batches; :User is a vertex type with user_id a LONG property, indexed (NOTUNIQUE, as the study's index) where the scenario is,
 * and 32 buckets (ArcadeDB's most) chosen by writing thread. The ids are summed up for the check by ArcadeDB's host, which scans
 * the type.
 * <p>
 * A bucket per writing thread, as ArcadeDB advises for parallel writers: with its default (buckets shared round-robin), concurrent
 * transactions of many records each lost many acknowledged records from scans in 25.3.1 (bench/arcadedb-scan-misses.sh); this way
 * far fewer, but some still (docs/engines.md), which the id check reports.
 */
final class ArcadeDbWriteTexts implements WriteTexts {

    private static final SqlFamilyWrites SQL = new SqlFamilyWrites(
            List.of("sql:CREATE VERTEX TYPE User IF NOT EXISTS BUCKETS 32", "sql:ALTER TYPE User BucketSelectionStrategy `thread`",
                    "sql:CREATE PROPERTY User.user_id IF NOT EXISTS LONG"),
            "sql:CREATE INDEX IF NOT EXISTS ON User (user_id) NOTUNIQUE",
            "sql:CREATE VERTEX User SET user_id = :id",
            "sqlscript:FOREACH ($row IN :rows) { CREATE VERTEX User SET user_id = $row.id; }");

    @Override
    public Counter counter() {
        return SqlFamilyWrites.counter("sql:", "CREATE VERTEX TYPE Counter IF NOT EXISTS");
    }

    @Override
    public Expressed<Written> write(WriteScenario s) {
        return switch (s.statement()) {
            case CREATE_LABELLED, UNWIND_ROWS -> Expressed.as(SQL.users(s));
            case FOREACH_SELF_RELATIONSHIPS -> Expressed.notExpressible("not written for ArcadeDB's SQL");
            case CREATE_UNLABELLED -> Expressed.notExpressible("every ArcadeDB record has a type declared beforehand: there is no unlabelled vertex");
            case CALL_IN_TRANSACTIONS -> Expressed.notExpressible("ArcadeDB has no CALL {} IN TRANSACTIONS (a SQL script commits where it says COMMIT)");
        };
    }
}
