package io.graphperf.engines.ladybug;

import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.Engines;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

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
    public List<String> versions() {
        return LadybugPackage.versions();
    }

    @Override
    public String summary() {
        return summary(LadybugPackage.VERSION);
    }

    @Override
    public String summary(String version) {
        return "LadybugDB " + version + " (Kuzu's fork) embedded in a Python process, reached from an engine host over loopback (embedded;"
                + " Kuzu's Cypher)";
    }

    @Override
    public Optional<String> whyNotRunnable(Path home) {
        return LadybugPackage.whyNotRunnable();
    }

    @Override
    public Optional<String> whyNotRunnable(Path home, String version) {
        return LadybugPackage.whyNotRunnable(version);
    }

    @Override
    public boolean fetched(String version) {
        return LadybugPackage.fetched(version);
    }

    @Override
    public void fetch(Path home, String version) throws Exception {
        LadybugPackage.get(version);
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
