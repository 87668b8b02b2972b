package io.graphperf.components.batchwriter.neo4j;

import io.graphperf.components.batchwriter.UnwindRewriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Label;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.QueryExecutionException;
import org.neo4j.graphdb.Transaction;
import org.neo4j.kernel.api.procedure.GlobalProcedures;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.server.CommunityBootstrapper;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The batch writer plugin as a client meets it in a real Neo4j server, started in the test's JVM as the server starts (its HTTP
 * endpoint an unmanaged extension, its settings in graphperf.conf beside neo4j.conf): the HTTP endpoint, a full queue refused with a
 * retryable status, failing writes dead-lettered while the rest of their batch applies. Cypher goes through the server's own API.
 */
class BatchWriterOnNeo4jIT {

    static final String CREATE = "CREATE (:User {user_id: $id})";
    static final String SUBMIT = "CALL graphperf.batch.submit($statement, $params, $ack)";
    static final String HTTP_PATH = "/graphperf/batch";

    @Test
    void httpEndpointBackpressureAndDeadLetters(@TempDir Path dir) throws Exception {
        // a small queue, set the way a user would: graphperf.conf beside neo4j.conf
        Path home = dir.resolve("home");
        Files.createDirectories(home.resolve("conf"));
        Files.writeString(home.resolve("conf").resolve("graphperf.conf"), "graphperf.batch_writer.queue_capacity=1000\n");
        int port = freePort();
        CommunityBootstrapper server = new CommunityBootstrapper();
        assertEquals(0, server.start(home, Map.of("server.http.listen_address", "127.0.0.1:" + port, "server.bolt.enabled", "false",
                "server.https.enabled", "false", "server.http_enabled_modules", "UNMANAGED_EXTENSIONS", "dbms.security.auth_enabled", "false",
                "dbms.usage_report.enabled", "false", "db.tx_log.preallocate", "false", "server.memory.pagecache.size", "64m",
                "server.unmanaged_extension_classes", "io.graphperf.components.batchwriter.neo4j.http=" + HTTP_PATH)), "the server starts");
        try {
            GraphDatabaseService db = server.getDatabaseManagementService().database("neo4j");
            ((GraphDatabaseAPI) db).getDependencyResolver().resolveDependency(GlobalProcedures.class).registerProcedure(BatchWriterProcedures.class);
            String endpoint = "http://127.0.0.1:" + port + HTTP_PATH + "/neo4j";
            httpEndpoint(db, endpoint);
            fullQueueRefused(db, endpoint);
            deadLetters(db, home);
            fastPathAsCypher(db);
        } finally {
            server.stop();
        }
    }

