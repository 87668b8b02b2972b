package io.graphperf.engines.orientdb;

import io.graphperf.engines.hosted.SqlFamilyWrites;
import io.graphperf.studies.Expressed;
import io.graphperf.studies.writes.WriteScenario;
import io.graphperf.studies.writes.WriteTexts;

import java.util.List;

/**
 * E4's scenarios in OrientDB's SQL, ArcadeDB's ancestor, alike ({@link SqlFamilyWrites}): {@code CREATE VERTEX}, a script's FOREACH,
 * :User a vertex class with an index where the scenario has one, the ids summed up by its host. An unlabelled node is a record of
 * the base vertex class V; FOREACH's 100 nodes with a self-relationship each are a script of 100 {@code CREATE VERTEX} and
 * {@code CREATE EDGE} pairs, counted afterwards.
 */
final class OrientWriteTexts implements WriteTexts {

    private static final SqlFamilyWrites SQL = new SqlFamilyWrites(
            List.of("CREATE CLASS User IF NOT EXISTS EXTENDS V", "CREATE PROPERTY User.user_id IF NOT EXISTS LONG"),
            "CREATE INDEX User_user_id IF NOT EXISTS ON User (user_id) NOTUNIQUE",
            "CREATE VERTEX User SET user_id = :id",
            "script:FOREACH ($row IN :rows) { CREATE VERTEX User SET user_id = $row.id; }");

    private static final String FOREACH = foreachScript();

    private static String foreachScript() {
        StringBuilder script = new StringBuilder("script:");
        for (int i = 0; i < 100; i++) {
            script.append("LET a").append(i).append(" = CREATE VERTEX V SET type = 'User';\n");
            script.append("CREATE EDGE REL FROM $a").append(i).append(" TO $a").append(i).append(" SET weight = 1;\n");
        }
        return script.toString();
    }

    @Override
    public Counter counter() {
        return SqlFamilyWrites.counter("", "CREATE CLASS Counter IF NOT EXISTS EXTENDS V");
    }

    @Override
    public Expressed<Written> write(WriteScenario s) {
        return switch (s.statement()) {
            case CREATE_LABELLED, UNWIND_ROWS -> Expressed.as(SQL.users(s));
            case FOREACH_SELF_RELATIONSHIPS -> Expressed.as(Written.as(FOREACH, List.of("CREATE CLASS REL IF NOT EXISTS EXTENDS E"),
                            "LET a = CREATE VERTEX V SET type = 'User'; CREATE EDGE REL FROM $a TO $a SET weight = 1;   × 100 in one script")
                    .countedBy(List.of(new Count("vertices", "SELECT count(*) FROM V", 100), new Count("edges", "SELECT count(*) FROM E", 100))));
            case CREATE_UNLABELLED -> {
                String text = "CREATE VERTEX V SET user_id = :id";
                yield Expressed.as(Written.as(text, List.of(), text + (s.perOperation() > 1 ? "   × " + s.perOperation() + " per transaction" : "")
                        + "   (V: OrientDB's base vertex class)").idsSummedOver("V"));
            }
            case CALL_IN_TRANSACTIONS -> Expressed.notExpressible("OrientDB has no CALL {} IN TRANSACTIONS (a SQL script commits where it says COMMIT)");
        };
    }
}
