package io.graphperf.engines.orientdb;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.ExportImport;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.HostClasspath;
import io.graphperf.core.engine.HostOption;
import io.graphperf.core.engine.MavenJar;
import io.graphperf.engines.hosted.HostProcess;
import io.graphperf.engines.hosted.HostRequest;
import io.graphperf.engines.hosted.HostRequests;
import io.graphperf.engines.hosted.HostedBulkImport;
import io.graphperf.engines.hosted.HostedEngines;
import io.graphperf.engines.orientdb.host.OrientRequests;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * OrientDB as graphperf starts it ({@code --engine orientdb}): embedded in an engine host of its own (a child JVM,
 * {@code host.OrientEngineHostMain}), on a store in the trial's folder, with an explicit disk cache (OrientDB's page cache, off the
 * heap: the run's --page-cache; OrientDB otherwise sizes it to most of the machine's memory), the run's heap and OrientDB's global
 * settings (the run's {@code --setting orientdb.storage.…}, a matrix cell's; a separate log folder is {@code storage.wal.path}). Every
 * cell runs over the embedded transport, graphperf's Runner inside the host, as with the other embedded engines; E3 imports
 * OrientDB's own JSON export through {@link ExportImport}.
 */
public final class OrientEngines extends HostedEngines implements ExportImport {

    /** The version built in (Maven's jars, resolved when graphperf is built). */
    public static final String VERSION = "3.2.49";
    /**
     * The other versions graphperf drives: each differs from the built-in one by its orientdb-core jar alone (the same dependencies in
     * its POM), fetched from Maven at first use into graphperf's cache and put in the built-in one's place. Adding a version is a line.
     * (curl -O https://repo1.maven.org/maven2/com/orientechnologies/orientdb-core/3.2.51/orientdb-core-3.2.51.jar, 2026-12-02; its POM's
     * dependencies diffed against 3.2.49's: only a provided servlet API's version differs)
     */
    static final Map<String, MavenJar> JARS = Map.of(
            "3.2.51", new MavenJar("com.orientechnologies", "orientdb-core", "3.2.51", "316e9f865c0d4717fa0361c19798e2d7b822247d92b91ed4f0116cc077a9d16c"));
    private static final String CLASSPATH = "orientdb-classpath.txt";
    private static final String MAIN = "io.graphperf.engines.orientdb.host.OrientEngineHostMain";
    private static final Duration LONG = Duration.ofHours(2);
    /** What an OrientDB host's JVM needs beyond heap, collector and direct memory. */
    static final List<String> JVM_OPTIONS = List.of("-Dstorage.useWAL=true", "-Dprofiler.enabled=false",
            // OrientDB's own checks of free memory otherwise refuse to start beside the other processes on a small machine
            "-Dmemory.leftToOS=256m", "-Dmemory.directMemory.preallocate=false",
            "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED");
    /**
     * OrientDB 3.2's own import reads its JSON export (E3's study), not the dataset's layout (Neo4j's header files, header-less and
     * gzipped parts), and its ETL module (com.orientechnologies:orientdb-etl 3.2.49, which reads CSV) does not resolve from the
     * registry here: graphperf's loader in the host ({@code OrientLoad}) reads the files.
     */
    static final String LOADER = "graphperf's loader over OrientDB's Java API (a vertex or regular edge per record, transactions of 10,000 nodes or 1,000"
            + " relationships; ends found by key in memory; OrientDB ";

    /** The run's page cache is OrientDB's disk cache (storage.diskCache.bufferSize). */
    public OrientEngines(EngineDescriptor.Context context) {
        super("orientdb", "OrientDB", context);
    }

    @Override
    protected String hostMain() {
        return MAIN;
    }

    /** The versions graphperf drives, the built-in one first. */
    public static List<String> versions() {
        return Stream.concat(Stream.of(VERSION), JARS.keySet().stream().sorted()).toList();
    }

    /** Why a version of OrientDB cannot run here; empty when it can. */
    public static Optional<String> whyNotRunnable(String version) {
        if (version == null || version.equals(VERSION) || JARS.containsKey(version)) return Optional.empty();
        return Optional.of("graphperf does not drive OrientDB " + version + " (it drives " + String.join(", ", versions()) + ")");
    }

    /** Whether a version's jar is in graphperf's cache (the built-in one's are at hand once built). */
    public static boolean fetched(String version) {
        MavenJar jar = version == null ? null : JARS.get(version);
        return jar == null || jar.fetched();
    }

    /** Fetches a version's jar into graphperf's cache unless it is there (the built-in version: nothing to fetch). */
    static void fetch(String version) throws IOException {
        MavenJar jar = JARS.get(version);
        if (jar == null || jar.fetched()) return;
        System.getLogger(OrientEngines.class.getName()).log(System.Logger.Level.INFO, "fetching OrientDB " + version + " (" + jar.fileName() + ", 5.5 MB) from "
                + MavenJar.repository() + " into " + jar.cached());
        jar.fetch();
    }

    /** The version this trial starts. */
    String version() {
        return context.version() == null ? VERSION : context.version();
    }

    /** The built-in classpath, with another version's orientdb-core jar (fetched at first use) in the built-in one's place. */
    @Override
    protected String classpath() throws IOException {
        Optional<String> why = whyNotRunnable(version());
        if (why.isPresent()) throw new UserError(why.get());
        String cp = HostClasspath.of(context.home(), "engines/orientdb", "graphperf-orientdb.jar", CLASSPATH, "the OrientDB engine host");
        MavenJar jar = JARS.get(version());
        if (jar == null) return cp;
        fetch(version());
        String builtIn = "orientdb-core-" + VERSION + ".jar";
        List<String> entries = new ArrayList<>();
        boolean swapped = false;
        for (String e : cp.split(File.pathSeparator)) {
            if (Path.of(e).getFileName().toString().equals(builtIn)) {
                entries.add(jar.cached().toString());
                swapped = true;
            } else {
                entries.add(e);
            }
        }
        if (!swapped) throw new UserError("the OrientDB engine host's classpath holds no " + builtIn + " to replace with " + jar.fileName() + ": rebuild with mvn -B package -DskipTests");
        return String.join(File.pathSeparator, entries);
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
            if (k.equals(HostOption.TX_LOG_DIR.key())) s.put("storage.wal.path", Path.of(v).resolve("wal").toAbsolutePath().toString());
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
        return LOADER + version() + ")";
    }

    @Override
    public String outOfHeapAdvice() {
        return describe() + ": each transaction's records stay on the heap until it commits; give a larger --heap";
    }

    @Override
    public String describe() {
        return "embedded OrientDB " + version() + " in a child JVM (heap " + heap() + ", disk cache " + (context.pageCacheBytes() >> 20) + " MiB"
                + (context.settings().isEmpty() ? "" : ", " + orientSettings()) + ")";
    }

    @Override
    public Map<String, Object> settings() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", "orientdb");
        m.put("version", version());
        m.put("heap", heap());
        m.put("pageCacheBytes", context.pageCacheBytes());
        if (!context.settings().isEmpty()) m.put("orientdbSettings", orientSettings());
        m.put("access", "embedded in its own JVM; graphperf's Runner measures inside it");
        m.put("languages", "OrientDB's SQL (a statement starting script: is an SQL script)");
        return m;
    }
}
