package io.graphperf.engines.arcadedb;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.HostClasspath;
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

/**
 * ArcadeDB as graphperf starts it: embedded in an engine host of its own (a child JVM), on a store in the trial's folder, with
 * an explicit page cache (its maxPageRAM, which ArcadeDB keeps on the JVM's heap: it must be well below --heap) and heap. Every cell runs over the embedded transport, graphperf's Runner inside
 * the host, as Neo4j's embedded transport runs inside Neo4j's JVM.
 */
public final class ArcadeDbEngines extends HostedEngines {

    public static final String VERSION = "25.3.1";
    /**
     * ArcadeDB 25.3.1's own importer reads one CSV file with a header per type and resolves relationships' ends through an index it
     * builds while importing, so it cannot take the dataset's layout (Neo4j's header files, header-less and gzipped parts) as it is:
     * graphperf's loader in the host ({@code ArcadeDbLoad}) reads the files.
     */
    static final String LOADER = "graphperf's loader over ArcadeDB's Java API (a vertex or edge per record, transactions of 10,000 nodes or 1,000"
            + " relationships; ends found by key in memory; ArcadeDB " + VERSION + ")";
    private static final String MAIN = "io.graphperf.engines.arcadedb.host.ArcadeDbHostMain";
    private static final String CLASSPATH = "arcadedb-classpath.txt";

    /** The run's page cache is ArcadeDB's (maxPageRAM). */
    public ArcadeDbEngines(EngineDescriptor.Context context) {
        super("arcadedb", "ArcadeDB", context);
    }

    /** Why ArcadeDB cannot run from this graphperf (its jars are not resolved: a release archive, or an unbuilt checkout), or null. */
    public static String whyNotRunnable(Path home) {
        Path list = home.resolve("engines/arcadedb/target").resolve(CLASSPATH);
        if (Files.isRegularFile(list)) return null;
        return "ArcadeDB's jars are not resolved here (" + list + " is missing; the release archive leaves them out, 133 MB): run from a source"
                + " checkout built with mvn -B package -DskipTests, which fetches com.arcadedb:arcadedb-engine, -gremlin and -network " + VERSION;
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
        return LOADER;
    }

    @Override
    public String outOfHeapAdvice() {
        return describe() + ": ArcadeDB keeps its page cache and each transaction's changed pages on the heap; give a larger --heap"
                + " (e.g. 4g for b2b at scale 0.01) or a smaller --page-cache";
    }

    @Override
    public String describe() {
        return "embedded ArcadeDB " + VERSION + " in a child JVM (heap " + heap() + ", page cache " + (context.pageCacheBytes() >> 20) + " MiB)";
    }

    @Override
    public Map<String, Object> settings() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", "arcadedb");
        m.put("version", VERSION);
        m.put("heap", heap());
        m.put("pageCacheBytes", context.pageCacheBytes());
        m.put("access", "embedded in its own JVM; graphperf's Runner measures inside it");
        m.put("languages", "ArcadeDB's SQL where the query text says sql:, else its Cypher (Cypher for Gremlin)");
        return m;
    }

    @Override
    protected String classpath() throws IOException {
        Path home = context.home();
        String why = whyNotRunnable(home);
        if (why != null) throw new UserError(why);
        String cp = HostClasspath.of(home, "arcadedb", "graphperf-arcadedb.jar", CLASSPATH, "the ArcadeDB engine host");
        if (!cp.contains("arcadedb-engine-" + VERSION + ".jar")) {
            throw new UserError("ArcadeDB's jar (com.arcadedb:arcadedb-engine:" + VERSION + ") is not on the engine host's classpath "
                    + home.resolve("engines/arcadedb/target").resolve(CLASSPATH) + "; rebuild with mvn -B package -DskipTests, which fetches it");
        }
        return cp;
    }
}
