package io.graphperf.engines.falkordb.host;

import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TxMode;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * FalkorDB over the Redis protocol, as an application reaches it: each client its own connection, each statement a
 * {@code GRAPH.QUERY} with its parameters as FalkorDB takes them ({@code CYPHER name=value …}), every row of the compact reply read
 * into Java values. An operation of several statements in one transaction is sent as Redis's transaction ({@code MULTI}, the
 * queries, {@code EXEC}, in one round trip): the server runs them one after another with nothing in between and appends them to its
 * log as one write, but, as Redis's transactions do, it does not undo the ones before a statement that fails (graphperf counts the
 * operation as failed). It only executes; graphperf's Runner times it.
 */
final class FalkorDbTransport implements Transport {

    private final int port;
    private final String graph;

    FalkorDbTransport(int port, String graph) {
        this.port = port;
        this.graph = graph;
    }

    @Override
    public Session openSession() throws IOException {
        return new FalkorSession(new Resp("127.0.0.1", port), graph);
    }

    /** One connection to the server: GRAPH.QUERY per statement, MULTI/EXEC for an explicit transaction of several. */
    private static final class FalkorSession implements Session {
        private final Resp c;
        private final String graph;
        private long serverNanos = -1;
        /** The server's own time for the last query sent. */
        private long lastServerNanos;

        FalkorSession(Resp c, String graph) {
            this.c = c;
            this.graph = graph;
        }

        @Override
        public void execute(Operation op) throws IOException {
            serverNanos = -1;
            if (op.txMode() == TxMode.EXPLICIT && op.statements().size() > 1) {
                transaction(op.statements());
            } else {
                long server = 0;
                for (Statement st : op.statements()) {
                    FalkorDbValues.rows(check(query(st)));
                    server += lastServerNanos;
                }
                serverNanos = server;
            }
        }

        private Object query(Statement st) throws IOException {
            c.send("GRAPH.QUERY", graph, FalkorDbValues.withParameters(st.text(), st.params()), "--compact");
            c.flush();
            Object r = c.reply();
            lastServerNanos = FalkorDbTransport.serverNanos(r);
            return r;
        }

        private void transaction(List<Statement> statements) throws IOException {
            c.send("MULTI");
            for (Statement st : statements) c.send("GRAPH.QUERY", graph, FalkorDbValues.withParameters(st.text(), st.params()), "--compact");
            c.send("EXEC");
            c.flush();
            List<String> errors = new ArrayList<>();
            for (int i = 0; i < statements.size() + 1; i++) {
                if (c.reply() instanceof Resp.Error e) errors.add(e.message());
            }
            Object exec = c.reply();
            if (exec instanceof Resp.Error e) errors.add(e.message());
            if (exec instanceof List<?> replies) {
                long server = 0;
                for (Object r : replies) {
                    check(r);
                    server += FalkorDbTransport.serverNanos(r);
                }
                serverNanos = server;
            } else if (errors.isEmpty()) {
                throw new IllegalStateException("FalkorDB discarded the transaction (EXEC answered " + exec + ")");
            }
            if (!errors.isEmpty()) throw new IllegalStateException("FalkorDB refused the transaction: " + errors.get(0));
        }

        @Override
        public long serverNanos() {
            return serverNanos;
        }

        @Override
        public List<List<Object>> fetch(Statement st) throws IOException {
            return FalkorDbValues.rows(check(query(st)));
        }

        @Override
        public void close() {
            c.close();
        }
    }

    /** The reply, unless it is an error or carries one (FalkorDB puts a query's run-time error last in its reply). */
    static Object check(Object reply) {
        if (reply instanceof Resp.Error e) throw new IllegalStateException("FalkorDB: " + e.message());
        if (reply instanceof List<?> l && !l.isEmpty() && l.get(l.size() - 1) instanceof Resp.Error e) throw new IllegalStateException("FalkorDB: " + e.message());
        return reply;
    }

    /** The server's own time for a query, from its statistics ("Query internal execution time: 0.25 milliseconds"); -1 when absent. */
    static long serverNanos(Object reply) {
        if (!(reply instanceof List<?> l) || l.isEmpty() || !(l.get(l.size() - 1) instanceof List<?> stats)) return -1;
        for (Object s : stats) {
            String line = FalkorDbValues.text(s);
            if (line.startsWith("Query internal execution time: ")) {
                String ms = line.substring("Query internal execution time: ".length()).replace(" milliseconds", "").trim();
                try {
                    return Math.round(Double.parseDouble(ms) * 1e6);
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }
}
