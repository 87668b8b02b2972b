package io.graphperf.engines.kuzu;

import io.graphperf.core.engine.HostClasspath;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Engines;
import io.graphperf.core.engine.HostProcess;
import io.graphperf.core.engine.ImportFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kuzu as graphperf starts it: an embedded Kuzu in an engine host of its own (a child JVM), on a store in the trial's
 * folder, with an explicit buffer pool (Kuzu's page cache) and heap. Kuzu has no server: every cell runs over the
 * embedded transport, graphperf's Runner inside the host, as Neo4j's embedded transport runs inside Neo4j's JVM.
 */
public final class KuzuEngines implements Engines {

    public static final String VERSION = "0.11.2";
    private static final String MAIN = "io.graphperf.engines.kuzu.host.KuzuHostMain";

    private final Path dir;
    private final Path stores;
    private final Path home;
    private final String heap;
    private final long bufferPoolBytes;
    private final int threadsPerQuery;
    private final boolean keepStore;

    /**
     * @param dir             the trial's folder (the host's log)
     * @param stores          where stores go, each as graphperf-kuzu-STORE (the trial's folder, or --data-dir)
     * @param home            graphperf's checkout (engines/kuzu/target holds the host's classpath)
     * @param bufferPoolBytes Kuzu's buffer pool, set as Neo4j's page cache is
     * @param threadsPerQuery Kuzu's threads per query (0: its default, every core)
     */
    public KuzuEngines(Path dir, Path stores, Path home, String heap, long bufferPoolBytes, int threadsPerQuery, boolean keepStore) {
        this.dir = dir;
        this.stores = stores;
        this.home = home;
        this.heap = heap;
        this.bufferPoolBytes = bufferPoolBytes;
        this.threadsPerQuery = threadsPerQuery;
        this.keepStore = keepStore;
    }

    @Override
    public boolean embedded() {
        return true;
    }

    @Override
    public Engine start(String store, Map<String, String> settings, int connections) throws Exception {
        if (!settings.isEmpty()) throw new UserError("Kuzu takes no engine settings here (given: " + settings.keySet() + ")");
        return open(storeDir(store));
    }

    Engine open(Path store) throws IOException {
        HostProcess host = startHost();
        try {
            String env = host.request(Duration.ofMinutes(5), "open", store.toString(), Long.toString(bufferPoolBytes), Integer.toString(threadsPerQuery));
            return new KuzuEngine(host, env, settings());
        } catch (RuntimeException e) {
            host.close();
            throw e;
        }
    }

    HostProcess startHost() throws IOException {
        Files.createDirectories(dir);
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xms" + heap, "-Xmx" + heap,
                "-XX:+UseG1GC", "-Dgraphperf.trial=" + dir.toAbsolutePath(), "-cp", classpath(home), MAIN));
        return HostProcess.start("Kuzu", cmd, hostLog(), Duration.ofMinutes(2));
    }

    /** The hosts' log: Kuzu's messages, and the rows its COPY skipped (the loader's bad-entries report). */
    Path hostLog() {
        return dir.resolve("kuzu-host.log");
    }

    Path storeDir(String store) {
        return stores.resolve("graphperf-kuzu-" + store);
    }

    @Override
    public BulkImport bulkImport(String store, Map<String, String> options) throws Exception {
        Path s = storeDir(store);
        ImportFiles.deleteTree(s);
        return new KuzuBulkImport(this, s);
    }

    @Override
    public void deleteStore(String store) throws Exception {
        if (!keepStore) ImportFiles.deleteTree(storeDir(store));
    }

    boolean keepStore() {
        return keepStore;
    }

    @Override
    public String describe() {
        return "embedded Kuzu " + VERSION + " in a child JVM (heap " + heap + ", buffer pool " + (bufferPoolBytes >> 20) + " MiB)";
    }

    @Override
    public Map<String, Object> settings() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", "kuzu");
        m.put("version", VERSION);
        m.put("heap", heap);
        m.put("bufferPoolBytes", bufferPoolBytes);
        m.put("threadsPerQuery", threadsPerQuery == 0 ? "Kuzu's default (every core)" : threadsPerQuery);
        m.put("access", "embedded in its own JVM; graphperf's Runner measures inside it");
        return m;
    }

    static String classpath(Path home) throws IOException {
        String cp = HostClasspath.of(home, "kuzu", "graphperf-kuzu.jar", "kuzu-classpath.txt", "the Kuzu engine host");
        if (!cp.contains("kuzu-" + VERSION + ".jar")) {
            throw new UserError("Kuzu's jar (com.kuzudb:kuzu:" + VERSION + ", which carries its native library) is not on the engine host's classpath "
                    + home.resolve("engines/kuzu/target/kuzu-classpath.txt") + "; rebuild with mvn -B package -DskipTests, which fetches it");
        }
        return cp;
    }
}
