package io.graphperf.engines.neo4j;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the harness asks of the embedded Neo4j: memory, directories, ports and any extra settings.
 *
 * @param workDir   the engine host's home: logs, run files and (unless dataDir is set) the store
 * @param heap      child JVM heap, e.g. "1g" (-Xms and -Xmx)
 * @param pageCache server.memory.pagecache.size, e.g. "512m"
 * @param dataDir   server.directories.data, or null for workDir/data
 * @param txLogDir  server.directories.transaction.logs.root, or null for the default under dataDir
 * @param boltPort  0 picks a free port
 * @param httpPort  0 picks a free port
 * @param extra     further Neo4j settings, applied last; keys starting with "graphperf." go to the host's
 *                  conf/graphperf.conf instead, where graphperf's plugins read them
 */
public record HostSettings(Path workDir, String heap, String pageCache, Path dataDir, Path txLogDir,
                           int boltPort, int httpPort, Map<String, String> extra) {

    static final String GRAPHPERF_PREFIX = "graphperf.";

    public HostSettings {
        extra = extra == null ? Map.of() : Map.copyOf(extra);
    }

    public static HostSettings defaults(Path workDir) {
        return new HostSettings(workDir, "1g", "512m", null, null, 0, 0, Map.of());
    }

    public HostSettings withPorts(int bolt, int http) {
        return new HostSettings(workDir, heap, pageCache, dataDir, txLogDir, bolt, http, extra);
    }

    /** The same settings with more Neo4j (or graphperf.*) settings applied over them. */
    public HostSettings with(Map<String, String> more) {
        Map<String, String> merged = new LinkedHashMap<>(extra);
        merged.putAll(more);
        return new HostSettings(workDir, heap, pageCache, dataDir, txLogDir, boltPort, httpPort, merged);
    }

    /** The same settings in another work folder. */
    public HostSettings in(Path work) {
        return new HostSettings(work, heap, pageCache, dataDir, txLogDir, boltPort, httpPort, extra);
    }

    /**
     * The Neo4j settings the host applies. Test-store hygiene comes first, then the run's choices.
     *
     * @param plugins folder of server plugins (APOC core), or null for none
     */
    Map<String, String> neo4jSettings(int bolt, int http, Path plugins) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("server.default_listen_address", "127.0.0.1");
        s.put("server.bolt.listen_address", "127.0.0.1:" + bolt);
        s.put("server.bolt.advertised_address", "127.0.0.1:" + bolt);
        s.put("server.http.listen_address", "127.0.0.1:" + http);
        s.put("server.http.advertised_address", "127.0.0.1:" + http);
        s.put("server.https.enabled", "false");
        s.put("server.http_enabled_modules", "TRANSACTIONAL_ENDPOINTS,QUERY_API_ENDPOINTS,UNMANAGED_EXTENSIONS");
        s.put("dbms.security.auth_enabled", "false");
        s.put("dbms.usage_report.enabled", "false");
        s.put("db.tx_log.preallocate", "false");
        s.put("server.memory.pagecache.size", pageCache);
        // without these Bolt waits 10 s for connections and its thread pool at every shutdown
        s.put("internal.server.bolt.connection_shutdown_wait_time", "0s");
        s.put("internal.server.bolt.thread_pool_shutdown_wait_time", "0s");
        s.put("server.directories.logs", workDir.resolve("logs").toAbsolutePath().toString());
        s.put("server.directories.run", workDir.resolve("run").toAbsolutePath().toString());
        s.put("server.directories.data", (dataDir != null ? dataDir : workDir.resolve("data")).toAbsolutePath().toString());
        if (txLogDir != null) s.put("server.directories.transaction.logs.root", txLogDir.toAbsolutePath().toString());
        if (plugins != null) {
            s.put("server.directories.plugins", plugins.toAbsolutePath().toString());
            s.put("dbms.security.procedures.unrestricted", "apoc.*,graphperf.*");
            // the batch writer's HTTP endpoint: POST /graphperf/batch/{database}
            s.put("server.unmanaged_extension_classes", GraphperfPlugins.BATCH_WRITER_HTTP_PACKAGE + "=" + GraphperfPlugins.BATCH_WRITER_HTTP_PATH);
        }
        extra.forEach((k, v) -> {
            if (!k.startsWith(GRAPHPERF_PREFIX)) s.put(k, v);
        });
        return s;
    }

    /** Settings for graphperf's own plugins (graphperf.batch_writer.*): Neo4j refuses them in its own configuration. */
    Map<String, String> graphperfSettings() {
        Map<String, String> s = new TreeMap<>();
        extra.forEach((k, v) -> {
            if (k.startsWith(GRAPHPERF_PREFIX)) s.put(k, v);
        });
        return s;
    }
}
