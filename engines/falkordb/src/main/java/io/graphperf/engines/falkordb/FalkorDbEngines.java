package io.graphperf.engines.falkordb;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.HostClasspath;
import io.graphperf.engines.hosted.HostProcess;
import io.graphperf.engines.hosted.HostRequest;
import io.graphperf.engines.falkordb.host.FalkorDbOpen;
import io.graphperf.engines.hosted.HostedEngine;
import io.graphperf.engines.hosted.HostedEngines;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
public final class FalkorDbEngines extends HostedEngines {

    public static final String VERSION = FalkorDbBinaries.VERSION;
    /** The Redis settings graphperf gives the server unless the run's say otherwise. */
    static final Map<String, String> DURABLE = Map.of("appendonly", "yes", "appendfsync", "always");
    static final String LOADER = "graphperf's loader over FalkorDB's Cypher (UNWIND batches of 5,000 rows; ends found by id from a map kept while"
            + " loading; FalkorDB " + VERSION + ")";
    private static final String MAIN = "io.graphperf.engines.falkordb.host.FalkorDbHostMain";

    /** The context's settings are the run's Redis settings ({@code --setting falkordb.KEY=VALUE}), over {@link #DURABLE}. */
    public FalkorDbEngines(EngineDescriptor.Context context) {
        super("falkordb", "FalkorDB", context);
    }

    /** Why FalkorDB cannot run here; empty when it can. */
    public static Optional<String> whyNotRunnable() {
        return FalkorDbBinaries.whyNotRunnable();
    }

    @Override
    protected String hostMain() {
        return MAIN;
    }

    @Override
    protected String classpath() throws IOException {
        return HostClasspath.of(context.home(), "engines/falkordb", "graphperf-falkordb.jar", "falkordb-classpath.txt", "the FalkorDB engine host");
    }

    @Override
    protected Engine engine(HostProcess host, Map<String, Object> openReply, Map<String, String> settings) {
        FalkorDbEngine e = new FalkorDbEngine(host, openReply, settings(config(settings)));
        // a server that loaded its append-only file answers before it has rebuilt an index the file re-created, and plans every
        // lookup meanwhile as a scan of the label: 170 s instead of 0.3 s for 10,000 ids among 100,000 (bench/falkordb-aof-index.py).
        // The engine is handed over once its indexes are operational, as after CREATE INDEX
        try {
            e.awaitIndexesOnline();
        } catch (RuntimeException x) {
            e.close();
            throw x;
        }
        return e;
    }

    /** The Redis settings of a server: graphperf's durable defaults, the run's, then the trial's. */
    Map<String, String> config(Map<String, String> settings) {
        Map<String, String> c = new LinkedHashMap<>(DURABLE);
        c.putAll(context.settings());
        c.putAll(settings);
        for (String k : c.keySet()) {
            if (!k.matches("[a-z][a-z0-9-]*")) throw new UserError("'" + k + "' is not a Redis setting FalkorDB's server could take (--setting key=value, e.g. appendfsync=everysec)");
        }
        return c;
    }

    /** The open request: the store, the server's files, its log and its settings. */
    @Override
    protected HostRequest<Map<String, Object>> openRequest(Path store, Map<String, String> settings) {
        try {
            FalkorDbBinaries.Server s = FalkorDbBinaries.get();
            return new FalkorDbOpen(store.toString(), s.redisServer().toString(), s.module().toString(), serverLog().toString(), config(settings));
        } catch (IOException e) {
            throw new UserError("FalkorDB cannot start: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while fetching FalkorDB");
        }
    }

    @Override
    public HostRequest<Map<String, Object>> openRequest(Path store) {
        return openRequest(store, Map.of());
    }

    /** The servers' log (Redis appends: each server of the trial in turn). */
    Path serverLog() {
        return context.trialDir().toAbsolutePath().resolve("falkordb-server.log");
    }

    @Override
    protected String loader() {
        return LOADER;
    }

    @Override
    public String outOfHeapAdvice() {
        return "the loader keeps each label's keys and one batch on the engine host's heap; give a larger --heap";
    }

    @Override
    public String describe() {
        Map<String, String> c = config(Map.of());
        return "FalkorDB " + VERSION + " (redis-server 8.2.3, appendonly " + c.get("appendonly") + ", appendfsync " + c.get("appendfsync")
                + "), reached over the Redis protocol from an engine host (heap " + heap() + ")";
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
        m.put("hostHeap", heap());
        m.put("memory", "FalkorDB holds the whole graph in the server's memory: --page-cache does not apply");
        m.put("access", "over the Redis protocol (RESP2, loopback) from graphperf's engine host, where graphperf's Runner measures");
        return m;
    }
}
