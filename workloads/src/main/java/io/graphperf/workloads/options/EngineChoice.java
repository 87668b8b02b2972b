package io.graphperf.workloads.options;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.EngineDescriptor;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Which engine graphperf starts ({@code --engine}) or which engines it runs the same cells on, side by side
 * ({@code --engines}): each one a trial of its own in its own JVM, interleaved with the others, the first the baseline of the
 * comparisons. Neo4j's releases are named here; every other engine by its module's descriptor ({@link EngineDescriptor}, found on
 * the class path), which also says why it cannot run and starts it.
 */
public final class EngineChoice {

    /** Engines graphperf starts here, by name, with what each is. */
    private static final Map<String, String> AVAILABLE = new LinkedHashMap<>();
    /** Engines asked for that cannot run here, with why (the evidence is in docs/engines.md). */
    private static final Map<String, String> UNAVAILABLE = new LinkedHashMap<>();

    /**
     * Conditions on engines of {@link #AVAILABLE} that depend on this machine (a Java new enough, jars resolved): each gives why
     * its engine cannot run here now, or null. The CLI registers its adapters' checks ({@link #condition}).
     */
    private static final Map<String, Supplier<String>> CONDITIONS = new ConcurrentHashMap<>();

    /** The engines other than Neo4j, each from its module's descriptor, by name. */
    private static final Map<String, EngineDescriptor> MODULES = new LinkedHashMap<>();

    /** Engines graphperf starts here, by name, with what each is (read-only). */
    public static Map<String, String> available() {
        return Collections.unmodifiableMap(AVAILABLE);
    }

    /** Engines asked for that cannot run here, with why (read-only). */
    public static Map<String, String> unavailable() {
        return Collections.unmodifiableMap(UNAVAILABLE);
    }

    /** The engine modules other than Neo4j's, by name (read-only). */
    public static Map<String, EngineDescriptor> modules() {
        return Collections.unmodifiableMap(MODULES);
    }

    /** Registers why an engine of {@link #available()} may not run on this machine now (the supplier answers null when it can). */
    public static void condition(String name, Supplier<String> whyNot) {
        CONDITIONS.put(name, whyNot);
    }

    /** Takes an engine's condition away (tests that set one). */
    public static void clearCondition(String name) {
        CONDITIONS.remove(name);
    }

    /** The system property that holds the engines' names for --help. */
    static final String ENGINE_LIST = "graphperf.engines";

    static {
        AVAILABLE.put("neo4j", "Neo4j 5.26 in its own JVM (bolt, http, embedded, the gateway)");
        AVAILABLE.put("neo4j:2025", "Neo4j 2025.10.1 in its own JVM on Java 21+ (bolt, http, embedded, the gateway; no APOC core)");
        AVAILABLE.put("neo4j:2026", "Neo4j 2026.08.1 in its own JVM on Java 21+ (bolt, http, embedded, the gateway; no APOC core)");
        for (EngineDescriptor d : EngineDescriptor.all()) {
            MODULES.put(d.name(), d);
            AVAILABLE.put(d.name(), d.summary());
            for (String v : d.versions().stream().skip(1).toList()) AVAILABLE.put(d.name() + ":" + v, d.summary(v));
            UNAVAILABLE.putAll(d.versionsNotRunnable());
        }
        UNAVAILABLE.put("memgraph", "no package of Memgraph's server is served by the registries this machine uses (Debian, PyPI, npm; PyPI's"
                + " 'memgraph' 0.0.1 is an empty placeholder): docs/engines.md");
        System.setProperty(ENGINE_LIST, String.join(", ", AVAILABLE.keySet()));
    }

    @Option(names = "--engine", paramLabel = "NAME[:VERSION]", description = "The engine graphperf starts: neo4j (5.26, the default), neo4j:2025 (2025.10.1) or neo4j:2026 (2026.08.1), both on Java 21+,"
            + " or another engine graphperf has a module for; all of them: ${sys:graphperf.engines} (what each is: docs/engines.md).")
    public String engine;

    @Option(names = "--engines", split = ",", paramLabel = "NAME[:VERSION]", description = {"Several engines, the same cells on each: a trial per engine in its own JVM,"
            + " interleaved, the first the baseline of the comparisons (e.g. neo4j,kuzu); one that cannot run here is left out, saying why.",
            "With an engine other than Neo4j the defaults measure like with like,"
            + " every engine inside its own process (the embedded transport); what an engine cannot express is named, never skipped silently."})
    public List<String> engines = new ArrayList<>();

