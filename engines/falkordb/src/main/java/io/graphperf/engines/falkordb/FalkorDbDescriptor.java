package io.graphperf.engines.falkordb;

import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.Engines;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * FalkorDB as its module offers it to graphperf: its server started by an engine host and reached over the Redis protocol; the run's
 * {@code --setting falkordb.KEY=VALUE} are the server's Redis settings (e.g. falkordb.appendfsync=everysec).
 */
public final class FalkorDbDescriptor implements EngineDescriptor {

    @Override
    public String name() {
        return "falkordb";
    }

    @Override
    public List<String> aliases() {
        return List.of("falkordb:" + FalkorDbEngines.VERSION, "falkordb:4.16", "falkordb:4");
    }

    @Override
    public String summary() {
        return "FalkorDB " + FalkorDbEngines.VERSION + " (redis-server 8.2.3 with its module) reached over the Redis protocol from an engine host"
                + " (appendfsync always; its Cypher)";
    }

    @Override
    public Optional<String> whyNotRunnable(Path home) {
        return FalkorDbEngines.whyNotRunnable();
    }

    @Override
    public int order() {
        return 80;
    }

    @Override
    public Engines engines(Context c) {
        return new FalkorDbEngines(c);
    }
}
