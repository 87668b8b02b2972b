package io.graphperf.engines.arcadedb;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.HostProcess;
import io.graphperf.engines.hosted.HostedBulkImport;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The dataset loaded into ArcadeDB in an engine host of its own, through ArcadeDB's Java API (the host's {@code ArcadeDbLoad}):
 * ArcadeDB 25.3.1's own importer reads one CSV file with a header per type and resolves relationships' ends through an index it
 * builds while importing, so it cannot take the dataset's layout (Neo4j's header files, header-less and gzipped parts) as it is.
 */
final class ArcadeDbBulkImport extends HostedBulkImport {

    static final String LOADER = "graphperf's loader over ArcadeDB's Java API (a vertex or edge per record, transactions of 10,000 nodes or 1,000 relationships; ends found by key"
            + " in memory; ArcadeDB " + ArcadeDbEngines.VERSION + ")";

    private final ArcadeDbEngines engines;

    ArcadeDbBulkImport(ArcadeDbEngines engines, Path store) {
        super(store, "ArcadeDB", LOADER);
        this.engines = engines;
    }

    @Override
    protected HostProcess startHost() throws Exception {
        return engines.startHost();
    }

    @Override
    protected List<String> openArguments() {
        return List.of(Long.toString(engines.pageCacheBytes()));
    }

    @Override
    protected Path hostLog() {
        return engines.hostLog();
    }

    @Override
    protected String outOfHeapAdvice() {
        return engines.describe() + ": ArcadeDB keeps its page cache and each transaction's changed pages on the heap; give a larger --heap"
                + " (e.g. 4g for b2b at scale 0.01) or a smaller --page-cache";
    }

    @Override
    protected Engine open(Path store, Map<String, String> settings) throws Exception {
        return engines.open(store, settings);
    }

    @Override
    protected boolean keepStore() {
        return engines.keepStore();
    }
}
