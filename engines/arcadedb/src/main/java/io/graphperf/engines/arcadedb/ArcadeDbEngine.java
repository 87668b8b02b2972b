package io.graphperf.engines.arcadedb;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.HostProcess;
import io.graphperf.core.engine.IndexState;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.InProcessResult;
import io.graphperf.core.measure.Measurement;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * A running ArcadeDB engine host on one store. Administrative calls and result checks go through the host's requests; cells
 * run inside the host ({@link #measureInProcess}): graphperf starts ArcadeDB embedded, without its server.
 */
final class ArcadeDbEngine implements Engine {

    static final ObjectMapper JSON = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private static final Duration ADMIN = Duration.ofMinutes(30);

    private final HostProcess host;
    private final Map<String, Object> environment = new LinkedHashMap<>();
    /** The schema statements run on this engine, in order, which a reset runs again. */
    private final List<String> schema = new ArrayList<>();
    private static final Pattern SCHEMA = Pattern.compile("^sql:\\s*(CREATE|ALTER)\\s+(VERTEX\\s+TYPE|EDGE\\s+TYPE|DOCUMENT\\s+TYPE|TYPE|PROPERTY|INDEX)\\b",
            Pattern.CASE_INSENSITIVE);

    @SuppressWarnings("unchecked")
    ArcadeDbEngine(HostProcess host, String openReply, Map<String, Object> settings) throws Exception {
        this.host = host;
        environment.put("engine", "arcadedb");
        environment.putAll(JSON.readValue(openReply, Map.class));
        environment.put("settings", settings);
    }

    @Override
    public String description() {
        return "embedded ArcadeDB " + environment.getOrDefault("version", ArcadeDbEngines.VERSION) + " (child JVM, pid " + host.pid().orElse(-1) + ")";
    }

    @Override
    public String dialect() {
        return "arcadedb";
    }

    @Override
    public List<String> transports() {
        return List.of();
    }

    @Override
    public Transport transport(String name) {
        throw new UserError("ArcadeDB runs embedded here (its server is not started): it is measured over the embedded transport only, not " + name);
    }

    @Override
    public void execute(String statement) {
        execute(statement, Map.of());
    }

    @Override
    public void execute(String statement, Map<String, Object> parameters) {
        host.request(ADMIN, "execute", statement, parametersJson(parameters));
        if (parameters.isEmpty() && SCHEMA.matcher(statement).find() && !schema.contains(statement)) schema.add(statement);
    }

    @Override
    public List<Object> queryColumn(String statement, Map<String, Object> parameters) throws Exception {
        return fetchInProcess(new Statement(statement, parameters)).stream().map(r -> r.isEmpty() ? null : r.get(0)).toList();
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
        return JSON.readValue(host.request(ADMIN, "fetch", statement.text(), parametersJson(statement.params())), List.class);
    }

    /**
     * ArcadeDB's indexes, each built within its CREATE INDEX statement (so online once listed), under the name graphperf gives an
     * index on that label and property (graphperf_label_property, _unique for a unique one); ArcadeDB names them Type[property].
     */
    @Override
    public List<IndexState> indexStates() throws Exception {
        List<IndexState> out = new ArrayList<>();
        // each type's index, named Type[property], and one per bucket under it
        for (List<Object> r : fetchInProcess(new Statement("sql:SELECT name, typeName, properties, unique FROM schema:indexes", Map.of()))) {
            if (r.get(1) == null || !String.valueOf(r.get(0)).contains("[")) continue;
            boolean unique = Boolean.TRUE.equals(r.get(3));
            String name = "graphperf_" + String.valueOf(r.get(1)).toLowerCase(Locale.ROOT) + "_" + String.join("_", flat(r.get(2))) + (unique ? "_unique" : "");
            out.add(new IndexState(name, unique ? "UNIQUE" : "NOTUNIQUE", "ONLINE", 100));
        }
        return out;
    }

    private static List<String> flat(Object v) {
        if (!(v instanceof List<?> l)) return List.of(String.valueOf(v));
        List<String> out = new ArrayList<>();
        for (Object x : l) out.addAll(flat(x));
        return out;
    }

    @Override
    public void awaitIndexesOnline() {
        // ArcadeDB builds an index within its CREATE INDEX statement
    }

    /**
     * An empty database with the schema made so far: the host deletes the database and creates a new one (in a folder of a new name),
     * then the schema statements run on this engine are run again, as Neo4j's reset keeps its indexes (a cell's schema is made
     * once for all cells). Emptying the database in place did not work on ArcadeDB 25.3.1: after TRUNCATE TYPE its counts were
     * wrong, and after dropping the types and writing again acknowledged records went missing; a new database under the old
     * name met stale pages of the old one's files.
     */
    @Override
    public void reset() {
        host.request(ADMIN, "recreate");
        for (String st : schema) host.request(ADMIN, "execute", st, "{}");
    }

    @Override
    public String resetMethod() {
        return "the database deleted and created anew, its schema statements run again";
    }

    @Override
    public Map<String, Object> environment() {
        return environment;
    }

    @Override
    public void checkHealthy() {
        if (!host.alive()) throw new UserError("the ArcadeDB engine host is gone; its log: " + host.log());
    }

    @Override
    public OptionalLong serverPid() {
        return host.pid();
    }

    @Override
    public void close() {
        host.close();
    }

    private static String parametersJson(Map<String, Object> params) {
        try {
            return JSON.writeValueAsString(params);
        } catch (Exception e) {
            throw new IllegalArgumentException("parameters cannot be sent to the ArcadeDB host: " + e.getMessage(), e);
        }
    }
}
