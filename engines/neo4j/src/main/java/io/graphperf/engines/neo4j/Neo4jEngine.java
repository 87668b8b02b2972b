package io.graphperf.engines.neo4j;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.IndexState;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;
import org.neo4j.driver.AuthToken;
import org.neo4j.driver.AuthTokens;
import org.neo4j.driver.Config;
import org.neo4j.driver.Driver;
import org.neo4j.driver.GraphDatabase;
import org.neo4j.driver.Logging;
import org.neo4j.driver.Record;
import org.neo4j.driver.Session;
import org.neo4j.driver.SessionConfig;
import org.neo4j.driver.exceptions.AuthenticationException;
import org.neo4j.driver.exceptions.ClientException;
import org.neo4j.driver.exceptions.SecurityException;
import org.neo4j.driver.exceptions.ServiceUnavailableException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.core.engine.PageCacheState;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.measure.InProcess;
import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.InProcessResult;
import io.graphperf.core.measure.Measurement;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A Neo4j server as the engine under test: either the embedded one graphperf starts in a child JVM,
 * or a user's server or cluster given by URI (bolt://, neo4j:// routing, +s/+ssc variants). The same
 * workloads run against both.
 */
public final class Neo4jEngine implements Engine, InProcess {

    public static final String RESET_METHOD = "delete-all: drop every constraint and every index except the built-in lookup indexes, "
            + "DETACH DELETE every node in transactions of 10,000 rows, then force a checkpoint (graphperf.checkpoint(), where installed)";

    private final EngineHost host;
    private final String boltUri, httpUrl, database, user, password;
    private final Driver driver;
    private final boolean resetAllowed;
    /** Whether graphperf.checkpoint() may be there (false once it was not). */
    private boolean checkpointable = true;
    /** Connections of each ws-* transport's client unless a second client asks for another pool (the study compared 1 and 8). */
    private static final int GATEWAY_CONNECTIONS = 8;
    private int gatewayConnections = GATEWAY_CONNECTIONS;
    /** Whether closing this engine stops the engine host (false for a second client of the same host). */
    private boolean ownsHost = true;

    /** The driver's connection pool when a measurement does not ask for another: more than any client count. */
    public static final int DEFAULT_CONNECTIONS = 512;

    /** @param connections the driver's connection-pool size: clients beyond it wait for a connection */
    private Neo4jEngine(EngineHost host, String boltUri, String httpUrl, String database, String user, String password, boolean resetAllowed,
                        int connections) {
        this.host = host;
        this.boltUri = boltUri;
        this.httpUrl = httpUrl;
        this.database = database;
        this.user = user;
        this.password = password;
        this.resetAllowed = resetAllowed;
        AuthToken auth = user == null ? AuthTokens.none() : AuthTokens.basic(user, password == null ? "" : password);
        Config config = Config.builder()
                .withLogging(Logging.none())
                .withMaxConnectionPoolSize(connections)
                .withConnectionAcquisitionTimeout(60, TimeUnit.SECONDS)
                .withConnectionTimeout(10, TimeUnit.SECONDS)
                .build();
        Driver d;
        try {
            d = GraphDatabase.driver(boltUri, auth, config);
        } catch (IllegalArgumentException e) {
            throw new UserError("invalid server URI '" + boltUri + "' (option --server): " + e.getMessage());
        }
        this.driver = d;
    }

    /** Starts the embedded Neo4j and connects to it. */
    public static Neo4jEngine embedded(HostSettings settings, Path graphperfHome) throws IOException, InterruptedException {
        return embedded(settings, graphperfHome, DEFAULT_CONNECTIONS);
    }

    /** Starts the embedded Neo4j and connects to it with a driver pool of {@code connections}. */
    public static Neo4jEngine embedded(HostSettings settings, Path graphperfHome, int connections) throws IOException, InterruptedException {
        EngineHost host = EngineHost.start(settings, graphperfHome);
        try {
            Neo4jEngine t = new Neo4jEngine(host, host.boltUri(), host.httpUrl(), "neo4j", null, null, true, connections);
            t.verify();
            return t;
        } catch (RuntimeException e) {
            host.close();
            throw e;
        }
    }

    /**
     * Connects to a user's server.
     *
     * @param httpUrl      base URL of its HTTP API, or null to derive http://HOST:7474 from the URI
     * @param resetAllowed whether graphperf may delete all data in {@code database} between scenarios
     */
    public static Neo4jEngine remote(String uri, String user, String password, String database, String httpUrl, boolean resetAllowed) {
        return remote(uri, user, password, database, httpUrl, resetAllowed, DEFAULT_CONNECTIONS);
    }

    /** Connects to a user's server with a driver pool of {@code connections}. */
    public static Neo4jEngine remote(String uri, String user, String password, String database, String httpUrl, boolean resetAllowed,
                                     int connections) {
        String http = httpUrl != null ? httpUrl : "http://" + hostOf(uri) + ":7474";
        Neo4jEngine t = new Neo4jEngine(null, uri, http, database, user, password, resetAllowed, connections);
        try {
            t.verify();
            return t;
        } catch (RuntimeException e) {
            t.close();
            throw e;
        }
    }

