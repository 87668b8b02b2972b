package io.graphperf.engines.neo4j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.core.engine.BatchWriterCall;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineSession;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Executes operations over Neo4j's HTTP API with JSON. An explicit transaction of several statements
 * is one request to the transactional endpoint ({@code /db/NAME/tx/commit}); an auto-commit statement
 * goes to the Query API ({@code /db/NAME/query/v2}), which runs it in an implicit transaction; a
 * {@link BatchWriterCall} goes to the batch writer plugin's endpoint ({@code /graphperf/batch/NAME}).
 */
final class HttpEngine implements Engine {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client;
    private final URI txCommit, query, batchWriter;
    private final String authorization;

    HttpEngine(String baseUrl, String database, String user, String password) {
        String base = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.txCommit = URI.create(base + "/db/" + database + "/tx/commit");
        this.query = URI.create(base + "/db/" + database + "/query/v2");
        this.batchWriter = URI.create(base + BatchWriterCall.HTTP_PATH + "/" + database);
        this.authorization = user == null ? null
                : "Basic " + Base64.getEncoder().encodeToString((user + ":" + (password == null ? "" : password)).getBytes());
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
    }

    @Override
    public String transport() {
        return "http";
    }

    @Override
    public EngineSession openSession() {
        return new EngineSession() {
            @Override
            public void execute(Operation operation) throws Exception {
                HttpEngine.this.execute(operation);
            }

            @Override
            public List<List<Object>> fetch(Statement st) throws Exception {
                JsonNode values = post(query, Map.of("statement", st.text(), "parameters", st.params())).path("data").path("values");
                List<List<Object>> rows = new ArrayList<>();
                for (JsonNode row : values) rows.add(JSON.convertValue(row, List.class));
                return rows;
            }
        };
    }

    void execute(Operation op) throws IOException, InterruptedException {
        if (op.txMode() == TxMode.AUTOCOMMIT) {
            Statement st = op.statements().get(0);
            if (BatchWriterCall.is(st)) {
                post(batchWriter, st.params()); // the plugin's endpoint takes {statement, params, ack} as they are
            } else {
                post(query, Map.of("statement", st.text(), "parameters", st.params()));
            }
        } else {
            List<Map<String, Object>> statements = new ArrayList<>(op.statements().size());
            for (Statement st : op.statements()) statements.add(Map.of("statement", st.text(), "parameters", st.params()));
            post(txCommit, Map.of("statements", statements));
        }
    }

    /** Sends one request; any HTTP error or Neo4j error in the body becomes an exception. */
    JsonNode post(URI uri, Object body) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)));
        if (authorization != null) b.header("Authorization", authorization);
        HttpResponse<byte[]> response = client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        int status = response.statusCode();
        if (status == 401) throw new IOException("HTTP 401 from " + uri + ": authentication failed");
        JsonNode json;
        try {
            json = response.body().length == 0 ? JSON.createObjectNode() : JSON.readTree(response.body());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IOException("HTTP " + status + " from " + uri + " with a body that is not JSON: is this Neo4j's HTTP API?");
        }
        JsonNode errors = json.path("errors");
        if (errors.isArray() && !errors.isEmpty()) {
            JsonNode e = errors.get(0);
            throw new IOException("HTTP " + status + " " + e.path("code").asText() + ": " + e.path("message").asText());
        }
        if (status / 100 != 2) {
            String error = json.path("error").asText("");
            throw new IOException("HTTP " + status + " from " + uri + (error.isEmpty() ? "" : ": " + error));
        }
        return json;
    }
}
