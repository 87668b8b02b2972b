package io.graphperf.engines.ladybug;

import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.Engines;

import java.nio.file.Path;
import java.util.List;

/** LadybugDB, the maintained fork of Kuzu, as its module offers it to graphperf. */
public final class LadybugDescriptor implements EngineDescriptor {

    static final String NAME = "ladybug";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<String> aliases() {
        return List.of("ladybug:" + LadybugPackage.VERSION, "ladybug:0.22", "ladybugdb", "ladybugdb:" + LadybugPackage.VERSION, "lbug");
    }

    @Override
    public String summary() {
        return "LadybugDB " + LadybugPackage.VERSION + " (Kuzu's fork) embedded in a Python process, reached from an engine host over loopback (embedded;"
                + " Kuzu's Cypher)";
    }

    @Override
    public String whyNotRunnable(Path home) {
        return LadybugPackage.whyNotRunnable();
    }

    @Override
    public int order() {
        return 50;
    }

    @Override
    public Engines engines(Context context) {
        return new LadybugEngines(context);
    }
}
