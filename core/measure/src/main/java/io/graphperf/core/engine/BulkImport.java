package io.graphperf.core.engine;


import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * An engine that can be bulk-loaded from files by its own offline tool and then started on the
 * result. The adapter only executes: the experiment times every call.
 */
public interface BulkImport {

    /**
     * What the engine's importer reported about a finished import.
     *
     * @param stages           the tool's own stage times, in order
     * @param importerSeconds  the tool's own total
     * @param peakRssBytes     the tool's process peak resident memory (0 when the platform cannot tell)
     * @param badEntries       entries it skipped or ignored, as listed in {@code report}
     */
    record Outcome(Map<String, Double> stages, double importerSeconds, long nodes, long relationships, long properties,
                   String importerPeakMemory, long peakRssBytes, long badEntries, Path report, Path log, String command) {
    }

    /**
     * Runs the importer to completion. Fails with a {@link io.graphperf.core.UserError} naming the
     * bad-entries report when the tool gives up (e.g. more bad rows than its tolerance).
     */
    Outcome importFiles(List<String> arguments, PhaseProgress progress) throws Exception;

    /** Bytes per file of the imported database: store files and transaction logs, by relative name. */
    Map<String, Long> storeFiles() throws Exception;

    /** Starts a new server process on the store (nothing cached by the database) and connects. */
    default Engine start() throws Exception {
        return start(Map.of(), 0);
    }

    /**
     * Starts a server on the store with extra engine settings (e.g. a worker pool) and a client connection
     * pool of {@code connections} (0: the transport's default).
     */
    Engine start(Map<String, String> settings, int connections) throws Exception;

    /**
     * {@code servers} servers, the first on the store and each other on its own copy of it (copied while no server
     * runs on the store), as a round-robin {@link EngineGroup}; one server is {@link #start(Map, int)}.
     */
    default Engine startGroup(int servers, Map<String, String> settings, int connections) throws Exception {
        if (servers == 1) return start(settings, connections);
        throw new UnsupportedOperationException("this engine cannot start a group of servers");
    }

    /**
     * Drops the operating system's file cache so the next start is cold on disk too; false when not
     * permitted (not root, or not Linux), which the report then states.
     */
    boolean dropOsCache();

    /** Deletes the store (data and logs) unless the user asked to keep it; the engine's own logs stay. */
    void deleteStore() throws Exception;
}