    /**
     * The engines chosen that run here, each a known name, in order; empty when neither option is given (Neo4j). With --engines an
     * engine that cannot run here is left out ({@link #notRunnable()} says why) and the others run; with --engine, or when none
     * of the list can run, it is an error saying why.
     */
    public List<String> chosen() {
        if (engine != null && !engines.isEmpty()) throw new UserError("--engine and --engines do not go together: give one engine or a list");
        List<String> given = engine != null ? List.of(engine) : engines;
        String option = engine != null ? "--engine" : "--engines";
        List<String> out = new ArrayList<>(), seen = new ArrayList<>();
        for (String g : given) {
            String name = normal(g, option);
            if (seen.contains(name)) throw new UserError("engine '" + g + "' is given twice (option --engines)");
            seen.add(name);
            if (whyNot(name) == null) out.add(name);
        }
        if (out.isEmpty() && !seen.isEmpty()) {
            String first = seen.get(0);
            throw new UserError(seen.size() == 1 ? "engine '" + given.get(0) + "' (option " + option + ") cannot run here: " + whyNot(first)
                    : "none of the engines " + String.join(", ", given) + " (option " + option + ") can run here: " + first + ": " + whyNot(first)
                    + " (each one's reason: docs/engines.md)");
        }
        return out;
    }

    /** Engines --engines named that cannot run here, with why (they are left out of the run, which says so). */
    public Map<String, String> notRunnable() {
        Map<String, String> out = new LinkedHashMap<>();
        if (engine != null) return out;
        for (String g : engines) {
            String name = normal(g, "--engines");
            String why = whyNot(name);
            if (why != null) out.put(name, why);
        }
        return out;
    }

    /** Why a known engine cannot run here, or null when it can. */
    public static String whyNot(String name) {
        if (UNAVAILABLE.containsKey(name)) return UNAVAILABLE.get(name);
        Supplier<String> condition = CONDITIONS.get(name);
        return condition == null ? null : condition.get();
    }

    /** Whether an engine other than Neo4j (of any version) is chosen (then the study's defaults compare like with like). */
    public boolean beyondNeo4j() {
        return chosen().stream().anyMatch(n -> !n.equals("neo4j") && !n.startsWith("neo4j:"));
    }

    /** The module of an engine name ("ladybug" or "ladybug:0.21.2"), or null for Neo4j's releases. */
    public static EngineDescriptor module(String name) {
        int colon = name.indexOf(':');
        return MODULES.get(colon < 0 ? name : name.substring(0, colon));
    }

    /** The version an engine name asks of its module ("0.21.2" of "ladybug:0.21.2"), or null for its default. */
    public static String version(String name) {
        int colon = name.indexOf(':');
        return colon < 0 ? null : name.substring(colon + 1);
    }

    /**
     * A version of a module that knows several: the exact one, or the newest known of a release line ("0.21" gives 0.21.2); its
     * default is named without a version. Null when the module knows no versions; an error naming the known ones when it does not
     * know this one.
     */
    private static String versioned(String g, String given, String option) {
        int colon = g.indexOf(':');
        if (colon < 0) return null;
        String prefix = g.substring(0, colon);
        EngineDescriptor d = MODULES.values().stream().filter(m -> m.name().equals(prefix) || m.aliases().contains(prefix)).findFirst().orElse(null);
        if (d == null || d.versions().isEmpty()) return null;
        String v = g.substring(colon + 1);
        String known = d.versions().stream().filter(k -> k.equals(v)).findFirst()
                .or(() -> d.versions().stream().filter(k -> k.startsWith(v + ".")).max(EngineChoice::compareVersions)).orElse(null);
        if (known == null) {
            throw new UserError("engine '" + given + "' (option " + option + "): graphperf does not drive " + d.name() + " " + v + "; the versions it"
                    + " drives: " + String.join(", ", d.versions()) + " (" + d.versions().get(0) + " the default; graphperf engines lists them)");
        }
        return known.equals(d.versions().get(0)) ? d.name() : d.name() + ":" + known;
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

    static String normal(String given, String option) {
        String g = given.trim().toLowerCase(Locale.ROOT);
        String versioned = versioned(g, given, option);
        if (versioned != null) return versioned;
        if (g.startsWith("neo4j:5.26") || g.equals("neo4j:5")) g = "neo4j";
        if (g.startsWith("neo4j:2025")) g = "neo4j:2025";
        if (g.startsWith("neo4j:2026")) g = "neo4j:2026";
        for (EngineDescriptor d : MODULES.values()) {
            if (d.aliases().contains(g)) g = d.name();
            for (String v : d.versionsNotRunnable().keySet()) if (g.startsWith(v)) g = v;
        }
        if (g.contains(":") && UNAVAILABLE.containsKey(g.substring(0, g.indexOf(':')))) g = g.substring(0, g.indexOf(':'));
        if (AVAILABLE.containsKey(g) || UNAVAILABLE.containsKey(g)) return g;
        List<String> names = AVAILABLE.keySet().stream().filter(k -> module(k) == null || version(k) == null).toList();
        throw new UserError("unknown engine '" + given + "' (option " + option + "); known: " + String.join(", ", names) + " (their versions: graphperf engines)"
                + " (and, not runnable here: " + String.join(", ", UNAVAILABLE.keySet()) + ")");
    }
}
