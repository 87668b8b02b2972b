package io.graphperf.engines.orientdb;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.HostProcess;
import io.graphperf.engines.hosted.HostedBulkImport;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The dataset loaded into OrientDB in an engine host of its own, through OrientDB's Java API (the host's {@code OrientLoad}):
 * OrientDB 3.2's own import reads its JSON export (E3's study), not the dataset's layout (Neo4j's header files, header-less and
 * gzipped parts), and its ETL module (com.orientechnologies:orientdb-etl 3.2.49, which reads CSV) does not resolve from the registry here.
 */
final class OrientBulkImport extends HostedBulkImport {

    static final String LOADER = "graphperf's loader over OrientDB's Java API (a vertex or regular edge per record, transactions of 10,000 nodes or 1,000"
            + " relationships; ends found by key in memory; OrientDB " + OrientHost.VERSION + ")";

    private final OrientEngines engines;

    OrientBulkImport(OrientEngines engines, Path store) {
        super(store, "OrientDB", LOADER);
        this.engines = engines;
    }

    @Override
    protected HostProcess startHost() throws Exception {
        return engines.startHost();
    }

    @Override
    protected List<String> openArguments() {
        return List.of(Long.toString(engines.diskCacheBytes()));
    }

    @Override
    protected Path hostLog() {
        return engines.hostLog();
    }

    @Override
    protected String outOfHeapAdvice() {
        return engines.describe() + ": each transaction's records stay on the heap until it commits; give a larger --heap";
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
