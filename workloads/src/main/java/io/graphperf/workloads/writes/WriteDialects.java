package io.graphperf.workloads.writes;

import io.graphperf.core.measure.IdWrites;
import io.graphperf.workloads.cells.CellCheck;
import io.graphperf.workloads.cells.CountCheck;
import io.graphperf.workloads.cells.IdCheck;
import io.graphperf.workloads.cells.Scenario;
import io.graphperf.workloads.cells.ScenarioDialects;

import java.util.ArrayList;
import java.util.List;

/**
 * E4's scenarios in each engine's dialect, in one place. Neo4j's Cypher is the study's own. Kuzu's Cypher writes the same
 * statements, but a node belongs to a table declared first: :User is a table with a serial key (no index on user_id), or,
 * where the scenario has an index on :User(user_id), with user_id as its primary key — Kuzu's only index on a property, which
 * also checks each id is new. The rest cannot be written in Kuzu's Cypher, and the report says why.
 * <p>
 * ArcadeDB's are in its SQL (its Cypher, Cypher for Gremlin, refused the single CREATE and took over a second a statement):
 * {@code CREATE VERTEX User SET user_id = :id} for each statement, and a SQL script's FOREACH over {@code $rows} for the UNWIND
 * batches; :User is a vertex type with user_id a LONG property, indexed (NOTUNIQUE, as Neo4j's index) where the scenario is, and
 * 32 buckets (ArcadeDB's most) chosen by writing thread ({@link #ARCADEDB_USERS}).
 * The ids are summed up for the check by ArcadeDB's host, which scans the type.
 * <p>
 * OrientDB's are in its SQL, ArcadeDB's ancestor, alike: {@code CREATE VERTEX}, a script's FOREACH, :User a vertex class with an
 * index where the scenario has one, the ids summed up by its host; an unlabelled node is a record of the base vertex class V, and
 * FOREACH's 100 nodes with a self-relationship each a script of 100 {@code CREATE VERTEX} and {@code CREATE EDGE} pairs
 * ({@link #ORIENTDB_FOREACH}), counted afterwards.
 * <p>
 * FalkorDB's Cypher writes the study's statements as they are; its index has no name and no IF NOT EXISTS
 * ({@link #FALKORDB_USER_INDEX}); a transaction of several statements is sent as Redis's MULTI … EXEC (run one after another with
 * nothing in between, appended to the log as one write, but not undone when one fails).
 */
public final class WriteDialects {

    static final String KUZU_USERS = "CREATE NODE TABLE IF NOT EXISTS User(key SERIAL, user_id INT64, PRIMARY KEY(key))";
    static final String KUZU_USERS_INDEXED = "CREATE NODE TABLE IF NOT EXISTS User(user_id INT64, PRIMARY KEY(user_id))";
    static final String NO_UNLABELLED = "every Kuzu node belongs to a node table declared beforehand: there is no unlabelled node";

    public static final ScenarioDialects ALL = (s, dialect) -> switch (dialect) {
        case "neo4j" -> ScenarioDialects.Written.as(s);
        case "kuzu" -> kuzu(s);
        case "arcadedb" -> arcadeDb(s);
        case "orientdb" -> orientDb(s);
        case "falkordb" -> falkorDb(s);
        default -> ScenarioDialects.NEO4J.in(s, dialect);
    };

    private WriteDialects() {
    }

    /**
     * :User with a bucket per writing thread, as ArcadeDB advises for parallel writers: with its default (buckets shared round-robin),
     * concurrent transactions of many records each lost many acknowledged records from scans in 25.3.1 (bench/arcadedb-scan-misses.sh);
     * this way far fewer, but some still (docs/engines.md), which the id check reports.
     */
    static final List<String> ARCADEDB_USERS = List.of("sql:CREATE VERTEX TYPE User IF NOT EXISTS BUCKETS 32", "sql:ALTER TYPE User BucketSelectionStrategy `thread`",
            "sql:CREATE PROPERTY User.user_id IF NOT EXISTS LONG");
    static final String ARCADEDB_USER_INDEX = "sql:CREATE INDEX IF NOT EXISTS ON User (user_id) NOTUNIQUE";
    static final String ARCADEDB_CREATE = "sql:CREATE VERTEX User SET user_id = :id";
    static final String ARCADEDB_ROWS = "sqlscript:FOREACH ($row IN :rows) { CREATE VERTEX User SET user_id = $row.id; }";

