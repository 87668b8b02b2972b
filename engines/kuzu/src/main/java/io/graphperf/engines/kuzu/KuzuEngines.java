package io.graphperf.engines.kuzu;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.HostClasspath;
import io.graphperf.engines.hosted.HostProcess;
import io.graphperf.engines.hosted.HostRequest;
import io.graphperf.engines.kuzu.host.KuzuOpen;
import io.graphperf.engines.hosted.HostedEngines;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Kuzu as graphperf starts it: an embedded Kuzu in an engine host of its own (a child JVM), on a store in the trial's
 * folder, with an explicit buffer pool (Kuzu's page cache: the run's --page-cache) and heap. Kuzu has no server: every cell runs
 * over the embedded transport, graphperf's Runner inside the host, as Neo4j's embedded transport runs inside Neo4j's JVM. Its
 * bulk import is its own COPY FROM, one per label and type, in such a host.
 */
public final class KuzuEngines extends HostedEngines {

    public static final String VERSION = "0.11.2";
    private static final String MAIN = "io.graphperf.engines.kuzu.host.KuzuHostMain";

    public KuzuEngines(EngineDescriptor.Context context) {
        super("kuzu", "Kuzu", context);
    }

    @Override
    protected String hostMain() {
        return MAIN;
    }

    @Override
    protected String classpath() throws IOException {
        String cp = HostClasspath.of(context.home(), "engines/kuzu", "graphperf-kuzu.jar", "kuzu-classpath.txt", "the Kuzu engine host");
        if (!cp.contains("kuzu-" + VERSION + ".jar")) {
            throw new UserError("Kuzu's jar (com.kuzudb:kuzu:" + VERSION + ", which carries its native library) is not on the engine host's classpath "
                    + context.home().resolve("engines/kuzu/target/kuzu-classpath.txt") + "; rebuild with mvn -B package -DskipTests, which fetches it");
        }
        return cp;
    }

    @Override
    protected Engine engine(HostProcess host, Map<String, Object> openReply, Map<String, String> settings) {
        return new KuzuEngine(host, openReply, settings());
    }

    /** The buffer pool, and threads per query (0: Kuzu's default, every core). */
    @Override
    public HostRequest<Map<String, Object>> openRequest(Path store) {
        return new KuzuOpen(store.toString(), context.pageCacheBytes(), 0);
    }

    @Override
    protected String loader() {
        return "COPY FROM the dataset's part files, one per label and type (Kuzu " + VERSION + ")";
    }

    @Override
    public String outOfHeapAdvice() {
        return "Kuzu's COPY works off the JVM's heap, in its buffer pool (--page-cache)";
    }

    @Override
    public String describe() {
        return "embedded Kuzu " + VERSION + " in a child JVM (heap " + heap() + ", buffer pool " + (context.pageCacheBytes() >> 20) + " MiB)";
    }

    @Override
    public Map<String, Object> settings() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", "kuzu");
        m.put("version", VERSION);
        m.put("heap", heap());
        m.put("bufferPoolBytes", context.pageCacheBytes());
        m.put("threadsPerQuery", "Kuzu's default (every core)");
        m.put("access", "embedded in its own JVM; graphperf's Runner measures inside it");
        return m;
    }
}
