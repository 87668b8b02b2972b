package io.graphperf.engines.arcadedb;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.HostProcess;
import io.graphperf.core.engine.ImportFiles;
import io.graphperf.core.engine.Machine;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.engines.hosted.HostedEngine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The dataset the importer arguments describe ({@link ImportFiles}) loaded into ArcadeDB in an engine host of its own, through
 * ArcadeDB's Java API (the host's {@code ArcadeDbLoad}): ArcadeDB 25.3.1's own importer reads one CSV file with a header per
 * type and resolves relationships' ends through an index it builds while importing, so it cannot take the dataset's layout
 * (Neo4j's header files, header-less and gzipped parts) as it is.
 */
final class ArcadeDbBulkImport implements BulkImport {

    static final String LOADER = "graphperf's loader over ArcadeDB's Java API (a vertex or edge per record, transactions of 10,000 nodes or 1,000 relationships; ends found by key"
            + " in memory; ArcadeDB " + ArcadeDbEngines.VERSION + ")";

    private final ArcadeDbEngines engines;
    private final Path store;

    ArcadeDbBulkImport(ArcadeDbEngines engines, Path store) {
        this.engines = engines;
        this.store = store;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Outcome importFiles(List<String> arguments, ProgressListener progress) throws Exception {
        String spec = HostedEngine.JSON.writeValueAsString(ImportFiles.of(arguments, "ArcadeDB's loader"));
        Files.createDirectories(store.getParent());
        long peak;
        Map<String, Object> out;
        try (HostProcess host = engines.startHost()) {
            host.request(Duration.ofMinutes(5), "open", store.toString(), Long.toString(engines.pageCacheBytes()));
            try {
                out = HostedEngine.JSON.readValue(host.request(Duration.ofHours(12), "load", spec), Map.class);
            } catch (RuntimeException e) {
                if (String.valueOf(e.getMessage()).contains("OutOfMemoryError")) {
                    throw new UserError("ArcadeDB's loader ran out of heap (" + engines.describe() + "): ArcadeDB keeps its page cache and each"
                            + " transaction's changed pages on the heap; give a larger --heap (e.g. 4g for b2b at scale 0.01) or a smaller --page-cache", e);
                }
                throw e;
            }
            peak = Machine.peakRssBytes(host.pid().orElse(-1));
            host.request(Duration.ofMinutes(30), "close");
        }
        Map<String, Double> stages = new LinkedHashMap<>();
        ((Map<String, Object>) out.get("stages")).forEach((k, v) -> stages.put(k, ((Number) v).doubleValue()));
        return new Outcome(stages, ((Number) out.get("seconds")).doubleValue(), ((Number) out.get("nodes")).longValue(),
                ((Number) out.get("relationships")).longValue(), -1, "", peak, ((Number) out.get("badEntries")).longValue(), engines.hostLog(),
                engines.hostLog(), LOADER);
    }

    @Override
    public Map<String, Long> storeFiles() throws Exception {
        return ImportFiles.sizes(store);
    }

    @Override
    public Engine start(Map<String, String> settings, int connections) throws Exception {
        return engines.open(store, settings);
    }

    @Override
    public boolean dropOsCache() {
        return Machine.dropOsCache();
    }

    @Override
    public void deleteStore() throws Exception {
        if (!engines.keepStore()) ImportFiles.deleteTree(store);
    }
}
