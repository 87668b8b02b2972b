package io.graphperf.engines.neo4j;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineGroup;
import io.graphperf.core.engine.Engines;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Neo4j as the engine of a trial: an engine host per store, in {@code work}/engine-STORE, with the run's settings
 * (the variant's applied), or a user's server given by URI.
 */
public final class Neo4jEngines implements Engines {

    /**
     * A user's server.
     *
     * @param httpUrl      base URL of its HTTP API, or null to derive http://HOST:7474
     * @param resetAllowed whether graphperf may delete all data in {@code database} between cells
     */
    public record Server(String uri, String user, String password, String database, String httpUrl, boolean resetAllowed) {
    }

    private final HostSettings base;
    private final Path work, home;
    private final String storePrefix;
    private final boolean keepStores;
    private final Optional<Server> server;

    /**
     * @param base        the engine host's settings (heap, page cache, folders, ports, settings), the variant's applied
     * @param work        the trial's folder; each store's engine folder goes under it
     * @param storePrefix makes store folders under a user's --data-dir / --tx-log-dir unique to this trial
     * @param server      a user's server; empty: graphperf starts engine hosts
     */
    public Neo4jEngines(HostSettings base, Path work, Path home, String storePrefix, boolean keepStores, Optional<Server> server) {
        this.base = base;
        this.work = work;
        this.home = home;
        this.storePrefix = storePrefix;
        this.keepStores = keepStores;
        this.server = server;
    }

    @Override
    public boolean embedded() {
        return server.isEmpty();
    }

    /** The host settings of one store: its own engine folder, and its own subfolder of a user's data or log folder. */
    HostSettings host(String store) {
        String id = "graphperf-" + storePrefix + "-" + store;
        return new HostSettings(work.resolve("engine-" + store), base.heap(), base.pageCache(),
                base.dataDir() == null ? null : base.dataDir().resolve(id), base.txLogDir() == null ? null : base.txLogDir().resolve(id),
                base.boltPort(), base.httpPort(), base.extra());
    }

    @Override
    public Engine start(String store, Map<String, String> settings, int connections) throws Exception {
        if (server.isPresent()) {
            Server yours = server.get();
            if (!settings.isEmpty()) {
                throw new UserError("this measurement sets engine settings " + settings.keySet() + " on a server graphperf starts; with --server,"
                        + " set them on your server and run once per setting");
            }
            if (uris(yours).size() > 1) {
                throw new UserError("--server lists " + uris(yours).size() + " servers: a round-robin group is for experiments that only read (reads),"
                        + " where every server holds the same data; this one writes — give one --server");
            }
            Neo4jEngine e = Neo4jEngine.remote(yours.uri(), yours.user(), yours.password(), yours.database(), yours.httpUrl(),
                    yours.resetAllowed(), connections > 0 ? connections : Neo4jEngine.DEFAULT_CONNECTIONS);
            try {
                e.checkResetAllowed();
            } catch (UserError u) {
                e.close();
                throw u;
            }
            return e;
        }
        return Neo4jEngine.embedded(host(store).with(settings), home, connections > 0 ? connections : Neo4jEngine.DEFAULT_CONNECTIONS);
    }

    @Override
    public Engine connect() {
        Server yours = server.orElseThrow(() -> new UnsupportedOperationException("graphperf starts this engine itself"));
        List<String> uris = uris(yours), http = yours.httpUrl() == null ? List.of() : split(yours.httpUrl());
        if (!http.isEmpty() && http.size() != uris.size()) {
            throw new UserError("--http-url gives " + http.size() + " URL(s) for " + uris.size() + " servers in --server: one per server, in the same order");
        }
        List<Engine> connected = new ArrayList<>();
        try {
            for (int i = 0; i < uris.size(); i++) {
                connected.add(Neo4jEngine.remote(uris.get(i), yours.user(), yours.password(), yours.database(), http.isEmpty() ? null : http.get(i),
                        yours.resetAllowed(), Neo4jEngine.DEFAULT_CONNECTIONS));
            }
        } catch (RuntimeException e) {
            for (Engine c : connected) c.close();
            throw e;
        }
        return EngineGroup.of(connected);
    }

    private static List<String> uris(Server server) {
        return split(server.uri());
    }

    private static List<String> split(String list) {
        return Arrays.stream(list.split(",")).map(String::trim).filter(u -> !u.isEmpty()).toList();
    }

    @Override
    public Engine connectTo(String uri, String user, String password, String database) {
        return Neo4jEngine.remote(uri, user, password, database, null, false, Neo4jEngine.DEFAULT_CONNECTIONS);
    }

    @Override
    public BulkImport bulkImport(String store, Map<String, String> options) {
        if (server.isPresent()) {
            throw new UserError("this experiment loads its data with Neo4j's bulk importer into a store on this machine; drop --server");
        }
        HostSettings host = host(store);
        // a study that times its starts (E1's cold start) gets a stock JVM start unless the run set the archive itself
        if ("true".equals(options.get("measured-start")) && !host.extra().containsKey(HostClassArchive.SETTING)) {
            host = host.with(Map.of(HostClassArchive.SETTING, "false"));
        }
        return new Neo4jBulkImport(host, home, options.getOrDefault("max-off-heap", "2G"));
    }

    @Override
    public void deleteStore(String store) throws Exception {
        if (server.isEmpty() && !keepStores) Neo4jBulkImport.deleteStore(host(store));
    }

    @Override
    public String describe() {
        if (server.isPresent()) return "Neo4j at " + server.get().uri() + ", database " + server.get().database();
        Neo4jRelease release = Neo4jRelease.of(base);
        return "embedded Neo4j " + release.version() + " in a child JVM" + (release == Neo4jRelease.V5 ? "" : " on Java 21+, without APOC")
                + " (heap " + base.heap() + ", page cache " + base.pageCache() + ")";
    }

    @Override
    public Map<String, Object> settings() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (server.isPresent()) {
            m.put("server", server.get().uri());
            m.put("database", server.get().database());
            m.put("user", server.get().user());
            return m;
        }
        m.put("neo4j", Neo4jRelease.of(base).version());
        m.put("heap", base.heap());
        m.put("pageCache", base.pageCache());
        m.put("dataDir", base.dataDir() == null ? "(trial folder)/engine-*/data" : base.dataDir() + "/graphperf-*");
        m.put("txLogDir", base.txLogDir() == null ? "(default, under the data directory)" : base.txLogDir() + "/graphperf-*");
        m.put("settings", base.extra());
        m.put("keepStores", keepStores);
        return m;
    }
}
