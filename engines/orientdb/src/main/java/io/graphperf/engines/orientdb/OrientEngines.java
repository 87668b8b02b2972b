package io.graphperf.engines.orientdb;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.ExportImport;
import io.graphperf.core.engine.HostClasspath;
import io.graphperf.engines.hosted.HostProcess;
import io.graphperf.engines.hosted.HostRequest;
import io.graphperf.engines.hosted.HostRequests;
import io.graphperf.engines.hosted.HostedBulkImport;
import io.graphperf.engines.hosted.HostedEngines;
import io.graphperf.engines.orientdb.host.OrientRequests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * OrientDB as graphperf starts it ({@code --engine orientdb}): embedded in an engine host of its own (a child JVM,
 * {@code host.OrientEngineHostMain}), on a store in the trial's folder, with an explicit disk cache (OrientDB's page cache, off the
 * heap: the run's --page-cache; OrientDB otherwise sizes it to most of the machine's memory), the run's heap and OrientDB's global
 * settings (the run's {@code --setting orientdb.storage.…}, a matrix cell's; a separate log folder is {@code storage.wal.path}). Every
 * cell runs over the embedded transport, graphperf's Runner inside the host, as with the other embedded engines; E3 imports
 * OrientDB's own JSON export through {@link ExportImport}.
 */
public final class OrientEngines extends HostedEngines implements ExportImport {

    public static final String VERSION = "3.2.49";
    private static final String MAIN = "io.graphperf.engines.orientdb.host.OrientEngineHostMain";
    private static final Duration LONG = Duration.ofHours(2);
    /** What an OrientDB host's JVM needs beyond heap, collector and direct memory. */
    static final List<String> JVM_OPTIONS = List.of("-Dstorage.useWAL=true", "-Dprofiler.enabled=false",
            // OrientDB's own checks of free memory otherwise refuse to start beside the other processes on a small machine
            "-Dmemory.leftToOS=256m", "-Dmemory.directMemory.preallocate=false",
            "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED");
    /** The setting of a trial's separate log folder (a matrix cell's log filesystem, --tx-log-dir). */
    static final String LOG_DIR = "tx-log-dir";
    /**
     * OrientDB 3.2's own import reads its JSON export (E3's study), not the dataset's layout (Neo4j's header files, header-less and
     * gzipped parts), and its ETL module (com.orientechnologies:orientdb-etl 3.2.49, which reads CSV) does not resolve from the
     * registry here: graphperf's loader in the host ({@code OrientLoad}) reads the files.
     */
    static final String LOADER = "graphperf's loader over OrientDB's Java API (a vertex or regular edge per record, transactions of 10,000 nodes or 1,000"
            + " relationships; ends found by key in memory; OrientDB " + VERSION + ")";

    /** The run's page cache is OrientDB's disk cache (storage.diskCache.bufferSize). */
    public OrientEngines(EngineDescriptor.Context context) {
        super("orientdb", "OrientDB", context);
    }

    @Override
    protected String hostMain() {
        return MAIN;
    }

    @Override
    protected String classpath() throws IOException {
        return HostClasspath.of(context.home(), "orientdb", "graphperf-orientdb.jar", "orientdb-classpath.txt", "the OrientDB engine host");
    }

    /** OrientDB's disk cache is direct memory, which the JVM otherwise caps at the heap's size. */
    @Override
    protected List<String> jvmOptions() {
        List<String> o = new ArrayList<>(JVM_OPTIONS);
        o.add("-XX:MaxDirectMemorySize=" + ((context.pageCacheBytes() >> 20) + 512) + "m");
        return o;
    }

