package io.graphperf.studies;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;

/** The dialects on the class path, found by {@link ServiceLoader} once. */
final class Dialects {

    static final Map<String, Dialect> ALL = load();

    private Dialects() {
    }

    private static Map<String, Dialect> load() {
        Map<String, Dialect> out = new LinkedHashMap<>();
        ServiceLoader.load(Dialect.class).forEach(d -> out.put(d.name(), d));
        return Map.copyOf(out);
    }
}
