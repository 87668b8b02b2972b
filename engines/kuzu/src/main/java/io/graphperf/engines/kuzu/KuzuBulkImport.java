package io.graphperf.engines.kuzu;

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
 * Kuzu's own bulk loader ({@code COPY FROM}) on the dataset the importer arguments describe ({@link ImportFiles}): the tables made
 * from the header files, then one COPY per label and type, in an engine host of its own.
 */
final class KuzuBulkImport implements BulkImport {

    private final KuzuEngines engines;
    private final Path store;

    KuzuBulkImport(KuzuEngines engines, Path store) {
        this.engines = engines;
        this.store = store;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Outcome importFiles(List<String> arguments, ProgressListener progress) throws Exception {
        String spec = HostedEngine.JSON.writeValueAsString(ImportFiles.of(arguments, "Kuzu's loader"));
        Files.createDirectories(store.getParent());
        long peak;
        Map<String, Object> out;
        try (HostProcess host = engines.startHost()) {
            host.request(Duration.ofMinutes(5), "open", store.toString(), "0", "0");
            out = HostedEngine.JSON.readValue(host.request(Duration.ofHours(12), "load", spec), Map.class);
            peak = Machine.peakRssBytes(host.pid().orElse(-1));
            host.request(Duration.ofMinutes(30), "close");
        }
        Map<String, Double> stages = new LinkedHashMap<>();
        ((Map<String, Object>) out.get("stages")).forEach((k, v) -> stages.put(k, ((Number) v).doubleValue()));
        long bad = ((Number) out.get("badEntries")).longValue();
        return new Outcome(stages, ((Number) out.get("seconds")).doubleValue(), ((Number) out.get("nodes")).longValue(),
                ((Number) out.get("relationships")).longValue(), -1, "", peak, Math.max(0, bad), engines.hostLog(), engines.hostLog(),
                "COPY FROM the dataset's part files, one per label and type (Kuzu " + KuzuEngines.VERSION + ")");
    }

    @Override
    public Map<String, Long> storeFiles() throws Exception {
        return ImportFiles.sizes(store);
    }

    @Override
    public Engine start(Map<String, String> settings, int connections) throws Exception {
        if (!settings.isEmpty()) throw new UserError("Kuzu takes no engine settings here (given: " + settings.keySet() + ")");
        return engines.open(store);
    }

    @Override
    public boolean dropOsCache() {
        return Machine.dropOsCache();
    }

    @Override
    public void deleteStore() throws Exception {
        if (engines.keepStore()) return;
        ImportFiles.deleteTree(store);
        Files.deleteIfExists(Path.of(store + ".wal"));
    }
}
