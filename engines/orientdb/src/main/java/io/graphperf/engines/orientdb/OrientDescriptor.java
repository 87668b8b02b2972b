package io.graphperf.engines.orientdb;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.Engines;
import io.graphperf.core.engine.HostOption;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** OrientDB as its module offers it to graphperf: embedded in a JVM of its own, its disk cache the run's page cache. */
public final class OrientDescriptor implements EngineDescriptor {

    private static final Pattern PREFIXES = Pattern.compile("(storage|db|index|memory|tx|query)\\.");

    @Override
    public String name() {
        return "orientdb";
    }

    @Override
    public List<String> aliases() {
        return List.of("orientdb:" + OrientEngines.VERSION, "orientdb:3.2", "orientdb:3");
    }

    @Override
    public List<String> versions() {
        return OrientEngines.versions();
    }

    @Override
    public String summary() {
        return summary(OrientEngines.VERSION);
    }

    @Override
    public String summary(String version) {
        return "OrientDB " + version + " embedded in its own JVM (embedded; its SQL" + (OrientEngines.JARS.containsKey(version)
                ? "; its orientdb-core jar from Maven, fetched at first use)" : ")");
    }

    @Override
    public Optional<String> whyNotRunnable(Path home, String version) {
        return OrientEngines.whyNotRunnable(version).or(() -> whyNotRunnable(home));
    }

    @Override
    public boolean fetched(String version) {
        return OrientEngines.fetched(version);
    }

    @Override
    public void fetch(Path home, String version) throws Exception {
        OrientEngines.fetch(version);
    }

    @Override
    public int order() {
        return 70;
    }

    /** OrientDB's global settings (storage.compressionMethod, storage.wal.*, …) and a separate log folder; its disk cache is --page-cache. */
    @Override
    public Engines engines(Context c) {
        for (String k : c.settings().keySet()) {
            if (k.equals("storage.diskCache.bufferSize")) throw new UserError("OrientDB setting storage.diskCache.bufferSize: its disk cache is the run's page cache");
            if (!k.equals(HostOption.TX_LOG_DIR.key()) && !PREFIXES.matcher(k).lookingAt())
                throw new UserError("'" + k + "' is not an OrientDB setting (they start with storage., db., index., memory., tx. or query.)");
        }
        return new OrientEngines(c);
    }
}
