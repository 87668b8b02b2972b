package io.graphperf.engines.hosted;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.engines.hosted.HostProcess;
import io.graphperf.core.engine.ImportFiles;
import io.graphperf.core.engine.Machine;
import io.graphperf.core.engine.PhaseProgress;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The dataset the importer arguments describe ({@link ImportFiles}) loaded by graphperf's loader over an embedded engine's own
 * API, in an engine host of its own: the host opens the new store, answers its {@code load} request (stages, seconds, nodes,
 * relationships, bad entries) and closes it; the host's peak memory (and a server's it started) is the import's. The engine's adapter says how to start its
 * host, open a store and start on the loaded one ({@link Host}).
 */
public final class HostedBulkImport implements BulkImport {

    /** What a hosted engine's adapter gives its bulk import. */
    public interface Host {
        /** A new engine host (not yet on a store). */
        HostProcess startHost() throws Exception;

        /** The host's open request of {@code store} (with, e.g., its cache size). */
        HostRequest<Map<String, Object>> openRequest(Path store);

        /** The host's log (the relationships the loader left out are listed there). */
        Path hostLog();

        /** What to give when the loader ran out of heap. */
        String outOfHeapAdvice();

        /** An engine on the loaded store. */
        Engine open(Path store, Map<String, String> settings) throws Exception;

        boolean keepStore();
    }

    /**
     * In a host's load reply: the peak resident memory of a server the host started (FalkorDB's), which holds the graph; the
     * import's peak memory is then the host's and the server's together.
     */
    public static final String SERVER_PEAK_RSS = "serverPeakRssBytes";

    private final Path store;
    private final String engine;
    private final String loader;
    private final Host host;

    /**
     * @param engine the engine's name in messages (e.g. "ArcadeDB")
     * @param loader what loads the files, for the report
     */
    public HostedBulkImport(Path store, String engine, String loader, Host host) {
        this.store = store;
        this.engine = engine;
        this.loader = loader;
        this.host = host;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Outcome importFiles(List<String> arguments, PhaseProgress progress) throws Exception {
        ImportFiles files = ImportFiles.of(arguments, engine + "'s loader");
        Files.createDirectories(store.getParent());
        long peak;
        Map<String, Object> out;
        try (HostProcess process = host.startHost()) {
            process.call(Duration.ofMinutes(5), host.openRequest(store));
            try {
                out = process.call(Duration.ofHours(12), new HostRequests.Load(files));
            } catch (RuntimeException e) {
                if (String.valueOf(e.getMessage()).contains("OutOfMemoryError")) throw new UserError(engine + "'s loader ran out of heap: " + host.outOfHeapAdvice(), e);
                throw e;
            }
            peak = Machine.peakRssBytes(process.pid().orElse(-1)) + (out.get(SERVER_PEAK_RSS) instanceof Number n ? n.longValue() : 0);
            process.call(Duration.ofMinutes(30), new HostRequests.Close());
        }
        Map<String, Double> stages = new LinkedHashMap<>();
        ((Map<String, Object>) out.get("stages")).forEach((k, v) -> stages.put(k, ((Number) v).doubleValue()));
        return new Outcome(stages, ((Number) out.get("seconds")).doubleValue(), ((Number) out.get("nodes")).longValue(),
                ((Number) out.get("relationships")).longValue(), -1, "", peak, ((Number) out.get("badEntries")).longValue(), host.hostLog(), host.hostLog(), loader);
    }

    @Override
    public Map<String, Long> storeFiles() throws Exception {
        return ImportFiles.sizes(store);
    }

    @Override
    public Engine start(Map<String, String> settings, int connections) throws Exception {
        return host.open(store, settings);
    }

    @Override
    public boolean dropOsCache() {
        return Machine.dropOsCache();
    }

    @Override
    public void deleteStore() throws Exception {
        if (!host.keepStore()) deleteStore(store);
    }

    /** Deletes a store, a folder or a file, and the write-ahead log an engine keeps beside it (STORE.wal: Kuzu's, LadybugDB's). */
    public static void deleteStore(Path store) throws IOException {
        ImportFiles.deleteTree(store);
        Files.deleteIfExists(Path.of(store + ".wal"));
    }
}
