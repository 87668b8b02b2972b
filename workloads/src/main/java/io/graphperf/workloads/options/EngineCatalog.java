package io.graphperf.workloads.options;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.EngineDescriptor;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Every engine {@code --engine} and {@code --engines} can name, built once by the CLI and handed to the commands that read an engine
 * choice ({@link EngineChoice#use}): Neo4j's releases, the engine modules found on the class path with their versions (and those
 * graphperf knows but cannot run), and why an engine cannot run on this machine now (a Java too old, jars not resolved), which the
 * catalogue asks of the conditions it was built with each time, since a version fetched meanwhile may run now. It holds no
 * state of its own to change: a test builds another.
 */
public final class EngineCatalog {

    /** Neo4j's releases graphperf starts, by name, with what each is. */
    public static final Map<String, String> NEO4J = Collections.unmodifiableMap(neo4j());

    private final Map<String, String> available = new LinkedHashMap<>();
    private final Map<String, String> unavailable = new LinkedHashMap<>();
    private final Map<String, EngineDescriptor> modules = new LinkedHashMap<>();
    private final Function<String, Optional<String>> conditions;

    /**
     * @param descriptors the engine modules other than Neo4j's
     * @param conditions  why an engine of the catalogue (by its name: "neo4j:2026", "arcadedb:26.10.2") cannot run here now, or empty
     */
    public EngineCatalog(List<EngineDescriptor> descriptors, Function<String, Optional<String>> conditions) {
        this.conditions = conditions;
        available.putAll(NEO4J);
        for (EngineDescriptor d : descriptors) {
            modules.put(d.name(), d);
            available.put(d.name(), d.summary());
            for (String v : d.versions().stream().skip(1).toList()) available.put(EngineName.of(d.name(), v).toString(), d.summary(v));
            unavailable.putAll(d.versionsNotRunnable());
        }
        unavailable.put("memgraph", "no package of Memgraph's server is served by the registries this machine uses (Debian, PyPI, npm; PyPI's"
                + " 'memgraph' 0.0.1 is an empty placeholder): docs/engines.md");
    }

    /** The engine modules on the class path, every engine runnable as far as the catalogue knows (tests, and tools with no conditions). */
    public static EngineCatalog onClassPath() {
        return new EngineCatalog(EngineDescriptor.all(), name -> Optional.empty());
    }

    private static Map<String, String> neo4j() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("neo4j", "Neo4j 5.26 in its own JVM (bolt, http, embedded, the gateway)");
        m.put("neo4j:2025", "Neo4j 2025.10.1 in its own JVM on Java 21+ (bolt, http, embedded, the gateway; no APOC core)");
        m.put("neo4j:2026", "Neo4j 2026.08.1 in its own JVM on Java 21+ (bolt, http, embedded, the gateway; no APOC core)");
        return m;
    }

    /** Engines graphperf starts here, by name, with what each is (read-only). */
    public Map<String, String> available() {
        return Collections.unmodifiableMap(available);
    }

    /** Engines that can be asked for but cannot run here, with why (read-only; the evidence is in docs/engines.md). */
    public Map<String, String> unavailable() {
        return Collections.unmodifiableMap(unavailable);
    }

    /** The engine modules other than Neo4j's, by name (read-only). */
    public Map<String, EngineDescriptor> modules() {
        return Collections.unmodifiableMap(modules);
    }

    /**
     * Whether a variant's name is an engine's (an engine comparison's trials are named by their engines; a configuration's are not), by
     * the modules on the class path: a results folder read back needs no catalogue of this machine's.
     */
    public static boolean isEngineName(String name) {
        if (NEO4J.containsKey(name)) return true;
        return EngineName.read(name).filter(n -> OnClassPath.NAMES.contains(n.base())).isPresent();
    }

    /** The modules' names on the class path, read once (the class path does not change while graphperf runs). */
    private static final class OnClassPath {
        static final List<String> NAMES = EngineDescriptor.all().stream().map(EngineDescriptor::name).toList();
    }

    /** The names of every engine that runs, for --help. */
    public String names() {
        return String.join(", ", available.keySet());
    }

    /** Why a known engine cannot run here now, or empty when it can. */
    public Optional<String> whyNot(String name) {
        if (unavailable.containsKey(name)) return Optional.of(unavailable.get(name));
        return conditions.apply(name);
    }

    /** The module of an engine name ("ladybug" or "ladybug:0.21.2"), or empty for Neo4j's releases. */
    public Optional<EngineDescriptor> module(String name) {
        return EngineName.read(name).map(n -> modules.get(n.base()));
    }

    /** The version an engine name asks of its module ("0.21.2" of "ladybug:0.21.2"), or empty for its default. */
    public static Optional<String> version(String name) {
        return EngineName.read(name).flatMap(EngineName::version);
    }

    /**
     * An engine name with its version made explicit ("arcadedb" → "arcadedb:25.3.1", its module's default), so what is kept under it
     * keeps naming the version when graphperf's default moves; Neo4j's releases and modules of one version keep their name.
     */
    public String explicit(String name) {
        Optional<EngineDescriptor> d = module(name);
        if (d.isEmpty() || d.get().versions().isEmpty()) return name;
        return EngineName.of(d.get().name(), version(name).orElse(d.get().versions().get(0))).toString();
    }

    /** Whether a --setting key is an engine module's ({@code NAME.key}, a module on the class path), not Neo4j's. */
    public static boolean isModuleSetting(String key) {
        return OnClassPath.NAMES.stream().anyMatch(n -> key.startsWith(n + "."));
    }

    /**
     * A given engine name made the catalogue's: case and Neo4j's release numbers ("neo4j:5.26.30" is neo4j), a module's alias
     * ("LadybugDB"), a version of a module that knows several (the exact one, or the newest of a release line: "0.21" gives 0.21.2; the
     * default named without a version); an unknown engine or version is an error naming the known ones.
     */
    String normal(String given, String option) {
        String g = given.trim().toLowerCase(Locale.ROOT);
        Optional<String> versioned = versioned(g, given, option);
        if (versioned.isPresent()) return versioned.get();
        if (g.startsWith("neo4j:5.26") || g.equals("neo4j:5")) g = "neo4j";
        if (g.startsWith("neo4j:2025")) g = "neo4j:2025";
        if (g.startsWith("neo4j:2026")) g = "neo4j:2026";
        for (EngineDescriptor d : modules.values()) {
            if (d.aliases().contains(g)) g = d.name();
            for (String v : d.versionsNotRunnable().keySet()) if (g.startsWith(v)) g = v;
        }
        Optional<EngineName> unversioned = EngineName.read(g).filter(n -> n.version().isPresent() && unavailable.containsKey(n.base()));
        if (unversioned.isPresent()) g = unversioned.get().base();
        if (available.containsKey(g) || unavailable.containsKey(g)) return g;
        List<String> names = available.keySet().stream().filter(k -> module(k).isEmpty() || version(k).isEmpty()).toList();
        throw new UserError("unknown engine '" + given + "' (option " + option + "); known: " + String.join(", ", names) + " (their versions: graphperf engines)"
                + " (and, not runnable here: " + String.join(", ", unavailable.keySet()) + ")");
    }

    private Optional<String> versioned(String g, String given, String option) {
        Optional<EngineName> asked = EngineName.read(g).filter(n -> n.version().isPresent());
        if (asked.isEmpty()) return Optional.empty();
        String prefix = asked.get().base(), v = asked.get().version().orElseThrow();
        EngineDescriptor d = modules.values().stream().filter(m -> m.name().equals(prefix) || m.aliases().contains(prefix)).findFirst().orElse(null);
        if (d == null || d.versions().isEmpty()) return Optional.empty();
        String known = d.versions().stream().filter(k -> k.equals(v)).findFirst()
                .or(() -> d.versions().stream().filter(k -> k.startsWith(v + ".")).max(EngineCatalog::compareVersions)).orElse(null);
        if (known == null) {
            throw new UserError("engine '" + given + "' (option " + option + "): graphperf does not drive " + d.name() + " " + v + "; the versions it"
                    + " drives: " + String.join(", ", d.versions()) + " (" + d.versions().get(0) + " the default; graphperf engines lists them)");
        }
        return Optional.of(known.equals(d.versions().get(0)) ? d.name() : EngineName.of(d.name(), known).toString());
    }

    /** Dotted versions compared number by number ("0.21.10" after "0.21.9"). */
    static int compareVersions(String a, String b) {
        String[] x = a.split("\\."), y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            String p = i < x.length ? x[i] : "0", q = i < y.length ? y[i] : "0";
            int c = p.matches("\\d+") && q.matches("\\d+") ? Long.compare(Long.parseLong(p), Long.parseLong(q)) : p.compareTo(q);
            if (c != 0) return c;
        }
        return 0;
    }
}
