package io.graphperf.components.gateway.server;

import org.neo4j.configuration.Config;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.kernel.api.security.AuthManager;
import org.neo4j.kernel.extension.ExtensionFactory;
import org.neo4j.kernel.extension.ExtensionType;
import org.neo4j.kernel.extension.context.ExtensionContext;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.kernel.lifecycle.Lifecycle;
import org.neo4j.kernel.lifecycle.LifecycleAdapter;
import org.neo4j.logging.InternalLog;
import org.neo4j.logging.internal.LogService;

/**
 * Starts the WebSocket gateway with its database ({@code graphperf.gateway.database}, default neo4j) and stops it
 * with it. A wrong setting or a port in use is said in Neo4j's log; the database itself starts regardless.
 */
public final class GatewayExtension extends ExtensionFactory<GatewayExtension.Dependencies> {

    public interface Dependencies {
        GraphDatabaseAPI graphDatabaseAPI();

        Config config();

        LogService logService();
    }

    public GatewayExtension() {
        super(ExtensionType.DATABASE, "graphperfGateway");
    }

    @Override
    public Lifecycle newInstance(ExtensionContext context, Dependencies deps) {
        GraphDatabaseAPI db = deps.graphDatabaseAPI();
        InternalLog log = deps.logService().getUserLog(GatewayExtension.class);
        return new LifecycleAdapter() {
            private GatewayServer server;

            @Override
            public void start() {
                if ("system".equals(db.databaseName())) return;
                try {
                    GatewaySettings s = GatewaySettings.read(deps.config());
                    if (!s.enabled() || !s.database().equals(db.databaseName())) return;
                    boolean authEnabled = deps.config().get(GraphDatabaseSettings.auth_enabled);
                    AuthManager auth = db.getDependencyResolver().resolveDependency(AuthManager.class);
                    NativeProcedures procedures = new NativeProcedures();
                    server = new GatewayServer(s, new Requests(db, procedures, s.proceduresOnly()), new Authenticator(auth, authEnabled, s.token()), log);
                    log.info("graphperf gateway listening on %s://%s:%d%s for database '%s' (%d worker threads, procedures only: %s, %d procedures)",
                            s.tls() ? "wss" : "ws", s.listenAddress(), server.port(), GatewayServer.PATH, db.databaseName(), s.threads(),
                            s.proceduresOnly(), procedures.names().size());
                } catch (Exception e) {
                    log.error("graphperf gateway not started: " + e.getMessage());
                }
            }

            @Override
            public void stop() throws Exception {
                if (server != null) server.close();
                server = null;
            }
        };
    }
}
