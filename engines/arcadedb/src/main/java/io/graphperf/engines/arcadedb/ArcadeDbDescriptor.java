package io.graphperf.engines.arcadedb;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.Engines;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

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
    public Map<String, String> versionsNotRunnable() {
        return Map.of("arcadedb:26", "ArcadeDB 26.x does not resolve from the registry here (26.7.1's parent POM answers 404, earlier 26.x jars are"
                + " missing); --engines arcadedb runs " + ArcadeDbEngines.VERSION);
    }

    @Override
    public String summary() {
        return "ArcadeDB " + ArcadeDbEngines.VERSION + " embedded in its own JVM (embedded; its SQL, and its Cypher through its Gremlin module)";
    }

    @Override
    public String whyNotRunnable(Path home) {
        return ArcadeDbEngines.whyNotRunnable(home);
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
