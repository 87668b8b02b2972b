package io.graphperf.workloads.options;

import io.graphperf.core.UserError;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which engine graphperf starts ({@code --engine}) or which engines it runs the same cells on, side by side
 * ({@code --engines}): each one a trial of its own in its own JVM, interleaved with the others, the first the baseline of the
 * comparisons. The names are read against the {@link EngineCatalog} the CLI hands over; its --help lists them from the
 * CLI's resource bundle (key {@value #NAMES_KEY}).
 */
public final class EngineChoice {

    /** The key of the CLI's resource bundle that holds every engine's name, for --help. */
    public static final String NAMES_KEY = "graphperf.engines";

    /** The engines there are, handed over by the CLI before the options are read ({@link #use}). */
    private EngineCatalog catalog;

    /** The catalogue this choice is read against (the CLI's, built once). */
    public EngineChoice use(EngineCatalog catalog) {
        this.catalog = catalog;
        return this;
    }

    private EngineCatalog catalog() {
        if (catalog == null) throw new IllegalStateException("no engine catalogue was handed to the engine choice (EngineChoice.use)");
        return catalog;
    }

    @Option(names = "--engine", paramLabel = "NAME[:VERSION]", description = "The engine graphperf starts: neo4j (5.26, the default), neo4j:2025 (2025.10.1) or neo4j:2026 (2026.08.1), both on Java 21+,"
            + " or another engine graphperf has a module for; all of them: ${bundle:graphperf.engines} (what each is: docs/engines.md).")
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
            String name = catalog().normal(g, option);
            if (seen.contains(name)) throw new UserError("engine '" + g + "' is given twice (option --engines)");
            seen.add(name);
            if (catalog().whyNot(name).isEmpty()) out.add(name);
        }
        if (out.isEmpty() && !seen.isEmpty()) {
            String first = seen.get(0);
            String why = catalog().whyNot(first).orElse("");
            throw new UserError(seen.size() == 1 ? "engine '" + given.get(0) + "' (option " + option + ") cannot run here: " + why
                    : "none of the engines " + String.join(", ", given) + " (option " + option + ") can run here: " + first + ": " + why
                    + " (each one's reason: docs/engines.md)");
        }
        return out;
    }

    /** Engines --engines named that cannot run here, with why (they are left out of the run, which says so). */
    public Map<String, String> notRunnable() {
        Map<String, String> out = new LinkedHashMap<>();
        if (engine != null) return out;
        for (String g : engines) {
            String name = catalog().normal(g, "--engines");
            catalog().whyNot(name).ifPresent(why -> out.put(name, why));
        }
        return out;
    }

    /** Whether an engine other than Neo4j (of any version) is chosen (then the study's defaults compare like with like). */
    public boolean beyondNeo4j() {
        return chosen().stream().anyMatch(n -> !EngineCatalog.NEO4J.containsKey(n));
    }
}
