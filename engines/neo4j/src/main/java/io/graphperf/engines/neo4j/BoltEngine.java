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

    private record BoltSession(Session session, AsyncSession async) implements EngineSession {

        @Override
        public void execute(Operation op) throws Exception {
            if (op.txMode() == TxMode.AUTOCOMMIT) {
                Statement st = op.statements().get(0);
                session.run(st.text(), st.params()).consume();
            } else if (op.statements().size() == 1) {
                try (Transaction tx = session.beginTransaction()) {
                    Statement st = op.statements().get(0);
                    tx.run(st.text(), st.params()).consume();
                    tx.commit();
                }
            } else {
                executePipelined(op);
            }
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
