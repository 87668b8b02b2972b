package io.graphperf.workloads.options;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.HostOption;
import io.graphperf.storage.StorageSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One configuration of a before/after study, from {@code --variant NAME:key=value,...}. Keys are
 * the options of the engine host graphperf starts ({@link HostOption}: heap, page-cache, data-dir, tx-log-dir) or any Neo4j setting
 * (a name with a dot, e.g. db.tx_log.rotation.size). The baseline is the run's own configuration. A cell of a matrix
 * file (see {@link Matrix}) is a variant too, with its axes' values and the storage graphperf makes for it.
 */
public record Variant(String name, Map<String, String> settings, Map<String, String> axes, StorageSpec storage) {

    public static final String BASELINE = "baseline";
    /** The setting naming the engine a variant runs on (--engine, --engines: "neo4j", "kuzu", "arcadedb:26.10.2" …); none is Neo4j. */
    public static final String ENGINE = "engine";

    /** The engine a variant's settings (or a trial's axes) name; Neo4j where they name none. */
    public static String engineOf(Map<String, String> settings) {
        return settings.getOrDefault(ENGINE, "neo4j");
    }

    /** The variant's engine settings: all but its host options ({@link HostOption}) and the engine it names. */
    public Map<String, String> engineSettings() {
        Map<String, String> own = new LinkedHashMap<>(settings);
        own.keySet().removeIf(k -> k.equals(ENGINE) || HostOption.of(k).isPresent());
        return own;
    }

    /** Whether a key may be set by a variant or a matrix cell: a host option, or an engine setting (a name with a dot). */
    public static boolean settable(String key) {
        return HostOption.of(key).isPresent() || key.contains(".");
    }

    /** A variant of --variant: its settings are its axes, graphperf makes no storage for it. */
    public Variant(String name, Map<String, String> settings) {
        this(name, settings, settings, null);
    }

    public static Variant baseline() {
        return new Variant(BASELINE, Map.of());
    }

    /** The same cell with more settings (e.g. the folders on the filesystems made for it). */
    public Variant withSettings(Map<String, String> more) {
        Map<String, String> s = new LinkedHashMap<>(settings);
        s.putAll(more);
        return new Variant(name, s, axes, storage);
    }

    public static Variant parse(String spec) {
        int colon = spec.indexOf(':');
        if (colon <= 0) throw bad(spec, "expected NAME:key=value,... e.g. encrypted:data-dir=/mnt/secure");
        String name = spec.substring(0, colon).trim();
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) throw bad(spec, "a variant name is letters, digits, '.', '_' or '-'");
        if (name.equals(BASELINE)) throw bad(spec, "'baseline' is the run's own configuration; give the variant another name");
        Map<String, String> settings = new LinkedHashMap<>();
        for (String kv : spec.substring(colon + 1).split(",")) {
            int eq = kv.indexOf('=');
            if (eq <= 0 || eq == kv.length() - 1) throw bad(spec, "'" + kv + "' is not key=value");
            String key = kv.substring(0, eq).trim(), value = kv.substring(eq + 1).trim();
            if (!settable(key)) {
                throw bad(spec, "unknown key '" + key + "'; use " + String.join(", ", HostOption.keys()) + " or a Neo4j setting such as db.tx_log.rotation.size");
            }
            settings.put(key, value);
        }
        return new Variant(name, settings);
    }

    /** The baseline, then each --variant in order; names must be distinct. */
    public static List<Variant> all(List<String> specs) {
        List<Variant> out = new ArrayList<>(List.of(baseline()));
        for (String s : specs) {
            Variant v = parse(s);
            if (out.stream().anyMatch(o -> o.name().equals(v.name()))) throw bad(s, "variant name '" + v.name() + "' is used twice");
            out.add(v);
        }
        return out;
    }

    private static UserError bad(String spec, String why) {
        return new UserError("bad --variant '" + spec + "': " + why);
    }
}
