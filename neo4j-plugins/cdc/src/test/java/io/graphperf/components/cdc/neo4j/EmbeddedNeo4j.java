package io.graphperf.components.cdc.neo4j;

import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.logging.NullLog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** An embedded Neo4j for the capture and relay tests, with the settings every test store has (small page cache, no preallocated log, no usage report). */
final class EmbeddedNeo4j {

    private EmbeddedNeo4j() {
    }

    static DatabaseManagementService start(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path conf = dir.resolve("neo4j.conf");
        Files.writeString(conf, "server.memory.pagecache.size=64m\ndb.tx_log.preallocate=false\ndbms.usage_report.enabled=false\n");
        return new DatabaseManagementServiceBuilder(dir.resolve("home")).loadPropertiesFromFile(conf).build();
    }

    interface Body {
        void run(GraphDatabaseService db, CdcMetrics metrics) throws Exception;
    }

    /**
     * A capture and a relay on an embedded Neo4j in {@code dir}, publishing through {@code publishers} ({@code target} names them in
     * the relay's state); runs {@code body} once the relay publishes, checks that its thread is still alive, and stops everything.
     */
    static void withRelay(Path dir, String name, String target, Supplier<OutboxRelay.Publisher> publishers, Body body) throws Exception {
        DatabaseManagementService dbms = start(dir);
        OutboxRelay relay = null;
        Thread thread = null;
        try {
            GraphDatabaseService db = dbms.database("neo4j");
            CdcMetrics metrics = CdcMetrics.of("relay-" + name + "-" + System.nanoTime());
            ChangeCapture capture = new ChangeCapture(metrics);
            dbms.registerTransactionEventListener("neo4j", capture);
            relay = new OutboxRelay(db, capture, metrics, NullLog.getInstance(), publishers, 0, target);
            thread = new Thread(relay, "relay-" + name);
            thread.start();
            CdcMetrics m = metrics;
            await(() -> m.sourceState.startsWith("publishing to "), "the relay starts: " + metrics.sourceState);
            body.run(db, metrics);
            assertTrue(thread.isAlive(), "the relay's thread is alive");
        } finally {
            if (relay != null) relay.stop();
            if (thread != null) thread.join(30_000);
            dbms.shutdown();
        }
    }

    /** Waits (up to 2 minutes: a busy machine is slow, not wrong) until the condition holds. */
    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("not within 2 minutes: " + what);
            Thread.sleep(20);
        }
    }
}
