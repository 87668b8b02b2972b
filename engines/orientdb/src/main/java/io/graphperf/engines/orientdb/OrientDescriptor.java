package io.graphperf.engines.orientdb;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.Engines;

import java.util.List;

/** OrientDB as its module offers it to graphperf: embedded in a JVM of its own, its disk cache the run's page cache. */
public final class OrientDescriptor implements EngineDescriptor {

    @Override
    public String name() {
        return "orientdb";
    }

    @Override
    public List<String> aliases() {
        return List.of("orientdb:" + OrientHost.VERSION, "orientdb:3.2", "orientdb:3");
    }

    @Override
    public String summary() {
        return "OrientDB " + OrientHost.VERSION + " embedded in its own JVM (embedded; its SQL)";
    }

    @Override
    public int order() {
        return 70;
    }

    @Override
    public Engines engines(Context c) {
        if (!c.settings().isEmpty()) throw new UserError("OrientDB takes no engine settings here (given: " + c.settings().keySet() + ")");
        return new OrientEngines(c);
    }
}