    private static void httpEndpoint(GraphDatabaseService db, String endpoint) throws Exception {
        HttpResponse<String> ok = post(endpoint, "{\"statement\": \"" + CREATE + "\", \"params\": {\"id\": 1}, \"ack\": \"applied\"}");
        assertEquals(200, ok.statusCode(), ok.body());
        assertEquals("{\"sequence\":1,\"ack\":\"applied\"}", ok.body());
        assertEquals(1, count(db, "MATCH (u:User {user_id: 1}) RETURN count(u)"), "applied means visible");
        HttpResponse<String> bad = post(endpoint, "{\"params\": {}}");
        assertEquals(400, bad.statusCode());
        assertTrue(bad.body().contains("needs a \\\"statement\\\""), bad.body());
        HttpResponse<String> metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(endpoint + "/metrics")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, metrics.statusCode());
        assertTrue(metrics.body().contains("\"queueCapacity\":1000"), metrics.body());
    }

    /** The lock on the writer's position node held: nothing can be applied, so the queue fills and refuses, retryably. */
    private static void fullQueueRefused(GraphDatabaseService db, String endpoint) throws Exception {
        try (Transaction hold = db.beginTx()) {
            hold.execute("MATCH (w:GraphperfBatchWriter) SET w.held = true").close();
            for (long id = 2; id <= 1001; id++) submit(db, CREATE, id, "durable");
            QueryExecutionException full = assertThrows(QueryExecutionException.class, () -> submit(db, CREATE, 5000L, "durable"));
            assertEquals("Neo.TransientError.Request.ResourceExhaustion", full.getStatusCode(), full.getMessage());
            assertTrue(full.getMessage().contains("queue is full (1000 writes logged but not yet applied)"), full.getMessage());
            HttpResponse<String> busy = post(endpoint, "{\"statement\": \"" + CREATE + "\", \"params\": {\"id\": 5001}}");
            assertEquals(503, busy.statusCode(), busy.body());
            assertTrue(busy.headers().firstValue("Retry-After").isPresent());
            hold.rollback();
        }
        assertEquals(1L, count(db, "CALL graphperf.batch.await(60000) YIELD drained RETURN CASE WHEN drained THEN 1 ELSE 0 END"), "drained");
        assertEquals(1001, count(db, "MATCH (u:User) RETURN count(u)"), "every accepted write, none refused");
        assertEquals(2, metric(db, "rejected"));
    }

    /** A constraint violation and a syntax error are dead-lettered; the writes around them apply. */
    private static void deadLetters(GraphDatabaseService db, Path home) throws Exception {
        db.executeTransactionally("CREATE CONSTRAINT account_id IF NOT EXISTS FOR (a:Account) REQUIRE a.id IS UNIQUE");
        String account = "CREATE (:Account {id: $id})";
        submit(db, account, 7L, "applied");
        QueryExecutionException dup = assertThrows(QueryExecutionException.class, () -> submit(db, account, 7L, "applied"));
        assertTrue(dup.getMessage().contains("Neo.ClientError.Schema.ConstraintValidationFailed") && dup.getMessage().contains("dead-letters.jsonl"),
                dup.getMessage());
        QueryExecutionException syntax = assertThrows(QueryExecutionException.class, () -> submit(db, "CREATE (:Account {id: $id}", 8L, "applied"));
        assertTrue(syntax.getMessage().contains("Neo.ClientError.Statement.SyntaxError"), syntax.getMessage());
        submit(db, account, 9L, "applied");
        assertEquals(List.of(7L, 9L), db.executeTransactionally("MATCH (a:Account) RETURN a.id AS id ORDER BY id", Map.of(),
                r -> r.stream().map(row -> ((Number) row.get("id")).longValue()).toList()));
        assertEquals(2, metric(db, "deadLetters"));
        List<String> dead = Files.readAllLines(home.resolve("data/graphperf-batch-writer/neo4j/dead-letters.jsonl"));
        assertEquals(2, dead.size());
        assertTrue(dead.get(0).contains("\"params\":{\"id\":7}") && dead.get(0).contains("ConstraintValidationFailed"), dead.get(0));
    }

    /**
     * The fast path (one node created with labels and parameters) stores what Cypher stores, value types included; a batch with a value
     * it does not take (a list) goes to Cypher, and so does a statement it does not recognise.
     */
    private static void fastPathAsCypher(GraphDatabaseService db) {
        String statement = "CREATE (n:Fast:Twice {i: $i, d: $d, s: $s, b: $b, gone: $gone})";
        FastCreate fast = FastCreate.of(UnwindRewriter.batched(statement)).orElseThrow();
        Map<String, Object> row = new HashMap<>(Map.of("i", 5, "d", 1.5f, "s", "é\"", "b", true));
        row.put("gone", null);
        try (Transaction tx = db.beginTx()) {
            assertTrue(fast.apply(tx, List.of(row)), "scalars take the fast path");
            assertFalse(fast.apply(tx, List.of(Map.of("i", 1L, "d", List.of(1.0)))), "a list does not");
            tx.execute(statement.replace(":Fast", ":Cypher"), row).close();
            tx.commit();
        }
        Map<String, Object> viaFast = properties(db, "Fast"), viaCypher = properties(db, "Cypher");
        assertEquals(viaCypher, viaFast);
        for (String k : viaCypher.keySet()) assertEquals(viaCypher.get(k).getClass(), viaFast.get(k).getClass(), k);
        assertEquals(Set.of("i", "d", "s", "b"), viaFast.keySet(), "a null value sets nothing");
        assertTrue(FastCreate.of(UnwindRewriter.batched("CREATE (a:A {x: $x})-[:R]->(b:B)")).isEmpty(), "a relationship goes to Cypher");
        assertTrue(FastCreate.of(UnwindRewriter.batched("CREATE (a:A {x: $x, y: 'literal'})")).isEmpty(), "a literal goes to Cypher");
        // through the writer: the batch with a list is applied by Cypher, the list stored as an array
        db.executeTransactionally(SUBMIT, Map.of("statement", "CREATE (:ViaWriter {i: $i, l: $l})", "params", Map.of("i", 1L, "l", List.of(1L, 2L)),
                "ack", "applied"), r -> r.stream().count());
        assertArrayEquals(new long[]{1, 2}, (long[]) db.executeTransactionally("MATCH (n:ViaWriter) RETURN n.l AS l", Map.of(), r -> r.next().get("l")));
    }

    private static Map<String, Object> properties(GraphDatabaseService db, String label) {
        try (Transaction tx = db.beginTx()) {
            List<Node> nodes = tx.findNodes(Label.label(label)).stream().toList();
            assertEquals(1, nodes.size(), label);
            assertTrue(nodes.get(0).hasLabel(Label.label("Twice")), "every label");
            return nodes.get(0).getAllProperties();
        }
    }

    private static void submit(GraphDatabaseService db, String statement, long id, String ack) {
        db.executeTransactionally(SUBMIT, Map.of("statement", statement, "params", Map.of("id", id), "ack", ack), r -> r.stream().count());
    }

    private static long count(GraphDatabaseService db, String query) {
        return db.executeTransactionally(query, Map.of(), r -> ((Number) r.next().values().iterator().next()).longValue());
    }

    private static long metric(GraphDatabaseService db, String name) {
        return db.executeTransactionally("CALL graphperf.batch.metrics() YIELD name, value WHERE name = $n RETURN value", Map.of("n", name),
                r -> ((Number) r.next().get("value")).longValue());
    }

    private static HttpResponse<String> post(String url, String body) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
