package io.graphperf.engines.neo4j;

import io.graphperf.core.engine.BulkImportSystem;
import io.graphperf.core.engine.Target;
import io.graphperf.core.progress.ProgressListener;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The embedded Neo4j as E1 uses it: its own bulk importer in a child JVM, then a server on the store. */
public final class Neo4jImportSystem implements BulkImportSystem {

    private final HostSettings settings;
    private final Path graphperfHome;
    private final String maxOffHeap;

    /** @param maxOffHeap the importer's --max-off-heap-memory (its default, 90 % of RAM, is no test default) */
    public Neo4jImportSystem(HostSettings settings, Path graphperfHome, String maxOffHeap) {
        this.settings = settings;
        this.graphperfHome = graphperfHome;
        this.maxOffHeap = maxOffHeap;
    }

    @Override
    public Outcome importFiles(List<String> arguments, ProgressListener progress) throws IOException, InterruptedException {
        BulkImporter.Result r = BulkImporter.run(settings, graphperfHome, arguments, maxOffHeap, progress);
        ImporterOutput o = r.output();
        return new Outcome(o.stages(), o.totalSeconds(), o.nodes(), o.relationships(), o.properties(), o.peakMemory(),
                r.peakRssBytes(), r.badEntries(), r.report(), r.log(), r.command());
    }

    @Override
    public Map<String, Long> storeFiles() throws IOException {
        return BulkImporter.storeFiles(settings);
    }

    @Override
    public Target start() throws IOException, InterruptedException {
        return Neo4jTarget.embedded(settings, graphperfHome);
    }

    /**
     * Starts a server on the store with extra Neo4j settings (e.g. the Bolt worker pool) and a driver
     * pool of {@code connections} (0: the default, 512).
     */
    public Target start(Map<String, String> extra, int connections) throws IOException, InterruptedException {
        Map<String, String> merged = new java.util.LinkedHashMap<>(settings.extra());
        merged.putAll(extra);
        HostSettings s = new HostSettings(settings.workDir(), settings.heap(), settings.pageCache(), settings.dataDir(), settings.txLogDir(),
                settings.boltPort(), settings.httpPort(), merged);
        return Neo4jTarget.embedded(s, graphperfHome, connections > 0 ? connections : 512);
    }

    @Override
    public boolean dropOsCache() {
        Path knob = Path.of("/proc/sys/vm/drop_caches");
        if (!Files.isWritable(knob)) return false;
        try {
            // dirty pages must reach the disk first, or dropping keeps them
            new ProcessBuilder("sync").inheritIO().start().waitFor();
            Files.writeString(knob, "3");
            return true;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
