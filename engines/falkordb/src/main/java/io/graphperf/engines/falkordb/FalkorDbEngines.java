package io.graphperf.engines.falkordb;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Engines;
import io.graphperf.core.engine.HostClasspath;
import io.graphperf.core.engine.HostProcess;
import io.graphperf.core.engine.ImportFiles;
import io.graphperf.engines.hosted.HostedBulkImport;
import io.graphperf.engines.hosted.HostedEngine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * FalkorDB as graphperf starts it: a FalkorDB server ({@code redis-server} with the module, {@link FalkorDbBinaries}) on a store in
 * the trial's folder, started and reached by an engine host of graphperf's (a child JVM) over the Redis protocol, as an application
 * reaches it. graphperf's Runner measures in that host, so every figure includes a loopback round trip, which the host measures
 * alone at start (its environment's pingRoundTripMicros).
 * <p>
 * Durability is part of a fair comparison: Redis acknowledges a write before any fsync by default, Neo4j only once its
 * transaction log is forced. graphperf runs FalkorDB with {@code appendonly yes} and {@code appendfsync always} (each write in the
 * append-only file, forced before the reply) unless a setting says otherwise ({@code --setting appendfsync=everysec}, named in
 * every figure's engine settings).
 */
public final class FalkorDbEngines implements Engines, HostedBulkImport.Host {

    public static final String VERSION = FalkorDbBinaries.VERSION;
    /** The Redis settings graphperf gives the server unless the run's say otherwise. */
    static final Map<String, String> DURABLE = Map.of("appendonly", "yes", "appendfsync", "always");
    static final String LOADER = "graphperf's loader over FalkorDB's Cypher (UNWIND batches of 5,000 rows; ends found by id from a map kept while"
            + " loading; FalkorDB " + VERSION + ")";
    private static final String MAIN = "io.graphperf.engines.falkordb.host.FalkorDbHostMain";

    private final Path dir;
    private final Path stores;
    private final Path home;
    private final String heap;
    private final boolean keepStore;
    private final Map<String, String> runSettings;

    /**
     * @param dir         the trial's folder (the host's and the server's logs)
     * @param stores      where stores go, each as graphperf-falkordb-STORE (the trial's folder, or --data-dir)
     * @param home        graphperf's checkout or release (engines/falkordb/target holds the host's classpath)
     * @param heap        the engine host's heap (a client's: FalkorDB's memory is the server's, outside it)
     * @param runSettings Redis settings of the run (--setting key=value), over {@link #DURABLE}
     */
    public FalkorDbEngines(Path dir, Path stores, Path home, String heap, Map<String, String> runSettings, boolean keepStore) {
        this.dir = dir;
        this.stores = stores;
        this.home = home;
        this.heap = heap;
        this.runSettings = runSettings;
        this.keepStore = keepStore;
    }

    /** Why FalkorDB cannot run here, or null. */
    public static String whyNotRunnable() {
        return FalkorDbBinaries.whyNotRunnable();
    }

    @Override
    public boolean embedded() {
        return true;
    }

    @Override
    public Engine start(String store, Map<String, String> settings, int connections) throws Exception {
        return open(storeDir(store), settings);
    }

    @Override
    public Engine open(Path store, Map<String, String> settings) throws Exception {
        Map<String, String> config = config(settings);
        HostProcess host = startHost();
        try {
            return new FalkorDbEngine(host, host.request(Duration.ofMinutes(15), "open", openRequest(store, config).toArray(String[]::new)), settings(config));
        } catch (Exception | Error e) {
            host.close();
            throw e;
        }
    }

    /** The Redis settings of a server: graphperf's durable defaults, the run's, then the trial's. */
    Map<String, String> config(Map<String, String> settings) {
        Map<String, String> c = new LinkedHashMap<>(DURABLE);
        c.putAll(runSettings);
        c.putAll(settings);
        for (String k : c.keySet()) {
            if (!k.matches("[a-z][a-z0-9-]*")) throw new UserError("'" + k + "' is not a Redis setting FalkorDB's server could take (--setting key=value, e.g. appendfsync=everysec)");
        }
        return c;
    }

    /** The host's open request: the store, then the server's files, its log and its settings. */
    private List<String> openRequest(Path store, Map<String, String> config) {
        List<String> a = new ArrayList<>(List.of(store.toAbsolutePath().toString()));
        a.addAll(serverArguments(config));
        return a;
    }

    private List<String> serverArguments(Map<String, String> config) {
        try {
            FalkorDbBinaries.Server s = FalkorDbBinaries.get();
            return List.of(s.redisServer().toString(), s.module().toString(), serverLog().toString(), HostedEngine.JSON.writeValueAsString(config));
        } catch (IOException e) {
            throw new UserError("FalkorDB cannot start: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while fetching FalkorDB");
        }
    }

    @Override
    public HostProcess startHost() throws IOException {
        Files.createDirectories(dir);
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xms" + heap, "-Xmx" + heap, "-XX:+UseG1GC",
                "-Dgraphperf.trial=" + dir.toAbsolutePath(), "-Dgraphperf.host=" + MAIN, "-cp",
                HostClasspath.of(home, "falkordb", "graphperf-falkordb.jar", "falkordb-classpath.txt", "the FalkorDB engine host"), MAIN);
        return HostProcess.start("FalkorDB", cmd, hostLog(), Duration.ofMinutes(2));
    }

    @Override
    public List<String> openArguments() {
        return serverArguments(config(Map.of()));
    }

    @Override
    public Path hostLog() {
        return dir.toAbsolutePath().resolve("falkordb-host.log");
    }

    /** The servers' log (Redis appends: each server of the trial in turn). */
    Path serverLog() {
        return dir.toAbsolutePath().resolve("falkordb-server.log");
    }

    Path storeDir(String store) {
        return stores.toAbsolutePath().resolve("graphperf-falkordb-" + store);
    }

    @Override
    public BulkImport bulkImport(String store, Map<String, String> options) throws Exception {
        Path s = storeDir(store);
        ImportFiles.deleteTree(s);
        return new HostedBulkImport(s, "FalkorDB", LOADER, this);
    }

    @Override
    public void deleteStore(String store) throws Exception {
        if (!keepStore) ImportFiles.deleteTree(storeDir(store));
    }

    @Override
    public String outOfHeapAdvice() {
        return "the loader keeps each label's keys and one batch on the engine host's heap; give a larger --heap";
    }

    @Override
    public boolean keepStore() {
        return keepStore;
    }

    @Override
    public String describe() {
        Map<String, String> c = config(Map.of());
        return "FalkorDB " + VERSION + " (redis-server 8.2.3, appendonly " + c.get("appendonly") + ", appendfsync " + c.get("appendfsync")
                + "), reached over the Redis protocol from an engine host (heap " + heap + ")";
    }

    @Override
    public Map<String, Object> settings() {
        return settings(config(Map.of()));
    }

    private Map<String, Object> settings(Map<String, String> config) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", "falkordb");
        m.put("version", VERSION);
        m.put("redis", config);
        m.put("hostHeap", heap);
        m.put("memory", "FalkorDB holds the whole graph in the server's memory: --page-cache does not apply");
        m.put("access", "over the Redis protocol (RESP2, loopback) from graphperf's engine host, where graphperf's Runner measures");
        return m;
    }
}
