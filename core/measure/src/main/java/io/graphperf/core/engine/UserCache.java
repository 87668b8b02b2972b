package io.graphperf.core.engine;

import java.nio.file.Path;

/**
 * graphperf's folder in the user's cache — the JVM property {@code graphperf.cache} if set, else {@code $XDG_CACHE_HOME/graphperf},
 * else {@code ~/.cache/graphperf}: what is fetched or built once per machine.
 */
public final class UserCache {

    private UserCache() {
    }

    /** The folder {@code name} in graphperf's cache (not created). */
    public static Path dir(String name) {
        String own = System.getProperty("graphperf.cache");
        if (own != null && !own.isBlank()) return Path.of(own).resolve(name);
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("graphperf").resolve(name);
    }
}
