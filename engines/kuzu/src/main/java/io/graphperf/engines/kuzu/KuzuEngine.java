package io.graphperf.engines.kuzu;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.HostProcess;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.InProcessResult;
import io.graphperf.core.measure.Measurement;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A running Kuzu engine host on one store. Administrative calls and result checks go through the host's requests; cells
 * run over the embedded transport only ({@link #measureInProcess}), Kuzu having no server protocol.
 */
final class KuzuEngine implements Engine {

    static final ObjectMapper JSON = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    static final Duration ADMIN = Duration.ofMinutes(30);

    private final HostProcess host;
    private final Map<String, Object> environment = new LinkedHashMap<>();

    @SuppressWarnings("unchecked")
    KuzuEngine(HostProcess host, String openReply, Map<String, Object> settings) {
        this.host = host;
        environment.put("engine", "kuzu");
        try {
            environment.putAll(JSON.readValue(openReply, Map.class));
        } catch (Exception e) {
            environment.put("open", openReply);
        }
        environment.put("settings", settings);
    }

    @Override
    public String description() {
        return "embedded Kuzu " + environment.getOrDefault("version", KuzuEngines.VERSION) + " (child JVM, pid " + host.pid().orElse(-1) + ")";
    }

    @Override
    public String dialect() {
        return "kuzu";
    }

    @Override
    public List<String> transports() {
        return List.of();
    }

    @Override
    public Transport transport(String name) {
        throw new UserError("Kuzu is embedded (no server): it is measured over the embedded transport only, not " + name);
    }

    @Override
    public void execute(String statement) {
        execute(statement, Map.of());
    }

    @Override
    public void execute(String statement, Map<String, Object> parameters) {
        host.request(ADMIN, "execute", statement, json(parameters));
    }

    @Override
    public List<Object> queryColumn(String statement, Map<String, Object> parameters) throws Exception {
        return fetchInProcess(new Statement(statement, parameters)).stream().map(r -> r.get(0)).toList();
    }

    @Override
    public long queryLong(String statement) {
        return Long.parseLong(host.request(ADMIN, "long", statement));
    }

    @Override
    public Measurement measureInProcess(InProcessPlan plan) throws Exception {
        Duration cap = Duration.ofMillis(plan.warmupMillis() * 2 + plan.durationMillis()).plus(Duration.ofMinutes(15));
        return JSON.readValue(host.request(cap, "measure", JSON.writeValueAsString(plan)), InProcessResult.class).measured();
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<List<Object>> fetchInProcess(Statement statement) throws Exception {
        return JSON.readValue(host.request(ADMIN, "fetch", statement.text(), json(statement.params())), List.class);
    }

    @Override
    public void awaitIndexesOnline() {
        // Kuzu's only index, the primary key's, is built with its table
    }

    @Override
    public void reset() throws Exception {
        List<List<Object>> tables = fetchInProcess(new Statement("CALL show_tables() RETURN name, type", Map.of()));
        for (String type : List.of("REL", "NODE")) {
            for (List<Object> t : tables) if (type.equals(t.get(1))) execute("DROP TABLE " + t.get(0));
        }
    }

    @Override
    public String resetMethod() {
        return "every table dropped, relationship tables first";
    }

    @Override
    public Map<String, Object> environment() {
        return environment;
    }

    @Override
    public void checkHealthy() {
        if (!host.alive()) throw new UserError("the Kuzu engine host is gone; its log: " + host.log());
    }

    @Override
    public OptionalLong serverPid() {
        return host.pid();
    }

    @Override
    public void close() {
        host.close();
    }

    private static String json(Map<String, Object> params) {
        try {
            return JSON.writeValueAsString(params);
        } catch (Exception e) {
            throw new IllegalArgumentException("parameters cannot be sent to the Kuzu host: " + e.getMessage(), e);
        }
    }
}
