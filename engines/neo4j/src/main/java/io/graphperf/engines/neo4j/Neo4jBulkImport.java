package io.graphperf.engines.neo4j;

import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineGroup;
import io.graphperf.core.engine.PhaseProgress;
import io.graphperf.core.engine.Machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** The embedded Neo4j as E1 and E2 use it: its own bulk importer in a child JVM, then servers on the store. */
public final class Neo4jBulkImport implements BulkImport {

    private final HostSettings settings;
    private final Path graphperfHome;
    private final String maxOffHeap;
    /** the store's copies for groups of servers, deleted with it */
    private final List<HostSettings> copies = new ArrayList<>();

    /** @param maxOffHeap the importer's --max-off-heap-memory (its default, 90 % of RAM, is no test default) */
    public Neo4jBulkImport(HostSettings settings, Path graphperfHome, String maxOffHeap) {
        this.settings = settings;
        this.graphperfHome = graphperfHome;
        this.maxOffHeap = maxOffHeap;
    }

    @Override
    public Outcome importFiles(List<String> arguments, PhaseProgress progress) throws IOException, InterruptedException {
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

    /**
     * The first server on the store, the others each on a copy made now (kept for later groups, deleted with the
     * store). Servers start one after another; when one fails to start, those already started are stopped.
     */
    @Override
    public Engine startGroup(int servers, Map<String, String> extra, int connections) throws IOException, InterruptedException {
        if (servers < 1) throw new IllegalArgumentException("servers must be at least 1");
        List<HostSettings> hosts = new ArrayList<>(List.of(settings.with(extra)));
        for (int i = 2; i <= servers; i++) hosts.add(copy(i).with(extra));
        List<Engine> started = new ArrayList<>();
        try {
            for (HostSettings h : hosts) {
                started.add(Neo4jEngine.embedded(h, graphperfHome, connections > 0 ? connections : Neo4jEngine.DEFAULT_CONNECTIONS));
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            for (Engine s : started) s.close();
            throw e;
        }
        return EngineGroup.of(started);
    }

    /** Server {@code i}'s copy of the store: its own engine folder beside the store's, data (and logs) copied once. */
    private HostSettings copy(int i) throws IOException {
        Path work = settings.workDir().resolveSibling(settings.workDir().getFileName() + "-server-" + i);
        HostSettings h = new HostSettings(work, settings.heap(), settings.pageCache(),
                settings.dataDir() == null ? work.resolve("data") : settings.dataDir().resolveSibling(settings.dataDir().getFileName() + "-server-" + i),
                settings.txLogDir() == null ? null : settings.txLogDir().resolveSibling(settings.txLogDir().getFileName() + "-server-" + i),
                settings.boltPort() == 0 ? 0 : settings.boltPort() + 10 * (i - 1), settings.httpPort() == 0 ? 0 : settings.httpPort() + 10 * (i - 1),
                settings.extra());
        if (!copies.contains(h)) {
            deleteStore(h);
            copyTree(dataDir(settings), dataDir(h));
            if (settings.txLogDir() != null) copyTree(settings.txLogDir(), h.txLogDir());
            copies.add(h);
        }
        return h;
    }

    private static Path dataDir(HostSettings h) {
        return h.dataDir() != null ? h.dataDir() : h.workDir().resolve("data");
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (var walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    @Override
    public boolean dropOsCache() {
        return Machine.dropOsCache();
    }

    @Override
    public void deleteStore() throws IOException {
        deleteStore(settings);
        for (HostSettings copy : copies) deleteStore(copy);
        copies.clear();
    }

    /** Deletes a store's data and transaction logs; the engine's own logs stay for the reader. */
    static void deleteStore(HostSettings h) throws IOException {
        deleteTree(dataDir(h));
        if (h.txLogDir() != null) deleteTree(h.txLogDir());
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
