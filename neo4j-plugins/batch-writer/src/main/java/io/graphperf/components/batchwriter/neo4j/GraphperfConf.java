package io.graphperf.components.batchwriter.neo4j;

import org.neo4j.configuration.Config;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.SettingValueParser;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The settings of one of graphperf's Neo4j plugins. Neo4j 5 refuses settings outside its own namespaces in
 * neo4j.conf, so (as APOC does with apoc.conf) they live in {@code graphperf.conf} beside it: {@code $NEO4J_CONF}
 * or {@code <neo4j home>/conf}. A JVM system property of the same name overrides the file. Values are parsed by
 * Neo4j's own parsers; a wrong one fails naming its setting and the file.
 */
public final class GraphperfConf {

    public static final String FILE = "graphperf.conf";

    private final Properties values;
    private final String source;

    private GraphperfConf(Properties values, String source) {
        this.values = values;
        this.source = source;
    }

    /** Reads the settings starting with prefix; one the plugin does not know is an error naming it. */
    public static GraphperfConf read(Config config, String prefix, Set<String> known) throws IOException {
        return read(config, prefix, known, List.of());
    }

    /**
     * As {@link #read(Config, String, Set)}, also accepting any key under one of the open prefixes (settings passed on to a
     * library, such as a Kafka client's, which checks them itself).
     */
    public static GraphperfConf read(Config config, String prefix, Set<String> known, List<String> openPrefixes) throws IOException {
        String confDir = System.getenv("NEO4J_CONF");
        Path file = (confDir != null ? Path.of(confDir) : config.get(GraphDatabaseSettings.neo4j_home).resolve("conf")).resolve(FILE);
        Properties p = new Properties();
        if (Files.exists(file)) {
            try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                p.load(r);
            }
        }
        for (String k : System.getProperties().stringPropertyNames()) {
            if (k.startsWith(prefix)) p.setProperty(k, System.getProperty(k));
        }
        for (String k : p.stringPropertyNames()) {
            if (k.startsWith(prefix) && !known.contains(k) && openPrefixes.stream().noneMatch(k::startsWith)) {
                throw new IllegalArgumentException("unknown setting " + k + " in " + file + " (known: " + String.join(", ", new TreeSet<>(known)) + ")");
            }
        }
        return new GraphperfConf(p, file.toString());
    }

    /** The settings under a prefix, keyed by the rest of their name. */
    public Map<String, String> under(String prefix) {
        Map<String, String> m = new TreeMap<>();
        for (String k : values.stringPropertyNames()) {
            if (k.startsWith(prefix) && !values.getProperty(k).isBlank()) m.put(k.substring(prefix.length()), values.getProperty(k).trim());
        }
        return m;
    }

    /** Where the settings came from, for messages. */
    public String source() {
        return source;
    }

    /** The raw value, or the default when unset or blank. */
    public String raw(String key, String dflt) {
        String v = values.getProperty(key);
        return v == null || v.isBlank() ? dflt : v.trim();
    }

    public <T> T parse(String key, SettingValueParser<T> parser, T dflt) {
        String v = values.getProperty(key);
        if (v == null || v.isBlank()) return dflt;
        try {
            return parser.parse(v.trim());
        } catch (IllegalArgumentException e) {
            throw bad(key, "must be " + parser.getDescription() + " (" + e.getMessage() + ")");
        }
    }

    public IllegalArgumentException bad(String key, String why) {
        return new IllegalArgumentException(key + "=" + values.getProperty(key) + " in " + source + ": " + why);
    }
}