    static ScenarioDialects.Written arcadeDb(Scenario s) {
        if (s.id().equals("foreach-100")) return ScenarioDialects.Written.notExpressible("not written for ArcadeDB's SQL");
        if (s.id().contains("unlabelled")) return ScenarioDialects.Written.notExpressible("every ArcadeDB record has a type declared beforehand: there is no unlabelled vertex");
        return sql(s, "ArcadeDB", ARCADEDB_USERS, ARCADEDB_USER_INDEX, ARCADEDB_CREATE, ARCADEDB_ROWS,
                "ArcadeDB has no CALL {} IN TRANSACTIONS (a SQL script commits where it says COMMIT)");
    }

    /** :User a vertex class with user_id a LONG property. */
    static final List<String> ORIENTDB_USERS = List.of("CREATE CLASS User IF NOT EXISTS EXTENDS V", "CREATE PROPERTY User.user_id IF NOT EXISTS LONG");
    static final String ORIENTDB_USER_INDEX = "CREATE INDEX User_user_id IF NOT EXISTS ON User (user_id) NOTUNIQUE";
    static final String ORIENTDB_CREATE = "CREATE VERTEX User SET user_id = :id";
    static final String ORIENTDB_ROWS = "script:FOREACH ($row IN :rows) { CREATE VERTEX User SET user_id = $row.id; }";

    static final String ORIENTDB_REL = "CREATE CLASS REL IF NOT EXISTS EXTENDS E";
    static final String ORIENTDB_FOREACH = foreachScript();

    private static String foreachScript() {
        StringBuilder script = new StringBuilder("script:");
        for (int i = 0; i < 100; i++) {
            script.append("LET a").append(i).append(" = CREATE VERTEX V SET type = 'User';\n");
            script.append("CREATE EDGE REL FROM $a").append(i).append(" TO $a").append(i).append(" SET weight = 1;\n");
        }
        return script.toString();
    }

    static ScenarioDialects.Written orientDb(Scenario s) {
        String id = s.id();
        if (id.equals("foreach-100")) {
            IdWrites w = (IdWrites) s.operations();
            IdWrites written = new IdWrites(w.type(), ORIENTDB_FOREACH, w.shape(), w.perOperation(), w.txMode(), w.entities(), w.clientOffset());
            return ScenarioDialects.Written.as(s.written("LET a = CREATE VERTEX V SET type = 'User'; CREATE EDGE REL FROM $a TO $a SET weight = 1;   × 100 in"
                    + " one script", List.of(ORIENTDB_REL), written, List.of(new CountCheck("vertices", "SELECT count(*) FROM V", 100),
                    new CountCheck("edges", "SELECT count(*) FROM E", 100))));
        }
        if (id.contains("unlabelled") && s.operations() instanceof IdWrites w) {
            String text = "CREATE VERTEX V SET user_id = :id";
            IdWrites written = new IdWrites(w.type(), text, w.shape(), w.perOperation(), w.txMode(), w.entities(), w.clientOffset());
            List<CellCheck> checks = s.checks().stream().map(c -> c instanceof IdCheck i ? (CellCheck) i.summedByHost("V") : c).toList();
            return ScenarioDialects.Written.as(s.written(text + (w.perOperation() > 1 ? "   × " + w.perOperation() + " per transaction" : "")
                    + "   (V: OrientDB's base vertex class)", List.of(), written, checks));
        }
        return sql(s, "OrientDB", ORIENTDB_USERS, ORIENTDB_USER_INDEX, ORIENTDB_CREATE, ORIENTDB_ROWS,
                "OrientDB has no CALL {} IN TRANSACTIONS (a SQL script commits where it says COMMIT)");
    }

