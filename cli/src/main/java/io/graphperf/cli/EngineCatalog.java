package io.graphperf.cli;

import io.graphperf.engines.arcadedb.ArcadeDbEngines;
import io.graphperf.core.engine.Engines;
import io.graphperf.engines.falkordb.FalkorDbEngines;
import io.graphperf.engines.kuzu.KuzuEngines;
import io.graphperf.engines.neo4j.Neo4jRelease;
import io.graphperf.engines.orientdb.OrientEngines;
import io.graphperf.storage.FilesystemSpec;
import io.graphperf.workloads.options.EngineChoice;
import io.graphperf.workloads.options.EngineOptions;
import io.graphperf.workloads.options.Variant;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The engines --engine and --engines name, as trials: each engine a variant of the run (its name, the setting
 * {@value #ENGINE}), so the trials interleave them and the comparisons set each against the first; and the adapter each
 * trial gets. Neo4j's is built by {@link Launch#engines}; the others here from the engine options that apply to them.
 */
final class EngineCatalog {

    static final String ENGINE = "engine";
    static final String NEO4J_2025 = "neo4j:2025";
    static final String NEO4J_2026 = "neo4j:2026";
    static final String ARCADEDB = "arcadedb";
    static final String ORIENTDB = "orientdb";
    static final String FALKORDB = "falkordb";
    /** The prefix of --setting keys that are FalkorDB's server's (Redis) settings, e.g. falkordb.appendfsync=everysec. */
    static final String FALKORDB_SETTING = "falkordb.";

    private EngineCatalog() {
    }

    /** The Neo4j settings an engine of the catalogue adds to a trial's (the release of neo4j:2025 and neo4j:2026), none for the others. */
    static Map<String, String> neo4jSettings(String engine) {
        if (NEO4J_2025.equals(engine)) return Map.of(Neo4jRelease.SETTING, "2025");
        return NEO4J_2026.equals(engine) ? Map.of(Neo4jRelease.SETTING, "2026") : Map.of();
    }

    /** Registers the conditions of the catalogue's engines before an engine choice is read: Neo4j 2025 and 2026 need their jars and a Java 21+. */
    static void init() {
        EngineChoice.CONDITIONS.put(NEO4J_2025, () -> Neo4jRelease.V2025.whyNotRunnable(Home.get()));
        EngineChoice.CONDITIONS.put(NEO4J_2026, () -> Neo4jRelease.V2026.whyNotRunnable(Home.get()));
        EngineChoice.CONDITIONS.put(ARCADEDB, () -> ArcadeDbEngines.whyNotRunnable(Home.get()));
        EngineChoice.CONDITIONS.put(FALKORDB, FalkorDbEngines::whyNotRunnable);
    }

    static List<Variant> variants(List<String> engines) {
        return engines.stream().map(n -> new Variant(n, Map.of(ENGINE, n))).toList();
    }

    /** The adapter of an engine of the catalogue other than Neo4j (whose adapter {@link Launch#engines} builds), or null. */
    static Engines embedded(Variant v, EngineOptions o, Path trialDir) {
        Object name = v.settings().get(ENGINE);
        if ("kuzu".equals(name)) return kuzu(o, trialDir);
        if (ARCADEDB.equals(name)) {
            return new ArcadeDbEngines(trialDir, o.dataDir != null ? o.dataDir : trialDir, Home.get(), o.heapOrDefault(),
                    FilesystemSpec.parseSize(o.pageCacheOrDefault(), "--page-cache"), o.keepStore);
        }
        if (ORIENTDB.equals(name)) {
            return new OrientEngines(trialDir, o.dataDir != null ? o.dataDir : trialDir, Home.get(), o.heapOrDefault(),
                    FilesystemSpec.parseSize(o.pageCacheOrDefault(), "--page-cache"), o.keepStore);
        }
        if (FALKORDB.equals(name)) {
            Map<String, String> redis = new LinkedHashMap<>();
            o.settings.forEach((k, val) -> {
                if (k.startsWith(FALKORDB_SETTING)) redis.put(k.substring(FALKORDB_SETTING.length()), val);
            });
            return new FalkorDbEngines(trialDir, o.dataDir != null ? o.dataDir : trialDir, Home.get(), o.heapOrDefault(), redis, o.keepStore);
        }
        return null;
    }

    /** Kuzu with the run's heap, its page cache as Kuzu's buffer pool, the store under --data-dir when given. */
    static KuzuEngines kuzu(EngineOptions o, Path trialDir) {
        long bufferPool = FilesystemSpec.parseSize(o.pageCacheOrDefault(), "--page-cache");
        return new KuzuEngines(trialDir, o.dataDir != null ? o.dataDir : trialDir, Home.get(), o.heapOrDefault(), bufferPool, 0, o.keepStore);
    }
}
