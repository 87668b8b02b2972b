package io.graphperf.engines.neo4j.procedures;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineSession;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Result;
import org.neo4j.graphdb.Transaction;

import java.util.ArrayList;
import java.util.List;

/**
 * The embedded transport: operations run through Neo4j's Java API in the server's own JVM, with no
 * network or serialisation. Like every engine it only executes; graphperf's Runner times it.
 */
final class EmbeddedEngine implements Engine {

    private final GraphDatabaseService db;

    EmbeddedEngine(GraphDatabaseService db) {
        this.db = db;
    }

    @Override
    public String transport() {
        return "embedded";
    }

    @Override
    public EngineSession openSession() {
        return new EngineSession() {
            @Override
            public void execute(Operation op) {
                try (Transaction tx = db.beginTx()) {
                    for (Statement st : op.statements()) {
                        try (Result r = tx.execute(st.text(), st.params())) {
                            // read every row, as a client would
                            r.accept(row -> true);
                        }
                    }
                    tx.commit();
                }
            }

            @Override
            public List<List<Object>> fetch(Statement st) {
                try (Transaction tx = db.beginTx(); Result r = tx.execute(st.text(), st.params())) {
                    List<List<Object>> rows = new ArrayList<>();
                    List<String> cols = r.columns();
                    while (r.hasNext()) {
                        var m = r.next();
                        List<Object> row = new ArrayList<>();
                        for (String c : cols) row.add(m.get(c));
                        rows.add(row);
                    }
                    return rows;
                }
            }
        };
    }
}
