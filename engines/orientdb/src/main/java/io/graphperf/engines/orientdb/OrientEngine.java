package io.graphperf.engines.orientdb;

import io.graphperf.core.engine.DialectName;
import io.graphperf.engines.hosted.HostProcess;
import io.graphperf.core.engine.IndexState;
import io.graphperf.engines.hosted.HostedEngine;
import io.graphperf.engines.orientdb.host.OrientRequests;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A running OrientDB engine host on one store. Administrative calls and result checks go through the host's requests; cells run
 * inside the host: graphperf starts OrientDB embedded, without its server.
 */
final class OrientEngine extends HostedEngine {

    private static final Pattern SCHEMA = Pattern.compile("^\\s*(CREATE|ALTER)\\s+(CLASS|PROPERTY|INDEX)\\b", Pattern.CASE_INSENSITIVE);

    OrientEngine(HostProcess host, Map<String, Object> openReply, Map<String, Object> settings) {
        super(host, "orientdb", openReply, settings);
    }

    @Override
    public String description() {
        return "embedded OrientDB " + environment().getOrDefault("version", OrientEngines.VERSION) + " (child JVM, pid " + host.pid().orElse(-1) + ")";
    }

    @Override
    public DialectName dialect() {
        return OrientDialect.NAME;
    }

    @Override
    protected Optional<Pattern> schemaStatement() {
        return Optional.of(SCHEMA);
    }

    /**
     * OrientDB's indexes (built within the statement that creates them, so online once listed) under the name graphperf gives an
     * index on that label and property (graphperf_label_property, _unique for a unique one).
     */
    @Override
    public List<IndexState> indexStates() throws Exception {
        List<IndexState> out = new ArrayList<>();
        for (List<Object> r : host.call(ADMIN, new OrientRequests.Indexes())) { // type, class, properties
            boolean unique = String.valueOf(r.get(0)).toUpperCase(Locale.ROOT).startsWith("UNIQUE");
            String name = "graphperf_" + String.valueOf(r.get(1)).toLowerCase(Locale.ROOT) + "_" + String.join("_", (List<String>) r.get(2)) + (unique ? "_unique" : "");
            out.add(new IndexState(name, unique ? "UNIQUE" : "NOTUNIQUE", "ONLINE", 100));
        }
        return out;
    }

    /** An empty database with the schema made so far ({@link #recreate}): the host drops the database and creates one of a new name. */
    @Override
    public void reset() {
        recreate();
    }

    @Override
    public String resetMethod() {
        return "the database dropped and created anew, its schema statements run again";
    }
}
