package io.graphperf.engines.neo4j.procedures;

import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TxMode;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Result;
import org.neo4j.graphdb.Transaction;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The embedded transport: operations run through Neo4j's Java API in the server's own JVM, with no network or
 * serialisation, every row read into Java values (as Bolt and HTTP do). Like every transport it only executes;
 * graphperf's Runner times it.
 */
final class EmbeddedTransport implements Transport {

    private final GraphDatabaseService db;

    EmbeddedTransport(GraphDatabaseService db) {
        this.db = db;
    }

    @Override
    public Session openSession() {
        return new Session() {
            @Override
            public void execute(Operation op) {
                if (op.txMode() != TxMode.EXPLICIT) { // each statement its own implicit transaction (CALL {} IN TRANSACTIONS needs one)
                    for (Statement st : op.statements()) db.executeTransactionally(st.text(), st.params(), r -> rows(r));
                    return;
                }
                try (Transaction tx = db.beginTx()) {
                    for (Statement st : op.statements()) {
                        try (Result r = tx.execute(st.text(), st.params())) {
                            rows(r);
                        }
                    }
                    tx.commit();
                }
            }

            @Override
            public List<List<Object>> fetch(Statement st) {
                try (Transaction tx = db.beginTx(); Result r = tx.execute(st.text(), st.params())) {
                    return rows(r);
                }
            }
        };
    }

    /** Every row as a list of its column values, in column order. */
    static List<List<Object>> rows(Result r) {
        List<List<Object>> rows = new ArrayList<>();
        List<String> cols = r.columns();
        while (r.hasNext()) {
            Map<String, Object> m = r.next();
            List<Object> row = new ArrayList<>(cols.size());
            for (String c : cols) row.add(m.get(c));
            rows.add(row);
        }
        return rows;
    }
}
