package io.graphperf.engines.arcadedb;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.Engines;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** ArcadeDB as its module offers it to graphperf: embedded in a JVM of its own, its page cache the run's. */
public final class ArcadeDbDescriptor implements EngineDescriptor {

    @Override
    public String name() {
        return "arcadedb";
    }

    @Override
    public List<String> aliases() {
        return List.of("arcadedb:" + ArcadeDbEngines.VERSION, "arcadedb:25.3");
    }

    @Override
    public List<String> versions() {
        return ArcadeDbEngines.versions();
    }

    @Override
    public String summary() {
        return summary(ArcadeDbEngines.VERSION);
    }

    @Override
    public String summary(String version) {
        return "ArcadeDB " + version + " embedded in its own JVM (embedded; its SQL, and its Cypher" + (ArcadeDbEngines.WHEELS.containsKey(version)
                ? "; Java 21+, its jars from a pinned wheel of the Python registry, fetched at first use)" : " through its Gremlin module)");
    }

    @Override
    public Optional<String> whyNotRunnable(Path home) {
        return ArcadeDbEngines.whyNotRunnable(home);
    }

    @Override
    public Optional<String> whyNotRunnable(Path home, String version) {
        return ArcadeDbEngines.whyNotRunnable(home, version);
    }

    @Override
    public boolean fetched(String version) {
        return ArcadeDbEngines.fetched(version);
    }

    @Override
    public void fetch(Path home, String version) throws Exception {
        ArcadeDbEngines.fetch(version);
    }

    @Override
    public int order() {
        return 60;
    }

    @Override
    public Engines engines(Context c) {
        if (!c.settings().isEmpty()) throw new UserError("ArcadeDB takes no engine settings here (given: " + c.settings().keySet() + ")");
        return new ArcadeDbEngines(c);
    }
}
