package io.graphperf.workloads;

import io.graphperf.core.UserError;
import io.graphperf.workloads.writes.WriteScaling;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The experiments graphperf knows, by CLI name. */
public final class Experiments {
    private static final Map<String, Experiment> ALL = new LinkedHashMap<>();

    static {
        register(new io.graphperf.workloads.imports.ImportExperiment());
        register(new io.graphperf.workloads.reads.ReadExperiment());
        register(new WriteScaling());
    }

    private Experiments() {
    }

    private static void register(Experiment e) {
        ALL.put(e.name(), e);
    }

    public static Map<String, Experiment> all() {
        return ALL;
    }

    public static Experiment byName(String name) {
        Experiment e = ALL.get(name);
        if (e == null) throw new UserError("unknown experiment '" + name + "'; known: " + String.join(", ", ALL.keySet()));
        return e;
    }

    /** The scenarios named in {@code ids} (all when empty), in the experiment's order. */
    public static List<Scenario> select(Experiment e, List<String> ids) {
        if (ids == null || ids.isEmpty()) return e.scenarios();
        List<String> known = e.scenarios().stream().map(Scenario::id).toList();
        for (String id : ids) {
            if (!known.contains(id)) {
                throw new UserError("unknown scenario '" + id + "' for experiment " + e.name() + "; known: " + String.join(", ", known));
            }
        }
        List<Scenario> out = new ArrayList<>();
        for (Scenario s : e.scenarios()) if (ids.contains(s.id())) out.add(s);
        return out;
    }
}
