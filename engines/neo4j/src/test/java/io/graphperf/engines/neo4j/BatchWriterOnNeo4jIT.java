package io.graphperf.engines.neo4j;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neo4j.driver.AuthTokens;
import org.neo4j.driver.Driver;
import org.neo4j.driver.GraphDatabase;
import org.neo4j.driver.Session;
import org.neo4j.driver.Transaction;
import org.neo4j.driver.exceptions.ClientException;
import org.neo4j.driver.exceptions.TransientException;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The batch writer plugin as a client meets it in a real Neo4j: the HTTP endpoint, a full queue refused
 * with a retryable status, failing writes dead-lettered while the rest of their batch applies.
 */
class BatchWriterOnNeo4jIT {

    static final String CREATE = "CREATE (:User {user_id: $id})";
    static final String SUBMIT = "CALL graphperf.batch.submit($statement, $params, $ack)";

    @Test
    void httpEndpointBackpressureAndDeadLetters(@TempDir Path dir) throws Exception {
        // a small queue, set the way a user would: graphperf.conf beside neo4j.conf (here via the host's settings)
        HostSettings settings = new HostSettings(dir, "768m", "64m", null, null, 0, 0, Map.of("graphperf.batch_writer.queue_capacity", "1000"));
        try (EngineHost host = EngineHost.start(settings, EngineHostIT.home());
             Driver driver = GraphDatabase.driver(host.boltUri(), AuthTokens.none());
             Session s = driver.session()) {
            HttpClient http = HttpClient.newHttpClient();
            String endpoint = host.httpUrl() + GraphperfPlugins.BATCH_WRITER_HTTP_PATH + "/neo4j";

            HttpResponse<String> ok = post(http, endpoint, "{\"statement\": \"" + CREATE + "\", \"params\": {\"id\": 1}, \"ack\": \"applied\"}");
            assertEquals(200, ok.statusCode(), ok.body());
            assertEquals("{\"sequence\":1,\"ack\":\"applied\"}", ok.body());
            assertEquals(1, s.run("MATCH (u:User {user_id: 1}) RETURN count(u) AS n").single().get("n").asLong(), "applied means visible");
            HttpResponse<String> bad = post(http, endpoint, "{\"params\": {}}");
            assertEquals(400, bad.statusCode());
            assertTrue(bad.body().contains("needs a \\\"statement\\\""), bad.body());
            HttpResponse<String> metrics = http.send(HttpRequest.newBuilder(URI.create(endpoint + "/metrics")).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, metrics.statusCode());
            assertTrue(metrics.body().contains("\"queueCapacity\":1000"), metrics.body());

            // hold the lock on the writer's position node: nothing can be applied, so the queue fills
            long refused;
            try (Session blocker = driver.session(); Transaction hold = blocker.beginTransaction()) {
                hold.run("MATCH (w:GraphperfBatchWriter) SET w.held = true").consume();
                for (long id = 2; id <= 1001; id++) {
                    s.run(SUBMIT, Map.of("statement", CREATE, "params", Map.of("id", id), "ack", "durable")).consume();
                }
                TransientException full = assertThrows(TransientException.class,
                        () -> s.run(SUBMIT, Map.of("statement", CREATE, "params", Map.of("id", 5000L), "ack", "durable")).consume());
                assertEquals("Neo.TransientError.Request.ResourceExhaustion", full.code());
                assertTrue(full.getMessage().contains("queue is full (1000 writes logged but not yet applied)"), full.getMessage());
                HttpResponse<String> busy = post(http, endpoint, "{\"statement\": \"" + CREATE + "\", \"params\": {\"id\": 5001}}");
                assertEquals(503, busy.statusCode(), busy.body());
                assertTrue(busy.headers().firstValue("Retry-After").isPresent());
                refused = 2;
                hold.rollback();
            }
            assertTrue(s.run("CALL graphperf.batch.await(60000)").single().get("drained").asBoolean());
            assertEquals(1001, s.run("MATCH (u:User) RETURN count(u) AS n").single().get("n").asLong(), "every accepted write, none refused");
            assertEquals(refused, metric(s, "rejected"));

            // a syntax error and a constraint violation are dead-lettered; the writes around them apply
            s.run("CREATE CONSTRAINT account_id IF NOT EXISTS FOR (a:Account) REQUIRE a.id IS UNIQUE").consume();
            s.run(SUBMIT, Map.of("statement", "CREATE (:Account {id: $id})", "params", Map.of("id", 7L), "ack", "applied")).consume();
            ClientException dup = assertThrows(ClientException.class, () -> s.run(SUBMIT,
                    Map.of("statement", "CREATE (:Account {id: $id})", "params", Map.of("id", 7L), "ack", "applied")).consume());
            assertTrue(dup.getMessage().contains("Neo.ClientError.Schema.ConstraintValidationFailed") && dup.getMessage().contains("dead-letters.jsonl"),
                    dup.getMessage());
            ClientException syntax = assertThrows(ClientException.class, () -> s.run(SUBMIT,
                    Map.of("statement", "CREATE (:Account {id: $id}", "params", Map.of("id", 8L), "ack", "applied")).consume());
            assertTrue(syntax.getMessage().contains("Neo.ClientError.Statement.SyntaxError"), syntax.getMessage());
            s.run(SUBMIT, Map.of("statement", "CREATE (:Account {id: $id})", "params", Map.of("id", 9L), "ack", "applied")).consume();
            assertEquals(List.of(7L, 9L), s.run("MATCH (a:Account) RETURN a.id AS id ORDER BY id").list(r -> r.get("id").asLong()));
            assertEquals(2, metric(s, "deadLetters"));
            List<String> dead = Files.readAllLines(dir.resolve("data/graphperf-batch-writer/neo4j/dead-letters.jsonl"));
            assertEquals(2, dead.size());
            assertTrue(dead.get(0).contains("\"params\":{\"id\":7}") && dead.get(0).contains("ConstraintValidationFailed"), dead.get(0));
        }
    }

    private static long metric(Session s, String name) {
        return s.run("CALL graphperf.batch.metrics() YIELD name, value WHERE name = $n RETURN value", Map.of("n", name)).single().get(0).asLong();
    }

    private static HttpResponse<String> post(HttpClient http, String url, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
