package io.graphperf.engines.orientdb;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Engines;
import io.graphperf.core.engine.HostProcess;
import io.graphperf.core.engine.ImportFiles;
import io.graphperf.engines.hosted.HostedBulkImport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * OrientDB as the studies that run on several engines start it ({@code --engine orientdb}): embedded in an engine host of its
 * own (a child JVM, {@code host.OrientEngineHostMain}), on a store in the trial's folder, with an explicit disk cache (OrientDB's
 * page cache, off the heap: the run's --page-cache) and heap. Every cell runs over the embedded transport, graphperf's Runner
 * inside the host, as with the other embedded engines. (E3's import and E4's writes on OrientDB are studies of their own, on
 * {@link OrientHost}.)
 */
public final class OrientEngines implements Engines, HostedBulkImport.Host {

    private static final String MAIN = "io.graphperf.engines.orientdb.host.OrientEngineHostMain";
    /**
     * OrientDB 3.2's own import reads its JSON export (E3's study), not the dataset's layout (Neo4j's header files, header-less and
     * gzipped parts), and its ETL module (com.orientechnologies:orientdb-etl 3.2.49, which reads CSV) does not resolve from the
     * registry here: graphperf's loader in the host ({@code OrientLoad}) reads the files.
     */
    static final String LOADER = "graphperf's loader over OrientDB's Java API (a vertex or regular edge per record, transactions of 10,000 nodes or 1,000"
            + " relationships; ends found by key in memory; OrientDB " + OrientHost.VERSION + ")";

    private final Path dir;
    private final Path stores;
    private final Path home;
    private final String heap;
    private final long diskCacheBytes;
    private final boolean keepStore;

    /**
     * @param dir            the trial's folder (the host's log)
     * @param stores         where stores go, each as graphperf-orientdb-STORE (the trial's folder, or --data-dir)
     * @param home           graphperf's home (engines/orientdb/target, or a release archive's lib/, holds the host's classpath)
     * @param diskCacheBytes OrientDB's disk cache (storage.diskCache.bufferSize), set as Neo4j's page cache is
     */
    public OrientEngines(Path dir, Path stores, Path home, String heap, long diskCacheBytes, boolean keepStore) {
        this.dir = dir;
        this.stores = stores;
        this.home = home;
        this.heap = heap;
        this.diskCacheBytes = diskCacheBytes;
        this.keepStore = keepStore;
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
        if (!settings.isEmpty()) throw new UserError("OrientDB takes no engine settings here (given: " + settings.keySet() + ")");
        HostProcess host = startHost();
        try {
            return new OrientEngine(host, host.request(Duration.ofMinutes(5), "open", store.toString(), Long.toString(diskCacheBytes)), settings());
        } catch (Exception | Error e) {
            host.close();
            throw e;
        }
    }

    @Override
    public HostProcess startHost() throws IOException {
        Files.createDirectories(dir);
        // OrientDB's disk cache is direct memory, which the JVM otherwise caps at the heap's size
        List<String> cmd = OrientHost.command(home, heap, List.of("-XX:MaxDirectMemorySize=" + ((diskCacheBytes >> 20) + 512) + "m",
                "-Dgraphperf.trial=" + dir.toAbsolutePath()), MAIN);
        return HostProcess.start("OrientDB", cmd, hostLog(), Duration.ofMinutes(2), dir.toAbsolutePath());
    }

    /** The hosts' log: OrientDB's messages, and the relationships its loader left out. */
    @Override
    public Path hostLog() {
        return dir.toAbsolutePath().resolve("orientdb-host.log");
    }

    Path storeDir(String store) {
        return stores.toAbsolutePath().resolve("graphperf-orientdb-" + store);
    }

    @Override
    public BulkImport bulkImport(String store, Map<String, String> options) throws Exception {
        Path s = storeDir(store);
        ImportFiles.deleteTree(s);
        return new HostedBulkImport(s, "OrientDB", LOADER, this);
    }

    @Override
    public void deleteStore(String store) throws Exception {
        if (!keepStore) ImportFiles.deleteTree(storeDir(store));
    }

    @Override
    public List<String> openArguments() {
        return List.of(Long.toString(diskCacheBytes));
    }

    @Override
    public String outOfHeapAdvice() {
        return describe() + ": each transaction's records stay on the heap until it commits; give a larger --heap";
    }

    @Override
    public boolean keepStore() {
        return keepStore;
    }

    @Override
    public String describe() {
        return "embedded OrientDB " + OrientHost.VERSION + " in a child JVM (heap " + heap + ", disk cache " + (diskCacheBytes >> 20) + " MiB)";
    }

    @Override
    public Map<String, Object> settings() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", "orientdb");
        m.put("version", OrientHost.VERSION);
        m.put("heap", heap);
        m.put("pageCacheBytes", diskCacheBytes);
        m.put("access", "embedded in its own JVM; graphperf's Runner measures inside it");
        m.put("languages", "OrientDB's SQL (a statement starting script: is an SQL script)");
        return m;
    }
}