    /**
     * OrientDB's global settings, its disk cache among them, sent as the host starts (before any database is opened, and to the bulk
     * load's host too): OrientDB is initialised within the host's start, which E3 times as the engine's start.
     */
    @Override
    protected void configure(HostProcess host) throws IOException {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("storage.diskCache.bufferSize", Long.toString(Math.max(1, context.pageCacheBytes() >> 20)));
        s.putAll(orientSettings());
        if (s.containsKey("storage.wal.path")) Files.createDirectories(Path.of(s.get("storage.wal.path")));
        host.call(Duration.ofSeconds(30), new OrientRequests.Settings(s));
    }

    /** The run's OrientDB settings, a separate log folder as storage.wal.path (its "wal" folder). */
    Map<String, String> orientSettings() {
        Map<String, String> s = new LinkedHashMap<>();
        context.settings().forEach((k, v) -> {
            if (k.equals(LOG_DIR)) s.put("storage.wal.path", Path.of(v).resolve("wal").toAbsolutePath().toString());
            else s.put(k, v);
        });
        return s;
    }

    @Override
    public String exportFormat() {
        return "OrientDB's JSON export (ODatabaseImport: schema, records, indexes)";
    }

    /** A host of its own writes the export (OrientDB's ODatabaseExport of a database generated in memory), then stops. */
    @Override
    public Map<String, Long> generateExport(Path file, double scale, long seed) throws Exception {
        try (HostProcess host = startHost()) {
            return host.call(Duration.ofMinutes(30), new OrientRequests.Generate(file.toAbsolutePath().toString(), scale, seed)).counts();
        }
    }

    /** The store, and the write-ahead log where the run put it apart, deleted unless the user keeps stores. */
    @Override
    public void deleteStore(String store) throws Exception {
        super.deleteStore(store);
        Path wal = walDir();
        if (wal != null && !keepStore()) HostedBulkImport.deleteStore(wal);
    }

    @Override
    public Path walDir() {
        String wal = orientSettings().get("storage.wal.path");
        return wal == null ? null : Path.of(wal);
    }

    @Override
    public Session startSession() throws Exception {
        HostProcess host = startHost();
        return new Session() {
            @Override
            public void open(Path store) {
                host.call(LONG, openRequest(store.toAbsolutePath()));
            }

            @Override
            public void importExport(Path file) {
                host.call(LONG, new OrientRequests.Import(file.toAbsolutePath().toString()));
            }

            @Override
            public void closeDatabase() {
                host.call(LONG, new HostRequests.Close());
            }

            @Override
            public Map<String, Long> countRecords() {
                return host.call(LONG, new OrientRequests.Count()).counts();
            }

            @Override
            public Map<String, Long> indexEntries() {
                return host.call(LONG, new OrientRequests.IndexEntries()).counts();
            }

            @Override
            public void close() {
                host.close();
            }
        };
    }

    @Override
    protected Engine engine(HostProcess host, Map<String, Object> openReply, Map<String, String> settings) {
        return new OrientEngine(host, openReply, settings());
    }

    @Override
    public HostRequest<Map<String, Object>> openRequest(Path store) {
        return new HostRequests.Open(store.toString(), context.pageCacheBytes());
    }

    @Override
    protected String loader() {
        return LOADER;
    }

    @Override
    public String outOfHeapAdvice() {
        return describe() + ": each transaction's records stay on the heap until it commits; give a larger --heap";
    }

    @Override
    public String describe() {
        return "embedded OrientDB " + VERSION + " in a child JVM (heap " + heap() + ", disk cache " + (context.pageCacheBytes() >> 20) + " MiB"
                + (context.settings().isEmpty() ? "" : ", " + orientSettings()) + ")";
    }

    @Override
    public Map<String, Object> settings() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", "orientdb");
        m.put("version", VERSION);
        m.put("heap", heap());
        m.put("pageCacheBytes", context.pageCacheBytes());
        if (!context.settings().isEmpty()) m.put("orientdbSettings", orientSettings());
        m.put("access", "embedded in its own JVM; graphperf's Runner measures inside it");
        m.put("languages", "OrientDB's SQL (a statement starting script: is an SQL script)");
        return m;
    }
}
