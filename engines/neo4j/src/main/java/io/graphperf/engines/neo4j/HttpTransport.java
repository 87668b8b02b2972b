package io.graphperf.engines.neo4j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.engine.TxMode;
import com.fasterxml.jackson.core.JsonProcessingException;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Executes operations over Neo4j's HTTP API with JSON, reading every row of every result into Java values
 * (as Bolt and embedded do). An explicit transaction of several statements is one request to the
 * transactional endpoint ({@code /db/NAME/tx/commit}); an auto-commit statement goes to the Query API
 * ({@code /db/NAME/query/v2}), which runs it in an implicit transaction; a call of a procedure that has an
 * HTTP route of its own (graphperf's batch writer) is posted there, with the statement's parameters as the body.
 */
final class HttpTransport implements Transport {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client;
    private final URI txCommit, query;
    private final Map<String, URI> procedureRoutes;
    private final String authorization;

    /** @param procedureRoutes procedure name → the endpoint that takes its named arguments as a JSON body */
    HttpTransport(String baseUrl, String database, String user, String password, Map<String, String> procedureRoutes) {
        String base = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.txCommit = URI.create(base + "/db/" + database + "/tx/commit");
        this.query = URI.create(base + "/db/" + database + "/query/v2");
        Map<String, URI> routes = new HashMap<>();
        procedureRoutes.forEach((name, path) -> routes.put(name, URI.create(base + path + "/" + database)));
        this.procedureRoutes = routes;
        this.authorization = user == null ? null
                : "Basic " + Base64.getEncoder().encodeToString((user + ":" + (password == null ? "" : password)).getBytes());
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
    }

    @Override
    public Session openSession() {
        return new Session() {
            @Override
            public void execute(Operation operation) throws Exception {
                HttpTransport.this.execute(operation);
            }

            @Override
            public List<List<Object>> fetch(Statement st) throws Exception {
                return rows(post(query, Map.of("statement", st.text(), "parameters", st.params())).path("data").path("values"));
            }
        };
    }

    void execute(Operation op) throws IOException, InterruptedException {
        if (op.txMode() == TxMode.AUTOCOMMIT || op.txMode() == TxMode.EACH) {
            for (Statement st : op.statements()) autocommit(st); // EACH: in turn, one request at a time
        } else {
            List<Map<String, Object>> statements = new ArrayList<>(op.statements().size());
            for (Statement st : op.statements()) statements.add(Map.of("statement", st.text(), "parameters", st.params()));
            for (JsonNode result : post(txCommit, Map.of("statements", statements)).path("results")) {
                List<JsonNode> data = new ArrayList<>();
                for (JsonNode d : result.path("data")) data.add(d.path("row"));
                rows(JSON.valueToTree(data));
            }
        }
    }

    private void autocommit(Statement st) throws IOException, InterruptedException {
        URI route = st.procedure() == null ? null : procedureRoutes.get(st.procedure());
        if (route != null) {
            post(route, st.params());
        } else {
            rows(post(query, Map.of("statement", st.text(), "parameters", st.params())).path("data").path("values"));
        }
    }

    /** Every row as a list of Java values (maps, lists, strings, numbers), as a client would use them. */
    @SuppressWarnings("unchecked")
    static List<List<Object>> rows(JsonNode values) {
        List<List<Object>> rows = new ArrayList<>();
        for (JsonNode row : values) rows.add(JSON.convertValue(row, List.class));
        return rows;
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
        } catch (JsonProcessingException e) {
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
