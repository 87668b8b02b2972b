package io.graphperf.engines.neo4j;

import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.measure.ProgressListener;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** The embedded Neo4j as E1 and E2 use it: its own bulk importer in a child JVM, then servers on the store. */
public final class Neo4jBulkImport implements BulkImport {

    private final HostSettings settings;
    private final Path graphperfHome;
    private final String maxOffHeap;

    /** @param maxOffHeap the importer's --max-off-heap-memory (its default, 90 % of RAM, is no test default) */
    public Neo4jBulkImport(HostSettings settings, Path graphperfHome, String maxOffHeap) {
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
    public Engine start(Map<String, String> extra, int connections) throws IOException, InterruptedException {
        return Neo4jEngine.embedded(settings.with(extra), graphperfHome, connections > 0 ? connections : Neo4jEngine.DEFAULT_CONNECTIONS);
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

    @Override
    public void deleteStore() throws IOException {
        deleteStore(settings);
    }

    /** Deletes a store's data and transaction logs; the engine's own logs stay for the reader. */
    static void deleteStore(HostSettings h) throws IOException {
        deleteTree(h.dataDir() != null ? h.dataDir() : h.workDir().resolve("data"));
        if (h.txLogDir() != null) deleteTree(h.txLogDir());
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
