package io.graphperf.engines.neo4j;

import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.engine.TxMode;
import org.neo4j.driver.Driver;
import org.neo4j.driver.Record;
import org.neo4j.driver.Result;
import org.neo4j.driver.SessionConfig;
import org.neo4j.driver.Transaction;
import org.neo4j.driver.Value;
import org.neo4j.driver.async.AsyncSession;
import org.neo4j.driver.async.AsyncTransaction;
import org.neo4j.driver.summary.ResultSummary;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Executes operations over Bolt with the official Java driver, one driver session per client, reading every
 * row of every result into Java values (as HTTP and embedded do), so transports are compared on equal
 * client work. A transaction of one statement uses the blocking API. A transaction of many statements is
 * pipelined with the async API (every statement sent without waiting for the previous reply, then one
 * commit), the Bolt counterpart of posting all statements in one HTTP request.
 */
final class BoltTransport implements Transport {

    private final Driver driver;
    private final SessionConfig sessionConfig;

    BoltTransport(Driver driver, String database) {
        this.driver = driver;
        this.sessionConfig = SessionConfig.builder().withDatabase(database).build();
    }

    @Override
    public Session openSession() {
        return new BoltSession(driver.session(sessionConfig), driver.session(AsyncSession.class, sessionConfig));
    }

    /** Every value of a record as the Java object the driver maps it to. */
    static List<Object> values(Record r) {
        List<Object> row = new ArrayList<>(r.size());
        for (Value v : r.values()) row.add(v.asObject());
        return row;
    }

    private static final class BoltSession implements Session {
        private final org.neo4j.driver.Session session;
        private final AsyncSession async;
        private long serverNanos = -1;

        BoltSession(org.neo4j.driver.Session session, AsyncSession async) {
            this.session = session;
            this.async = async;
        }

        @Override
        public void execute(Operation op) throws Exception {
            serverNanos = -1;
            if (op.txMode() == TxMode.AUTOCOMMIT) {
                Statement st = op.statements().get(0);
                serverNanos = readAll(session.run(st.text(), st.params()));
            } else if (op.txMode() == TxMode.EACH) {
                for (Statement st : op.statements()) readAll(session.run(st.text(), st.params())); // in turn: one request in flight per session
            } else if (op.statements().size() == 1) {
                try (Transaction tx = session.beginTransaction()) {
                    Statement st = op.statements().get(0);
                    serverNanos = readAll(tx.run(st.text(), st.params()));
                    tx.commit();
                }
            } else {
                executePipelined(op);
            }
        }

        /** Reads every row into Java values, then returns the server's own account of the query. */
        private static long readAll(Result result) {
            while (result.hasNext()) values(result.next());
            return serverTime(result.consume());
        }

        /** Until the first record was available, plus until all were consumed (whole milliseconds). */
        private static long serverTime(ResultSummary s) {
            long available = s.resultAvailableAfter(TimeUnit.NANOSECONDS);
            long consumed = s.resultConsumedAfter(TimeUnit.NANOSECONDS);
            return available < 0 || consumed < 0 ? -1 : available + consumed;
        }

        @Override
        public long serverNanos() {
            return serverNanos;
        }

        @Override
        public List<List<Object>> fetch(Statement st) {
            return session.run(st.text(), st.params()).list(BoltTransport::values);
        }

        private void executePipelined(Operation op) throws Exception {
            AsyncTransaction tx = await(async.beginTransactionAsync().toCompletableFuture());
            try {
                CompletableFuture<?>[] replies = new CompletableFuture<?>[op.statements().size()];
                for (int i = 0; i < replies.length; i++) {
                    Statement st = op.statements().get(i);
                    replies[i] = tx.runAsync(st.text(), st.params())
                            .thenCompose(c -> c.listAsync(BoltTransport::values).thenCompose(rows -> c.consumeAsync())).toCompletableFuture();
                }
                await(CompletableFuture.allOf(replies));
                await(tx.commitAsync().toCompletableFuture());
            } catch (Exception e) {
                try {
                    tx.rollbackAsync().toCompletableFuture().get();
                } catch (ExecutionException ignored) {
                    // the transaction already failed on the server; the first error is the one to report
                }
                throw e;
            }
        }

        private static <T> T await(CompletableFuture<T> f) throws Exception {
            try {
                return f.get();
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception cause ? cause : e;
            }
        }

        @Override
        public void close() {
            session.close();
            async.closeAsync().toCompletableFuture().join();
        }
    }
}
