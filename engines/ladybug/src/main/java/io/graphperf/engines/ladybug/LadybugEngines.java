package io.graphperf.engines.ladybug;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.HostClasspath;
import io.graphperf.engines.hosted.HostProcess;
import io.graphperf.engines.hosted.HostRequest;
import io.graphperf.engines.ladybug.host.LadybugOpen;
import io.graphperf.engines.hosted.HostedEngines;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * LadybugDB as graphperf starts it: an embedded LadybugDB in a Python process of graphperf's ({@link LadybugPackage}) on a store in
 * the trial's folder, with the run's page cache as its buffer pool, reached over loopback TCP from an engine host (a child JVM)
 * where graphperf's Runner measures. Its Java binding is not served here, so the database cannot live in a JVM: the boundary's
 * round trip is measured at start and named beside every figure.
 */
public final class LadybugEngines extends HostedEngines {

    private static final String MAIN = "io.graphperf.engines.ladybug.host.LadybugHostMain";

    public LadybugEngines(EngineDescriptor.Context context) {
        super(LadybugDescriptor.NAME, "LadybugDB", context);
    }

    @Override
    protected String hostMain() {
        return MAIN;
    }

    @Override
    protected String classpath() throws IOException {
        return HostClasspath.of(context.home(), "engines/ladybug", "graphperf-ladybug.jar", "ladybug-classpath.txt", "the LadybugDB engine host");
    }

    @Override
    protected Engine engine(HostProcess host, Map<String, Object> openReply, Map<String, String> settings) {
        return new LadybugEngine(host, openReply, settings());
    }

    @Override
    public HostRequest<Map<String, Object>> openRequest(Path store) {
        try {
            LadybugPackage.Server s = LadybugPackage.get(context.version());
            return new LadybugOpen(store.toString(), s.python(), s.packages().toString(), s.script().toString(), context.pageCacheBytes(), 0);
        } catch (IOException e) {
            throw new UserError("LadybugDB cannot start: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while fetching LadybugDB");
        }
    }

    @Override
    protected String loader() {
        return "COPY FROM the dataset's part files, one per label and type (LadybugDB " + version() + ", Kuzu's bulk path)";
    }

    /** The version this trial starts. */
    private String version() {
        return LadybugPackage.orDefault(context.version());
    }

    @Override
    public String outOfHeapAdvice() {
        return "the engine host only sends LadybugDB's COPY statements; its memory is the Python server's (the buffer pool: --page-cache)";
    }

    @Override
    public String describe() {
        return "embedded LadybugDB " + version() + " in a Python process (buffer pool " + (context.pageCacheBytes() >> 20)
                + " MiB), reached over loopback TCP from an engine host (heap " + heap() + ")";
    }

    @Override
    public Map<String, Object> settings() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", LadybugDescriptor.NAME);
        m.put("version", version());
        m.put("hostHeap", heap());
        m.put("bufferPoolBytes", context.pageCacheBytes());
        m.put("threadsPerQuery", "LadybugDB's default (every core)");
        m.put("access", "embedded in a Python process of graphperf's (LadybugDB's Java binding is not served here), reached over loopback TCP"
                + " (a line of JSON per statement) from graphperf's engine host, where graphperf's Runner measures");
        return m;
    }
}
