package io.graphperf.core.engine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Optional;

/**
 * An engine graphperf can run beside Neo4j, as its own module describes it: the name {@code --engine} and {@code --engines} take,
 * what it is, why it cannot run on this machine, and how to start it for a trial. Each engine module lists its descriptor in
 * {@code META-INF/services/io.graphperf.core.engine.EngineDescriptor}; the CLI and the studies find it with {@link ServiceLoader}
 * and know no engine by name. An engine's queries are named by its {@link Engine#dialect() dialect}.
 */
public interface EngineDescriptor {

    /** The name users give (lower case, e.g. "ladybug"), and the engine's name in run.json. */
    String name();

    /** Other spellings of the same engine and version (e.g. "ladybug:0.22.0"). */
    default List<String> aliases() {
        return List.of();
    }

    /**
     * The versions this module knows how to drive, its default first (e.g. "0.22.0", "0.21.2", "0.20.4"): {@code NAME:VERSION} picks
     * one ({@link Context#version()}). Empty: the module drives one version, its summary's.
     */
    default List<String> versions() {
        return List.of();
    }

    /** The summary of one of {@link #versions()}. */
    default String summary(String version) {
        return summary();
    }

    /** Why one of {@link #versions()} cannot run on this machine now; empty when it can. */
    default Optional<String> whyNotRunnable(Path home, String version) {
        return whyNotRunnable(home);
    }

    /** Whether one of {@link #versions()} is already fetched into graphperf's cache (so it runs offline). */
    default boolean fetched(String version) {
        return true;
    }

    /** Fetches one of {@link #versions()} into graphperf's cache now, if it is fetched at first use and not there yet. */
    default void fetch(Path home, String version) throws Exception {
    }

    /** Versions users may ask for that cannot run here (e.g. "arcadedb:26"), with why. */
    default Map<String, String> versionsNotRunnable() {
        return Map.of();
    }

    /** One line for --help and errors: what graphperf starts, which version, how it is reached. */
    String summary();

    /** Why the engine cannot run on this machine now (another system, a missing tool); empty when it can. */
    default Optional<String> whyNotRunnable(Path home) {
        return Optional.empty();
    }

    /** Where the engine comes in lists (lower first). */
    default int order() {
        return 100;
    }

    /** The engine's adapter for one trial. */
    Engines engines(Context context);

    /**
     * What a trial gives an engine it starts.
     *
     * @param trialDir       the trial's folder (logs)
     * @param stores         where stores go (the trial's folder, or --data-dir)
     * @param home           graphperf's checkout or release (the engine hosts' classpaths)
     * @param heap           the engine host's heap
     * @param pageCacheBytes the run's page cache, which an engine applies to its own cache where it has one
     * @param settings       the run's settings of this engine: {@code --setting NAME.key=value}, the prefix taken off
     * @param keepStore      whether stores are kept after the run
     * @param version        which of the module's {@link #versions()} to start; null: its default
     */
    record Context(Path trialDir, Path stores, Path home, String heap, long pageCacheBytes, Map<String, String> settings, boolean keepStore,
                   String version) {
        /** The module's default version. */
        public Context(Path trialDir, Path stores, Path home, String heap, long pageCacheBytes, Map<String, String> settings, boolean keepStore) {
            this(trialDir, stores, home, heap, pageCacheBytes, settings, keepStore, null);
        }
    }

    /** Every engine module on the class path, in their order. */
    static List<EngineDescriptor> all() {
        List<EngineDescriptor> out = new ArrayList<>();
        ServiceLoader.load(EngineDescriptor.class).forEach(out::add);
        out.sort(Comparator.comparingInt(EngineDescriptor::order).thenComparing(EngineDescriptor::name));
        return out;
    }
}