    /**
     * A scenario in an SQL of the OrientDB family: each statement {@code create}, or the {@code rows} script for the UNWIND batches,
     * :User declared by {@code users} (and {@code index} where the scenario has Neo4j's index), the ids summed up by the engine's
     * host; what it cannot write named.
     */
    private static ScenarioDialects.Written sql(Scenario s, String engine, List<String> users, String index, String create, String rows, String noCallInTx) {
        String id = s.id();
        if (id.startsWith("batch-writer")) return ScenarioDialects.Written.notExpressible("graphperf's batch writer is a Neo4j plugin");
        if (id.equals("call-in-tx")) return ScenarioDialects.Written.notExpressible(noCallInTx);
        if (!(s.operations() instanceof IdWrites w)) return ScenarioDialects.Written.notExpressible("not written for " + engine + "'s SQL");
        String text = w.shape() == IdWrites.Shape.ROWS ? rows : create;
        List<String> setup = new ArrayList<>(users);
        boolean indexed = s.setup().contains(WriteScenarios.USER_INDEX);
        if (indexed) setup.add(index);
        List<CellCheck> checks = s.checks().stream().map(c -> c instanceof IdCheck i ? (CellCheck) i.summedByHost("User") : c).toList();
        IdWrites written = new IdWrites(w.type(), text, w.shape(), w.perOperation(), w.txMode(), w.entities(), w.clientOffset());
        String shown = text + (w.shape() == IdWrites.Shape.EACH_STATEMENT && w.perOperation() > 1 ? "   × " + w.perOperation() + " per transaction" : "")
                + (indexed ? "   with " + index : "");
        return ScenarioDialects.Written.as(s.written(shown, setup, written, checks));
    }

    static final String FALKORDB_USER_INDEX = "CREATE INDEX FOR (u:User) ON (u.user_id)";

    static ScenarioDialects.Written falkorDb(Scenario s) {
        String id = s.id();
        if (id.startsWith("batch-writer")) return ScenarioDialects.Written.notExpressible("graphperf's batch writer is a Neo4j plugin");
        if (id.equals("call-in-tx")) return ScenarioDialects.Written.notExpressible("FalkorDB's Cypher has no CALL {} IN TRANSACTIONS");
        boolean indexed = s.setup().contains(WriteScenarios.USER_INDEX);
        List<String> setup = s.setup().stream().map(st -> st.equals(WriteScenarios.USER_INDEX) ? FALKORDB_USER_INDEX : st).toList();
        String shown = s.query() + (id.startsWith("tx1000") ? "   as MULTI … EXEC" : "") + (indexed ? "   with " + FALKORDB_USER_INDEX : "");
        return ScenarioDialects.Written.as(s.written(shown, setup, s.operations()));
    }

    static ScenarioDialects.Written kuzu(Scenario s) {
        String id = s.id();
        if (id.startsWith("batch-writer")) return ScenarioDialects.Written.notExpressible("graphperf's batch writer is a Neo4j plugin");
        if (id.equals("foreach-100")) return ScenarioDialects.Written.notExpressible("Kuzu's Cypher has no FOREACH");
        if (id.equals("call-in-tx")) return ScenarioDialects.Written.notExpressible("Kuzu's Cypher has no CALL {} IN TRANSACTIONS");
        if (id.contains("unlabelled")) return ScenarioDialects.Written.notExpressible(NO_UNLABELLED);
        boolean indexed = s.setup().contains(WriteScenarios.USER_INDEX);
        String table = indexed ? KUZU_USERS_INDEXED : KUZU_USERS;
        return ScenarioDialects.Written.as(s.written(s.query() + "   on " + table, List.of(table), s.operations()));
    }
}
