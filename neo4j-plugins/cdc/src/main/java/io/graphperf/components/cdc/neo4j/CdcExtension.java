package io.graphperf.components.cdc.neo4j;

import org.neo4j.configuration.Config;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.kernel.extension.ExtensionFactory;
import org.neo4j.kernel.extension.ExtensionType;
import org.neo4j.kernel.extension.context.ExtensionContext;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.kernel.lifecycle.Lifecycle;
import org.neo4j.kernel.lifecycle.LifecycleAdapter;
import org.neo4j.logging.InternalLog;
import org.neo4j.logging.internal.LogService;

/**
 * Starts the change source and/or sink with the database their settings name, once it is available, and stops them with it.
 * The source's listener is registered at once, so no transaction commits uncaptured; it holds capturing transactions until
 * the relay has restored its sequence floor.
 */
public final class CdcExtension extends ExtensionFactory<CdcExtension.Dependencies> {

    public interface Dependencies {
        GraphDatabaseAPI graphDatabaseAPI();

        DatabaseManagementService databaseManagementService();

        Config config();

        LogService logService();
    }

    public CdcExtension() {
        super(ExtensionType.DATABASE, "graphperfChangeStream");
    }

    @Override
    public Lifecycle newInstance(ExtensionContext context, Dependencies deps) {
        GraphDatabaseAPI db = deps.graphDatabaseAPI();
        String name = db.databaseName();
        InternalLog log = deps.logService().getUserLog(CdcExtension.class);
        return new LifecycleAdapter() {
            private ChangeCapture capture;
            private OutboxRelay relay;
            private SinkLoop sink;
            private Thread relayThread, sinkThread;

            @Override
            public void start() {
                if ("system".equals(name)) return;
                CdcSettings s;
                CdcMetrics metrics = CdcMetrics.of(name);
                try {
                    s = CdcSettings.read(deps.config());
                } catch (Exception e) {
                    metrics.sourceState = metrics.sinkState = "not started: " + e.getMessage();
                    log.error("graphperf change stream for '" + name + "' not started: " + e.getMessage());
                    return;
                }
                if (s.sourceEnabled() && s.sourceDatabase().equals(name)) {
                    capture = new ChangeCapture(metrics, s.keyStrategy(), s.numericIds());
                    deps.databaseManagementService().registerTransactionEventListener(name, capture);
                    relay = new OutboxRelay(db, s, capture, metrics, log);
                    relayThread = whenAvailable(db, relay, "graphperf-cdc-relay-" + name);
                }
                if (s.sinkEnabled() && s.sinkDatabase().equals(name)) {
                    sink = new SinkLoop(db, s, metrics, log);
                    sinkThread = whenAvailable(db, sink, "graphperf-cdc-sink-" + name);
                }
            }

            @Override
            public void stop() throws InterruptedException {
                if (relay != null) relay.stop();
                if (sink != null) sink.stop();
                for (Thread t : new Thread[]{relayThread, sinkThread}) {
                    if (t != null) {
                        t.interrupt();
                        t.join(10_000);
                    }
                }
                if (capture != null) deps.databaseManagementService().unregisterTransactionEventListener(name, capture);
            }
        };
    }

    private static Thread whenAvailable(GraphDatabaseAPI db, Runnable r, String threadName) {
        Thread t = new Thread(() -> {
            while (!db.isAvailable(1000)) {
                if (Thread.currentThread().isInterrupted()) return;
            }
            r.run();
        }, threadName);
        t.setDaemon(true);
        t.start();
        return t;
    }
}
