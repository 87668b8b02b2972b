package io.graphperf.engines.arcadedb.host;

import com.arcadedb.database.Database;
import com.arcadedb.exception.NeedRetryException;
import com.arcadedb.query.sql.executor.Result;
import com.arcadedb.query.sql.executor.ResultSet;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;

import java.util.ArrayList;
import java.util.List;

/**
 * The embedded transport on ArcadeDB: every client a thread of its own on the database in this JVM (ArcadeDB binds a
 * transaction to its thread), each operation one transaction, every row read into Java values (as every graphperf transport
 * does). It only executes; graphperf's Runner times it.
 * <p>
 * A statement runs in the language its text names: {@code sql:} ArcadeDB's SQL, {@code sqlscript:} its SQL script, otherwise
 * Cypher (ArcadeDB's, through its Gremlin module; an optional {@code cypher:} prefix says so); {@code idsummary:} is graphperf's
 * own ({@link IdSummary}), for the write checks. ArcadeDB's transactions are
 * optimistic: one that meets a concurrent change fails with a "retry" exception, and an application runs it again, as this
 * transport does (up to {@value #ATTEMPTS} attempts), the retries inside the operation's latency.
 */
final class ArcadeDbTransport implements Transport {

    static final int ATTEMPTS = 20;

    private final Database db;

    ArcadeDbTransport(Database db) {
        this.db = db;
    }

    @Override
    public Session openSession() {
        return new Session() {
            @Override
            public void execute(Operation op) {
                inTransaction(() -> {
                    for (Statement st : op.statements()) run(st);
                    return null;
                });
            }

            @Override
            public List<List<Object>> fetch(Statement st) {
                return inTransaction(() -> run(st));
            }
        };
    }

    private interface Work<T> {
        T run();
    }

    private <T> T inTransaction(Work<T> work) {
        if (db.isTransactionActive()) throw new IllegalStateException("a transaction is already open on this thread: an operation would nest in it");
        for (int attempt = 1; ; attempt++) {
            db.begin();
            try {
                T out = work.run();
                db.commit();
                return out;
            } catch (NeedRetryException e) {
                if (db.isTransactionActive()) db.rollback();
                if (attempt >= ATTEMPTS) throw new IllegalStateException("ArcadeDB asked for a retry " + ATTEMPTS + " times in a row: " + e.getMessage(), e);
            } catch (RuntimeException | Error e) {
                if (db.isTransactionActive()) db.rollback();
                throw e;
            }
        }
    }

    /** One statement's rows, each column's value as a Java value, columns in the order the result names them. */
    private List<List<Object>> run(Statement st) {
        return run(db, st);
    }

    /**
     * As above, in the caller's transaction, or outside any: the engine host runs schema statements and resets so, which ArcadeDB
     * does not take inside a transaction (the database's auto-transaction stays off: every other statement runs in a transaction
     * the transport opens and closes itself).
     */
    static List<List<Object>> run(Database db, Statement st) {
        Language l = Language.of(st.text());
        if (l.name.equals(IdSummary.LANGUAGE)) return IdSummary.of(db, l.text, st.params());
        List<List<Object>> rows = new ArrayList<>();
        try (ResultSet rs = db.command(l.name, l.text, ArcadeDbValues.parameters(st.params()))) {
            while (rs != null && rs.hasNext()) { // some statements (TRUNCATE) give no result set
                Result r = rs.next();
                List<Object> row = new ArrayList<>();
                for (String column : r.getPropertyNames()) row.add(ArcadeDbValues.java(r.getProperty(column)));
                rows.add(row);
            }
        }
        return rows;
    }

    /** A statement's language and its text without the prefix that names it. */
    record Language(String name, String text) {
        static Language of(String text) {
            for (String prefix : List.of("sqlscript", "sql", "cypher", IdSummary.LANGUAGE)) {
                if (text.startsWith(prefix + ":")) return new Language(prefix, text.substring(prefix.length() + 1).trim());
            }
            return new Language("cypher", text);
        }
    }
}
