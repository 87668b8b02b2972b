package io.graphperf.workloads.options;

import java.util.Optional;

/**
 * An engine as {@code --engine} and {@code --engines} name it, read once: its base ("neo4j", "ladybug") and the version asked of it
 * ("2026" of "neo4j:2026", "0.21.2" of "ladybug:0.21.2"), empty for the base's default. {@link #toString()} gives the name back as
 * given, which is how trials, run.json's variants and results.csv name it. Whether the name is one graphperf knows is
 * {@link EngineCatalog}'s to say.
 *
 * @param base    the engine without a version, never empty
 * @param version the version asked for, empty for the default
 */
public record EngineName(String base, Optional<String> version) {

    public EngineName {
        if (base.isEmpty() || base.contains(":")) throw new IllegalArgumentException("not an engine's base name: '" + base + "'");
        if (version.isPresent() && version.get().isEmpty()) throw new IllegalArgumentException("an empty version of " + base);
    }

    /** "ladybug:0.21.2" as base "ladybug" and version "0.21.2", "ladybug" as its default; empty for what is no name ("", ":1", "a:", "a:b:c"). */
    public static Optional<EngineName> read(String name) {
        int colon = name.indexOf(':');
        if (name.isEmpty() || colon == 0 || colon == name.length() - 1 || colon > 0 && name.indexOf(':', colon + 1) > 0) return Optional.empty();
        return Optional.of(colon < 0 ? new EngineName(name, Optional.empty()) : of(name.substring(0, colon), name.substring(colon + 1)));
    }

    /** {@code base} at {@code version}. */
    public static EngineName of(String base, String version) {
        return new EngineName(base, Optional.of(version));
    }

    @Override
    public String toString() {
        return version.map(v -> base + ":" + v).orElse(base);
    }
}
