package io.graphperf.cli;

import io.graphperf.engines.kuzu.KuzuEngines;
import io.graphperf.storage.FilesystemSpec;
import io.graphperf.workloads.options.EngineOptions;
import io.graphperf.workloads.options.Variant;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The engines --engine and --engines name, as trials: each engine a variant of the run (its name, the setting
 * {@value #ENGINE}), so the trials interleave them and the comparisons set each against the first; and the adapter each
 * trial gets. Neo4j's is built by {@link Launch#engines}; the others here from the engine options that apply to them.
 */
final class EngineCatalog {

    static final String ENGINE = "engine";

    private EngineCatalog() {
    }

    static List<Variant> variants(List<String> engines) {
        return engines.stream().map(n -> new Variant(n, Map.of(ENGINE, n))).toList();
    }

    static boolean isKuzu(Variant v) {
        return "kuzu".equals(v.settings().get(ENGINE));
    }

    /** Kuzu with the run's heap, its page cache as Kuzu's buffer pool, the store under --data-dir when given. */
    static KuzuEngines kuzu(EngineOptions o, Path trialDir) {
        long bufferPool = FilesystemSpec.parseSize(o.pageCacheOrDefault(), "--page-cache");
        return new KuzuEngines(trialDir, o.dataDir != null ? o.dataDir : trialDir, Home.get(), o.heapOrDefault(), bufferPool, 0, o.keepStore);
    }
}
