package io.graphperf.engines.neo4j;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineSession;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;
import org.neo4j.driver.Driver;
import org.neo4j.driver.Session;
import org.neo4j.driver.SessionConfig;
import org.neo4j.driver.Transaction;
import org.neo4j.driver.async.AsyncSession;
import org.neo4j.driver.async.AsyncTransaction;
import org.neo4j.driver.async.ResultCursor;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Executes operations over Bolt with the official Java driver, one driver session per client.
 * A transaction of one statement uses the blocking API. A transaction of many statements is
 * pipelined with the async API (every statement sent without waiting for the previous reply, then
 * one commit), the Bolt counterpart of posting all statements in one HTTP request; the blocking API
 * would pay one network round trip per statement.
 */
final class BoltEngine implements Engine {

    private final Driver driver;
    private final SessionConfig sessionConfig;

    BoltEngine(Driver driver, String database) {
        this.driver = driver;
        this.sessionConfig = SessionConfig.builder().withDatabase(database).build();
    }

    @Override
    public String transport() {
        return "bolt";
    }

    @Override
    public EngineSession openSession() {
        return new BoltSession(driver.session(sessionConfig), driver.session(AsyncSession.class, sessionConfig));
    }

    private static final class BoltSession implements EngineSession {
        private final Session session;
        private final AsyncSession async;
        private long serverNanos = -1;

        BoltSession(Session session, AsyncSession async) {
            this.session = session;
            this.async = async;
        }

        @Override
        public void execute(Operation op) throws Exception {
            serverNanos = -1;
            if (op.txMode() == TxMode.AUTOCOMMIT) {
                Statement st = op.statements().get(0);
                serverNanos = serverTime(session.run(st.text(), st.params()).consume());
            } else if (op.statements().size() == 1) {
                try (Transaction tx = session.beginTransaction()) {
                    Statement st = op.statements().get(0);
                    serverNanos = serverTime(tx.run(st.text(), st.params()).consume());
                    tx.commit();
                }
            } else {
                executePipelined(op);
            }
        }

        /** The server's own account of the query: until the first record was available, plus until all were consumed (ms resolution). */
        private static long serverTime(org.neo4j.driver.summary.ResultSummary s) {
            long available = s.resultAvailableAfter(java.util.concurrent.TimeUnit.NANOSECONDS);
            long consumed = s.resultConsumedAfter(java.util.concurrent.TimeUnit.NANOSECONDS);
            return available < 0 || consumed < 0 ? -1 : available + consumed;
        }

        @Override
        public long serverNanos() {
            return serverNanos;
        }

        @Override
        public java.util.List<java.util.List<Object>> fetch(Statement st) {
            return session.run(st.text(), st.params()).list(r -> new java.util.ArrayList<>(r.values().stream().map(v -> v.asObject()).toList()));
        }

        private void executePipelined(Operation op) throws Exception {
            AsyncTransaction tx = await(async.beginTransactionAsync().toCompletableFuture());
            try {
                CompletableFuture<?>[] replies = new CompletableFuture<?>[op.statements().size()];
                for (int i = 0; i < replies.length; i++) {
                    Statement st = op.statements().get(i);
                    replies[i] = tx.runAsync(st.text(), st.params()).thenCompose(ResultCursor::consumeAsync).toCompletableFuture();
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
