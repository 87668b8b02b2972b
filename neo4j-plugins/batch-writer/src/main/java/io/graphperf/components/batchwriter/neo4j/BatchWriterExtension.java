package io.graphperf.components.batchwriter.neo4j;

import io.graphperf.components.batchwriter.BatchWriter;
import io.graphperf.components.batchwriter.WriterConfig;
import org.neo4j.configuration.Config;
import org.neo4j.kernel.extension.ExtensionFactory;
import org.neo4j.kernel.extension.ExtensionType;
import org.neo4j.kernel.extension.context.ExtensionContext;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.kernel.lifecycle.Lifecycle;
import org.neo4j.kernel.lifecycle.LifecycleAdapter;
import org.neo4j.logging.InternalLog;
import org.neo4j.logging.internal.LogService;

/**
 * Starts a batch writer with each user database (not the system database) and stops it with it. The
 * database is not yet open for transactions while its extensions start, so the writer starts on its own
 * thread once the database is available: it reads the applied position and replays the log from there.
 */
public final class BatchWriterExtension extends ExtensionFactory<BatchWriterExtension.Dependencies> {

    public interface Dependencies {
        GraphDatabaseAPI graphDatabaseAPI();

        Config config();

        LogService logService();
    }

    public BatchWriterExtension() {
        super(ExtensionType.DATABASE, "graphperfBatchWriter");
    }

    @Override
    public Lifecycle newInstance(ExtensionContext context, Dependencies deps) {
        GraphDatabaseAPI db = deps.graphDatabaseAPI();
        String name = db.databaseName();
        InternalLog log = deps.logService().getUserLog(BatchWriterExtension.class);
        return new LifecycleAdapter() {
            private volatile Thread starter;

            @Override
            public void start() {
                if ("system".equals(name)) return;
                BatchWriterSettings settings;
                try {
                    settings = BatchWriterSettings.read(deps.config());
                } catch (Exception e) {
                    BatchWriters.notRunning(name, "its settings are wrong: " + e.getMessage());
                    log.error("graphperf batch writer for '" + name + "' not started: " + e.getMessage());
                    return;
                }
                if (!settings.enabled()) {
                    BatchWriters.notRunning(name, "graphperf.batch_writer.enabled=false");
                    return;
                }
                BatchWriters.notRunning(name, BatchWriters.STARTING);
                starter = new Thread(() -> startWhenAvailable(db, settings, deps.config(), log), "graphperf-batch-writer-start-" + name);
                starter.setDaemon(true);
                starter.start();
            }

            @Override
            public void stop() throws Exception {
                Thread t = starter;
                if (t != null) {
                    t.interrupt();
                    t.join(10_000);
                }
                BatchWriter w = BatchWriters.remove(name);
                BatchWriters.notRunning(name, "the database is stopped");
                if (w != null) {
                    w.close();
                    log.info("graphperf batch writer for '%s' stopped at applied position %d", name, w.appliedPosition());
                }
            }
        };
    }

    private static void startWhenAvailable(GraphDatabaseAPI db, BatchWriterSettings settings, Config config, InternalLog log) {
        String name = db.databaseName();
        try {
            while (!db.isAvailable(1000)) {
                if (Thread.currentThread().isInterrupted()) return;
            }
            WriterConfig wc = settings.writerConfig(config, name);
            BatchWriter w = BatchWriter.start(wc, new Neo4jApplier(db, wc.layout()));
            var m = w.metrics(false);
            BatchWriters.started(name, w);
            log.info("graphperf batch writer for '%s' started: %s; log %s; applied position %d, %d writes to replay, %d torn bytes cut%s",
                    name, wc.describe(), wc.directory(), w.appliedPosition(), m.get("replayedAtStart"), m.get("truncatedBytesAtStart"),
                    m.get("recoveryNote") == null ? "" : " (" + m.get("recoveryNote") + ")");
        } catch (Exception e) {
            BatchWriters.notRunning(name, "it failed to start: " + e.getMessage());
            log.error("graphperf batch writer for '" + name + "' failed to start", e);
        }
    }
}
