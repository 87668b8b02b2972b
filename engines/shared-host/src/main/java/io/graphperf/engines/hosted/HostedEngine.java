package io.graphperf.engines.hosted;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.measure.InProcess;
import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.Measurement;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * An engine graphperf runs embedded in an engine host of its own (a child JVM), seen from the harness: administrative calls and
 * result checks are the host's requests ({@link HostRequests} answers them there), and cells run inside the host
 * ({@link #measureInProcess}), over the embedded transport only. An engine adds its name, dialect and reset.
 */
public abstract class HostedEngine implements Engine, InProcess {

    public static final ObjectMapper JSON = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    protected static final Duration ADMIN = Duration.ofMinutes(30);

    protected final HostProcess host;
    private final String engine;
    private final Map<String, Object> environment = new LinkedHashMap<>();
    /** The schema statements run on this engine, in order, which {@link #recreate} runs again. */
    private final List<String> schema = new ArrayList<>();

    /**
     * @param engine    the engine's name in messages and run.json (e.g. "kuzu")
     * @param openReply the host's reply to its open request: what it says of the engine, kept in the environment
     * @param settings  graphperf's settings of the engine, kept in the environment
     */
    protected HostedEngine(HostProcess host, String engine, Map<String, Object> openReply, Map<String, Object> settings) {
        this.host = host;
        this.engine = engine;
        environment.put("engine", engine);
        environment.putAll(openReply);
        environment.put("settings", settings);
    }

    @Override
    public List<TransportName> transports() {
        return List.of();
    }

    @Override
    public Transport transport(TransportName name) {
        throw new UserError(engine + " runs embedded in graphperf's engine host (no server): it is measured over the embedded transport only, not " + name);
    }

    @Override
    public void execute(String statement) {
        execute(statement, Map.of());
    }

    @Override
    public void execute(String statement, Map<String, Object> parameters) {
        host.call(ADMIN, new HostRequests.Execute(statement, parameters));
        boolean changesSchema = schemaStatement().filter(p -> p.matcher(statement).find()).isPresent();
        if (changesSchema && parameters.isEmpty() && !schema.contains(statement)) schema.add(statement);
    }

    /** The statements that change the engine's schema, which {@link #recreate} runs again; empty when the engine keeps none. */
    protected Optional<Pattern> schemaStatement() {
        return Optional.empty();
    }

    /**
     * An empty database with the schema made so far: the host's {@code recreate} request (a new, empty database in place of the
     * open one), then the schema statements run on this engine are run again, as Neo4j's reset keeps its indexes (a cell's
     * schema is made once for all cells).
     */
    protected void recreate() {
        host.call(ADMIN, new HostRequests.Recreate());
        for (String st : schema) host.call(ADMIN, new HostRequests.Execute(st, Map.of()));
    }

    @Override
    public List<Object> queryColumn(String statement, Map<String, Object> parameters) throws Exception {
        return fetchInProcess(new Statement(statement, parameters)).stream().map(r -> r.isEmpty() ? null : r.get(0)).toList();
    }

    @Override
    public long queryLong(String statement) {
        return host.call(ADMIN, new HostRequests.LongValue(statement));
    }

    @Override
    public Measurement measureInProcess(InProcessPlan plan) throws Exception {
        Duration cap = Duration.ofMillis(plan.warmupMillis() * 2 + plan.durationMillis()).plus(Duration.ofMinutes(15));
        return host.call(cap, new HostRequests.Measure(plan)).measured();
    }

    @Override
    public List<List<Object>> fetchInProcess(Statement statement) throws Exception {
        return host.call(ADMIN, new HostRequests.Fetch(statement.text(), statement.params()));
    }

    @Override
    public void awaitIndexesOnline() {
        // an embedded engine here builds an index within the statement that creates it
    }

    @Override
    public Map<String, Object> environment() {
        return environment;
    }

    @Override
    public void checkHealthy() {
        if (!host.alive()) throw new UserError("the " + engine + " engine host is gone; its log: " + host.log());
    }

    @Override
    public OptionalLong serverPid() {
        return host.pid();
    }

    /** The processes that serve the engine: a server the host started (its pid in the environment's serverPid), and the host. */
    @Override
    public List<Long> serverPids() {
        List<Long> pids = new ArrayList<>();
        if (environment.get("serverPid") instanceof Number n) pids.add(n.longValue());
        host.pid().ifPresent(pids::add);
        return pids;
    }

    /** A round trip the host measured at start (environment key {@code key}: p50 and p99 in µs), as the engine's line names it. */
    protected String roundTrip(String key) {
        return environment.get(key) instanceof Map<?, ?> m ? "p50 " + m.get("p50") + " µs / p99 " + m.get("p99") + " µs" : "not measured";
    }

    /** Closes the host (which stops a server it started); a server still running after that (its host killed outright) is killed too. */
    @Override
    public void close() {
        host.close();
        if (environment.get("serverPid") instanceof Number n) ProcessHandle.of(n.longValue()).ifPresent(p -> {
            p.destroy();
            try {
                p.onExit().get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                p.destroyForcibly();
            }
        });
    }
}
