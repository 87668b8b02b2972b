package io.graphperf.engines.orientdb;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.engines.hosted.HostProcess;
import io.graphperf.engines.hosted.HostRequest;
import io.graphperf.engines.hosted.HostRequests;
import io.graphperf.engines.hosted.HostedEngines;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * OrientDB as the studies that run on several engines start it ({@code --engine orientdb}): embedded in an engine host of its
 * own (a child JVM, {@code host.OrientEngineHostMain}), on a store in the trial's folder, with an explicit disk cache (OrientDB's
 * page cache, off the heap: the run's --page-cache) and heap. Every cell runs over the embedded transport, graphperf's Runner
 * inside the host, as with the other embedded engines. (E3's import and E4's writes on OrientDB are studies of their own, on
 * {@link OrientHost}.)
 */
public final class OrientEngines extends HostedEngines {

    private static final String MAIN = "io.graphperf.engines.orientdb.host.OrientEngineHostMain";
    /**
     * OrientDB 3.2's own import reads its JSON export (E3's study), not the dataset's layout (Neo4j's header files, header-less and
     * gzipped parts), and its ETL module (com.orientechnologies:orientdb-etl 3.2.49, which reads CSV) does not resolve from the
     * registry here: graphperf's loader in the host ({@code OrientLoad}) reads the files.
     */
    static final String LOADER = "graphperf's loader over OrientDB's Java API (a vertex or regular edge per record, transactions of 10,000 nodes or 1,000"
            + " relationships; ends found by key in memory; OrientDB " + OrientHost.VERSION + ")";

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
        return OrientHost.classpath(context.home());
    }

    /** OrientDB's disk cache is direct memory, which the JVM otherwise caps at the heap's size. */
    @Override
    protected List<String> jvmOptions() {
        List<String> o = new ArrayList<>(OrientHost.JVM_OPTIONS);
        o.add("-XX:MaxDirectMemorySize=" + ((context.pageCacheBytes() >> 20) + 512) + "m");
        return o;
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
        return "embedded OrientDB " + OrientHost.VERSION + " in a child JVM (heap " + heap() + ", disk cache " + (context.pageCacheBytes() >> 20) + " MiB)";
    }

    @Override
    public Map<String, Object> settings() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", "orientdb");
        m.put("version", OrientHost.VERSION);
        m.put("heap", heap());
        m.put("pageCacheBytes", context.pageCacheBytes());
        m.put("access", "embedded in its own JVM; graphperf's Runner measures inside it");
        m.put("languages", "OrientDB's SQL (a statement starting script: is an SQL script)");
        return m;
    }
}
