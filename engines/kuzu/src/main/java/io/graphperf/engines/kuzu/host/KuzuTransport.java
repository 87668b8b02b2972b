package io.graphperf.engines.kuzu.host;

import com.kuzudb.Connection;
import com.kuzudb.Database;
import com.kuzudb.PreparedStatement;
import com.kuzudb.QueryResult;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The embedded transport on Kuzu: each client its own connection to the database in this JVM, each statement prepared
 * once per connection, every row read into Java values (as every graphperf transport does). It only executes;
 * graphperf's Runner times it.
 * <p>
 * Kuzu allows one write transaction at a time ({@link KuzuWriters}): an operation with a write clause holds one fair lock for its
 * whole transaction, so the wait for it is part of the operation's latency, as it would be for the application.
 */
final class KuzuTransport implements Transport {

    /** One database per host: its writers queue here, first come first served. */
    private static final ReentrantLock WRITER = new ReentrantLock(true);

    private final Database db;

    KuzuTransport(Database db) {
        this.db = db;
    }

    @Override
    public Session openSession() {
        Connection c = new Connection(db);
        Map<String, PreparedStatement> prepared = new HashMap<>();
        return new Session() {
            @Override
            public void execute(Operation op) {
                KuzuWriters.execute(op, WRITER, tx -> check(c.query(tx)), this::fetch);
            }

            @Override
            public List<List<Object>> fetch(Statement st) {
                PreparedStatement ps = prepared.get(st.text());
                if (ps == null) {
                    ps = c.prepare(st.text());
                    if (!ps.isSuccess()) {
                        String why = ps.getErrorMessage();
                        ps.close();
                        throw new IllegalStateException(why);
                    }
                    prepared.put(st.text(), ps);
                }
                try (QueryResult r = c.execute(ps, KuzuValues.parameters(st.params()))) {
                    return KuzuValues.rows(r);
                }
            }

            @Override
            public void close() {
                prepared.values().forEach(PreparedStatement::close);
                c.close();
            }
        };
    }

    static void check(QueryResult r) {
        try (r) {
            if (!r.isSuccess()) throw new IllegalStateException(r.getErrorMessage());
        }
    }
}
