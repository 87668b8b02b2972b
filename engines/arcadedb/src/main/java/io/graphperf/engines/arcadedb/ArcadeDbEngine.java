package io.graphperf.engines.arcadedb;

import io.graphperf.core.engine.DialectName;
import io.graphperf.engines.hosted.HostProcess;
import io.graphperf.core.engine.IndexState;
import io.graphperf.core.engine.Statement;
import io.graphperf.engines.hosted.HostedEngine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A running ArcadeDB engine host on one store. Administrative calls and result checks go through the host's requests; cells
 * run inside the host: graphperf starts ArcadeDB embedded, without its server.
 */
final class ArcadeDbEngine extends HostedEngine {

    private static final Pattern SCHEMA = Pattern.compile("^sql:\\s*(CREATE|ALTER)\\s+(VERTEX\\s+TYPE|EDGE\\s+TYPE|DOCUMENT\\s+TYPE|TYPE|PROPERTY|INDEX)\\b",
            Pattern.CASE_INSENSITIVE);

    ArcadeDbEngine(HostProcess host, Map<String, Object> openReply, Map<String, Object> settings) {
        super(host, "arcadedb", openReply, settings);
    }

    @Override
    public String description() {
        return "embedded ArcadeDB " + environment().getOrDefault("version", ArcadeDbEngines.VERSION) + " (child JVM, pid " + host.pid().orElse(-1) + ")";
    }

    @Override
    public DialectName dialect() {
        return ArcadeDbDialect.NAME;
    }

    @Override
    protected Optional<Pattern> schemaStatement() {
        return Optional.of(SCHEMA);
    }

    /**
     * ArcadeDB's indexes, each built within its CREATE INDEX statement (so online once listed), under the name graphperf gives an
     * index on that label and property (graphperf_label_property, _unique for a unique one); ArcadeDB names them Type[property].
     */
    @Override
    public List<IndexState> indexStates() throws Exception {
        List<IndexState> out = new ArrayList<>();
        // each type's index, named Type[property], and one per bucket under it
        for (List<Object> r : fetchInProcess(new Statement("sql:SELECT name, typeName, properties, unique FROM schema:indexes", Map.of()))) {
            if (r.get(1) == null || !String.valueOf(r.get(0)).contains("[")) continue;
            boolean unique = Boolean.TRUE.equals(r.get(3));
            String name = "graphperf_" + String.valueOf(r.get(1)).toLowerCase(Locale.ROOT) + "_" + String.join("_", flat(r.get(2))) + (unique ? "_unique" : "");
            out.add(new IndexState(name, unique ? "UNIQUE" : "NOTUNIQUE", "ONLINE", 100));
        }
        return out;
    }

    private static List<String> flat(Object v) {
        if (!(v instanceof List<?> l)) return List.of(String.valueOf(v));
        List<String> out = new ArrayList<>();
        for (Object x : l) out.addAll(flat(x));
        return out;
    }

    /**
     * An empty database with the schema made so far ({@link #recreate}): the host deletes the database and creates a new one (in a
     * folder of a new name), then the schema statements run again. Emptying the database in place did not serve on ArcadeDB 25.3.1: after TRUNCATE TYPE its count(*)
     * disagreed with a scan of the type. The new folder's name is new each time so that nothing ArcadeDB keeps by database name
     * (its page cache) can serve the old database's pages (a precaution, not an observed failure).
     */
    @Override
    public void reset() {
        recreate();
    }

    @Override
    public String resetMethod() {
        return "the database deleted and created anew, its schema statements run again";
    }
}