    private static String hostOf(String uri) {
        try {
            String host = URI.create(uri).getHost();
            if (host == null) throw new IllegalArgumentException("no host");
            return host;
        } catch (IllegalArgumentException e) {
            throw new UserError("invalid server URI '" + uri + "' (option --server): expected e.g. bolt://host:7687 or neo4j://host:7687");
        }
    }

    private void verify() {
        try {
            driver.verifyConnectivity();
            try (Session s = session()) {
                s.run("RETURN 1").consume();
            }
        } catch (AuthenticationException e) {
            throw new UserError("authentication failed for user '" + user + "' at " + boltUri + " (options --user/--password): " + e.getMessage(), e);
        } catch (SecurityException e) {
            throw new UserError("security error connecting to " + boltUri + ": " + e.getMessage(), e);
        } catch (ServiceUnavailableException e) {
            throw new UserError("cannot reach Neo4j at " + boltUri + " (option --server): " + e.getMessage(), e);
        } catch (ClientException e) {
            throw new UserError("Neo4j at " + boltUri + " refused the connection check (database '" + database + "'): " + e.getMessage(), e);
        }
    }

    private Session session() {
        return driver.session(SessionConfig.builder().withDatabase(database).build());
    }

    /** The WebSocket gateway of graphperf's engine host, or null for a user's server. */
    public URI gatewayUri() {
        return host == null ? null : host.gatewayUri();
    }

    /** The gateway's TLS certificate when the run gave it one (trusted by graphperf's own client), else null. */
    private Path gatewayCertificate() {
        String cert = host == null ? null : host.settings().graphperfSettings().get("graphperf.gateway.tls_certificate");
        return cert == null || cert.isBlank() ? null : Path.of(cert.trim());
    }

    @Override
    public String description() {
        if (host != null) {
            return "embedded Neo4j " + host.readyInfo().getOrDefault("neo4j.version", "?") + " in a child JVM (pid " + host.pid()
                    + ", heap " + host.settings().heap() + ", page cache " + host.settings().pageCache() + "), Bolt " + boltUri + ", HTTP " + httpUrl;
        }
        return "Neo4j at " + boltUri + " (HTTP " + httpUrl + "), database " + database;
    }

    @Override
    public Map<TransportName, String> addresses() {
        return Map.of(TransportName.BOLT, boltUri, TransportName.HTTP, httpUrl);
    }

    @Override
    public List<TransportName> transports() {
        // the gateway is graphperf's plugin: offered where graphperf started the server (a user's server: not yet)
        return gatewayUri() == null ? List.of(TransportName.BOLT, TransportName.HTTP)
                : Stream.concat(Stream.of(TransportName.BOLT, TransportName.HTTP), TransportName.FORMATS.stream().map(f -> TransportName.of("ws-" + f))).toList();
    }

    @Override
    public Transport transport(TransportName t) {
        return switch (t.kind()) {
            case BOLT -> new BoltTransport(driver, database);
            case HTTP -> {
                HttpTransport e = new HttpTransport(httpUrl, database, user, password, GraphperfPlugins.PROCEDURE_ROUTES);
                checkHttp(e);
                yield e;
            }
            case GATEWAY -> WsTransport.open(t, gatewayUri(), gatewayConnections, user, password, gatewayCertificate());
            case EMBEDDED -> throw new UserError("transport embedded runs inside the engine's process (its plugin), not over a connection");
        };
    }

    private void checkHttp(HttpTransport e) {
        try {
            e.post(URI.create(httpUrl.replaceAll("/$", "") + "/db/" + database + "/query/v2"), Map.of("statement", "RETURN 1"));
        } catch (IOException ex) {
            throw new UserError("cannot use Neo4j's HTTP API at " + httpUrl + " (option --http-url): "
                    + (ex.getMessage() != null ? ex.getMessage() : ex.getClass().getSimpleName() + " — is the HTTP connector there?"), ex);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted");
        }
    }

    @Override
    public void execute(String statement) {
        try (Session s = session()) {
            s.run(statement).consume();
        }
    }

    @Override
    public void execute(String statement, Map<String, Object> parameters) {
        try (Session s = session()) {
            s.run(statement, parameters).consume();
        }
    }

    @Override
    public List<Object> queryColumn(String statement, Map<String, Object> parameters) {
        try (Session s = session()) {
            return s.run(statement, parameters).list(r -> r.get(0).asObject());
        }
    }

    @Override
    public long queryLong(String statement) {
        try (Session s = session()) {
            Record r = s.run(statement).single();
            return r.get(0).asLong();
        }
    }

    @Override
    public List<IndexState> indexStates() {
        try (Session s = session()) {
            return s.run("SHOW INDEXES YIELD name, type, state, populationPercent RETURN name, type, state, populationPercent")
                    .list(r -> new IndexState(r.get("name").asString(), r.get("type").asString(), r.get("state").asString(),
                            r.get("populationPercent").asDouble()));
        }
    }

