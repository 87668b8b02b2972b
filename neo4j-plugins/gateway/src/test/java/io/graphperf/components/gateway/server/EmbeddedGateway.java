package io.graphperf.components.gateway.server;

import io.graphperf.components.batchwriter.neo4j.BatchWriterProcedures;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.kernel.api.procedure.GlobalProcedures;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.logging.log4j.Log4jLogProvider;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * A Neo4j embedded in the test's JVM with the gateway and the batch writer loaded as the server loads them (their extensions found
 * through the service loader, their settings read from {@code conf/graphperf.conf} in the home folder); the gateway's client side in
 * these tests is the JDK's WebSocket ({@link JdkGatewayClient}), so no second Netty meets the server's.
 */
final class EmbeddedGateway implements AutoCloseable {

    private final DatabaseManagementService dbms;
    private final GraphDatabaseService db;
    private final int port;
    private final boolean tls;
    private final ByteArrayOutputStream log;

    private EmbeddedGateway(DatabaseManagementService dbms, int port, boolean tls, ByteArrayOutputStream log) {
        this.dbms = dbms;
        this.db = dbms.database("neo4j");
        this.port = port;
        this.tls = tls;
        this.log = log;
    }

    /** Starts Neo4j in {@code dir} with the gateway's {@code gateway} settings (names without their prefix) and Neo4j's {@code neo4j} ones. */
    static EmbeddedGateway start(Path dir, Map<String, String> gateway, Map<String, String> neo4j) throws IOException {
        Path home = dir.resolve("home"), conf = home.resolve("conf");
        Files.createDirectories(conf);
        int port = freePort();
        Properties own = new Properties();
        own.setProperty("graphperf.gateway.port", Integer.toString(port));
        gateway.forEach((k, v) -> own.setProperty("graphperf.gateway." + k, v));
        try (var w = Files.newBufferedWriter(conf.resolve("graphperf.conf"))) {
            own.store(w, "the gateway's test settings");
        }
        StringBuilder settings = new StringBuilder("server.memory.pagecache.size=32m\ndb.tx_log.preallocate=false\ndbms.usage_report.enabled=false\n");
        neo4j.forEach((k, v) -> settings.append(k).append('=').append(v).append('\n'));
        Path neo4jConf = Files.writeString(dir.resolve("neo4j.conf"), settings.toString());
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home).loadPropertiesFromFile(neo4jConf)
                .setUserLogProvider(new Log4jLogProvider(new PrintStream(log, true, StandardCharsets.UTF_8))).build();
        EmbeddedGateway g = new EmbeddedGateway(dbms, port, gateway.containsKey("tls_certificate"), log);
        GlobalProcedures procedures = ((GraphDatabaseAPI) g.db).getDependencyResolver().resolveDependency(GlobalProcedures.class);
        try {
            procedures.registerProcedure(BatchWriterProcedures.class);
        } catch (Exception e) {
            g.close();
            throw new IOException("cannot register the batch writer's procedures: " + e, e);
        }
        return g;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    URI uri() {
        return URI.create((tls ? "wss" : "ws") + "://127.0.0.1:" + port + GatewayServer.PATH);
    }

    GraphDatabaseService db() {
        return db;
    }

    long count(String query) {
        return db.executeTransactionally(query, Map.of(), r -> ((Number) r.next().values().iterator().next()).longValue());
    }

    /** The database answers (within 10 s). */
    boolean isAlive() {
        return db.isAvailable(10_000);
    }

    /** Waits (up to 60 s) until the batch writer has applied every write it logged; fails when it has not. */
    void awaitApplied() {
        boolean drained = db.executeTransactionally("CALL graphperf.batch.await(60000) YIELD drained RETURN drained", Map.of(),
                r -> (Boolean) r.next().get("drained"));
        if (!drained) throw new AssertionError("the batch writer did not apply its log within 60 s");
    }

    /** What Neo4j's user log has said so far. */
    String log() {
        return log.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        dbms.shutdown();
    }
}
