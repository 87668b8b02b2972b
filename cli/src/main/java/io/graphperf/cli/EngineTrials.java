package io.graphperf.cli;

import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.Engines;
import io.graphperf.core.engine.HostOption;
import io.graphperf.engines.neo4j.Neo4jRelease;
import io.graphperf.storage.FilesystemSpec;
import io.graphperf.workloads.options.EngineCatalog;
import io.graphperf.workloads.options.EngineOptions;
import io.graphperf.workloads.options.Variant;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The engines --engine and --engines name, as trials: each engine a variant of the run (its name, the setting
 * {@value Variant#ENGINE}), so the trials interleave them and the comparisons set each against the first; and the adapter each
 * trial gets. Neo4j's is built by {@link Launch#engines}; every other engine's by its module's descriptor
 * ({@link EngineDescriptor}), which this class knows by no name.
 */
final class EngineTrials {

    static final String NEO4J_2025 = "neo4j:2025";
    static final String NEO4J_2026 = "neo4j:2026";

    private EngineTrials() {
    }

    /** The Neo4j settings an engine of the catalogue adds to a trial's (the release of neo4j:2025 and neo4j:2026), none for the others. */
    static Map<String, String> neo4jSettings(String engine) {
        if (NEO4J_2025.equals(engine)) return Map.of(Neo4jRelease.SETTING, "2025");
        return NEO4J_2026.equals(engine) ? Map.of(Neo4jRelease.SETTING, "2026") : Map.of();
    }

    /**
     * The engines this machine's CLI can name, built once: Neo4j 2025 and 2026 need their jars and a Java 21+, every module's engine and
     * version says why it cannot run here (asked each time: a version fetched meanwhile runs).
     */
    static EngineCatalog catalog() {
        List<EngineDescriptor> modules = EngineDescriptor.all();
        return new EngineCatalog(modules, name -> {
            if (NEO4J_2025.equals(name)) return Neo4jRelease.V2025.whyNotRunnable(Home.get());
            if (NEO4J_2026.equals(name)) return Neo4jRelease.V2026.whyNotRunnable(Home.get());
            for (EngineDescriptor d : modules) {
                if (name.equals(d.name())) return d.whyNotRunnable(Home.get());
                if (name.startsWith(d.name() + ":")) return d.whyNotRunnable(Home.get(), name.substring(d.name().length() + 1));
            }
            return Optional.empty();
        });
    }

    static List<Variant> variants(List<String> engines) {
        return engines.stream().map(n -> new Variant(n, Map.of(Variant.ENGINE, n))).toList();
    }

    /**
     * The adapter of an engine of a module (every engine but Neo4j, whose adapter {@link Launch#engines} builds), or empty: the run's
     * heap, page cache, data folder and the module's settings ({@code --setting NAME.key=value}), a variant's (a matrix cell's) over them.
     */
    static Optional<Engines> embedded(EngineCatalog catalog, Variant v, EngineOptions o, Path trialDir) {
        String name = String.valueOf(v.settings().get(Variant.ENGINE));
        Optional<EngineDescriptor> module = catalog.module(name);
        if (module.isEmpty()) return Optional.empty();
        EngineDescriptor d = module.get();
        Map<String, String> own = new LinkedHashMap<>();
        o.settings.forEach((k, val) -> {
            if (k.startsWith(d.name() + ".")) own.put(k.substring(d.name().length() + 1), val);
        });
        HostOption.Choice host = o.host(v);
        v.engineSettings().forEach((k, val) -> own.put(k.startsWith(d.name() + ".") ? k.substring(d.name().length() + 1) : k, val));
        host.txLogDir().ifPresent(logs -> own.put(HostOption.TX_LOG_DIR.key(), logs.toString())); // a module's engine places its own log
        Path stores = host.dataDir().orElse(trialDir);
        String heap = host.heap(), pageCache = host.pageCache();
        return Optional.of(d.engines(new EngineDescriptor.Context(trialDir, stores, Home.get(), heap, FilesystemSpec.parseSize(pageCache, "--page-cache"), own,
                o.keepStore, EngineCatalog.version(name).orElse(null))));
    }
}