    /**
     * From graphperf's own procedure (loaded into the embedded server; on a user's server only when
     * its plugin jar is installed): empty when the procedure is not there.
     */
    @Override
    public Optional<PageCacheState> pageCache() {
        try (Session s = session()) {
            Record r = s.run("CALL graphperf.pageCache()").single();
            return Optional.of(new PageCacheState(r.get("pageSize").asLong(), r.get("maxPages").asLong(),
                    r.get("usedPages").asLong(), r.get("mappedBytes").asLong(), r.get("faults").asLong(), r.get("hits").asLong(),
                    r.get("evictions").asLong(), r.get("bytesRead").asLong()));
        } catch (ClientException e) {
            if (e.getMessage() != null && e.getMessage().contains("graphperf.pageCache")) return Optional.empty();
            throw e;
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** Runs graphperf's Runner inside the server through graphperf's plugin; the call waits for the whole measurement. */
    @Override
    public Measurement measureInProcess(InProcessPlan plan) throws Exception {
        try (Session s = session()) {
            String json = s.run("CALL graphperf.measure($plan)", Map.of("plan", JSON.writeValueAsString(plan))).single().get(0).asString();
            return JSON.readValue(json, InProcessResult.class).measured();
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<List<Object>> fetchInProcess(Statement st) throws Exception {
        try (Session s = session()) {
            String json = s.run("CALL graphperf.fetch($text, $params)", Map.of("text", st.text(), "params", st.params())).single().get(0).asString();
            return JSON.readValue(json, List.class);
        }
    }

    @Override
    public void awaitIndexesOnline() {
        execute("CALL db.awaitIndexes(600)");
    }

    @Override
    public void reset() {
        checkResetAllowed();
        try (Session s = session()) {
            for (String name : s.run("SHOW CONSTRAINTS YIELD name RETURN name").list(r -> r.get(0).asString())) {
                s.run("DROP CONSTRAINT `" + name.replace("`", "``") + "` IF EXISTS").consume();
            }
            for (String name : s.run("SHOW INDEXES YIELD name, type WHERE type <> 'LOOKUP' RETURN name").list(r -> r.get(0).asString())) {
                s.run("DROP INDEX `" + name.replace("`", "``") + "` IF EXISTS").consume();
            }
            s.run("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS").consume();
            // the delete's pages flushed now, not during the next cell's window (where graphperf's plugin is installed)
            if (checkpointable) {
                try {
                    s.run("CALL graphperf.checkpoint()").consume();
                } catch (ClientException e) {
                    checkpointable = false; // a user's server without graphperf's plugin: its own checkpoints then
                }
            }
        }
    }

    /** Refuses early, before any work, when the run would need to delete a user's data without leave. */
    public void checkResetAllowed() {
        if (!resetAllowed) {
            throw new UserError("this run empties database '" + database + "' at " + boltUri + " between scenarios (" + RESET_METHOD
                    + "); pass --reset delete-all to allow it, on a database you can lose");
        }
    }

    @Override
    public String resetMethod() {
        return RESET_METHOD;
    }

    @Override
    public Map<String, Object> environment() {
        Map<String, Object> env = new LinkedHashMap<>();
        try (Session s = session()) {
            for (Record r : s.run("CALL dbms.components() YIELD name, versions, edition RETURN name, versions, edition").list()) {
                env.put("server." + r.get("name").asString(), r.get("versions").asList() + " " + r.get("edition").asString());
            }
        }
        env.put("driver", "neo4j-java-driver " + driverVersion());
        env.put("target.bolt", boltUri);
        env.put("target.http", httpUrl);
        env.put("target.database", database);
        if (host != null) {
            env.put("host.pid", host.pid());
            env.put("host.heap", host.settings().heap());
            env.put("host.pageCache", host.settings().pageCache());
            env.put("host.workDir", host.settings().workDir().toAbsolutePath().toString());
            env.put("host.java", host.readyInfo().get("java.version"));
            env.put("host.classArchive", host.classArchive());
        }
        return env;
    }

    private static String driverVersion() {
        String v = Driver.class.getPackage().getImplementationVersion();
        return v != null ? v : "unknown";
    }

    @Override
    public void checkHealthy() {
        if (host != null) host.checkAlive();
    }

    @Override
    public OptionalLong serverPid() {
        return host != null ? OptionalLong.of(host.pid()) : OptionalLong.empty();
    }

    /** The engine host's settings (null for a user's server). */
    /** The Bolt address this engine's driver connects to. */
    public String boltUri() {
        return boltUri;
    }

    /** The base URL of the server's HTTP API. */
    public String httpUrl() {
        return httpUrl;
    }

    public HostSettings hostSettings() {
        return host == null ? null : host.settings();
    }

    public boolean embedded() {
        return host != null;
    }

    @Override
    public Engine client(int connections) {
        Neo4jEngine c = new Neo4jEngine(host, boltUri, httpUrl, database, user, password, resetAllowed, connections);
        c.ownsHost = false;
        c.gatewayConnections = connections;
        try {
            c.verify();
            return c;
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            driver.close();
        } finally {
            if (host != null && ownsHost) host.close();
        }
    }
}
