package io.graphperf.workloads;

import io.graphperf.core.UserError;
import io.graphperf.core.report.JsonExporter;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The experiments graphperf knows, by CLI name: adding one is its folder plus one line in
 * {@code META-INF/services/io.graphperf.workloads.Experiment} (in the order {@code graphperf list} shows them); this class names none.
 */
public final class Experiments {
    private static final Map<String, Experiment<?>> ALL;

    static {
        Map<String, Experiment<?>> all = new LinkedHashMap<>();
        for (Experiment<?> e : ServiceLoader.load(Experiment.class, Experiments.class.getClassLoader())) {
            if (all.put(e.name(), e) != null) throw new IllegalStateException("two experiments are named " + e.name());
            e.dataType().ifPresent(type -> JsonExporter.register(type, e.name()));
        }
        ALL = Collections.unmodifiableMap(all);
    }

    private Experiments() {
    }

    public static Map<String, Experiment<?>> all() {
        return ALL;
    }

    public static Experiment<?> byName(String name) {
        Experiment<?> e = ALL.get(name);
        if (e == null) throw new UserError("unknown experiment '" + name + "'; known: " + String.join(", ", ALL.keySet()));
        return e;
    }
}
