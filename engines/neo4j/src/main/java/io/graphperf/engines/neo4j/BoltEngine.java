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

/** Executes operations over Bolt with the official Java driver: one driver session per client. */
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
        Session session = driver.session(sessionConfig);
        return new EngineSession() {
            @Override
            public void execute(Operation op) {
                if (op.txMode() == TxMode.AUTOCOMMIT) {
                    Statement st = op.statements().get(0);
                    session.run(st.text(), st.params()).consume();
                    return;
                }
                try (Transaction tx = session.beginTransaction()) {
                    for (Statement st : op.statements()) tx.run(st.text(), st.params()).consume();
                    tx.commit();
                }
            }

            @Override
            public void close() {
                session.close();
            }
        };
    }
}
