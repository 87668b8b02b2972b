package io.graphperf.engines.kuzu;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.Engines;

import java.util.List;

/** Kuzu, LadybugDB's upstream, as its module offers it to graphperf: embedded in a JVM of its own, its buffer pool the run's page cache. */
public final class KuzuDescriptor implements EngineDescriptor {

    @Override
    public String name() {
        return "kuzu";
    }

    @Override
    public List<String> aliases() {
        return List.of("kuzu:" + KuzuEngines.VERSION, "kuzu:0.11");
    }

    @Override
    public String summary() {
        return "Kuzu " + KuzuEngines.VERSION + " embedded in its own JVM (embedded), LadybugDB's upstream";
    }

    @Override
    public int order() {
        return 40;
    }

    @Override
    public Engines engines(Context c) {
        if (!c.settings().isEmpty()) throw new UserError("Kuzu takes no engine settings here (given: " + c.settings().keySet() + ")");
        return new KuzuEngines(c);
    }
}
