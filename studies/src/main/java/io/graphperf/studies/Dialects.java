package io.graphperf.studies;

import io.graphperf.core.engine.DialectName;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;

/** The dialects on the class path, found by {@link ServiceLoader} once. */
final class Dialects {

    static final Map<DialectName, Dialect> ALL = load();

    private Dialects() {
    }

    private static Map<DialectName, Dialect> load() {
        Map<DialectName, Dialect> out = new LinkedHashMap<>();
        ServiceLoader.load(Dialect.class).forEach(d -> out.put(d.name(), d));
        return Map.copyOf(out);
    }
}
