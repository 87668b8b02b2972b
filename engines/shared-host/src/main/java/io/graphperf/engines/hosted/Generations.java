package io.graphperf.engines.hosted;

import java.util.Collection;

/**
 * The databases an engine host makes in a store, one a reset: {@code base} first, then {@code base-1}, {@code base-2} … (a reset
 * deletes the open one and makes the next, so no engine keeps a deleted database's files open). A host opening a store again (after
 * a close, or a kill and restart) opens the newest one, where the last writes went, and counts on from it.
 */
public final class Generations {

    private Generations() {
    }

    /** The newest generation among {@code names} (0 for {@code base} itself, or when there is none). */
    public static int newest(Collection<String> names, String base) {
        int newest = 0;
        for (String n : names) {
            if (!n.startsWith(base + "-")) continue;
            try {
                newest = Math.max(newest, Integer.parseInt(n.substring(base.length() + 1)));
            } catch (NumberFormatException other) {
                // another folder of the store's
            }
        }
        return newest;
    }

    /** The name of generation {@code g}. */
    public static String name(String base, int g) {
        return g == 0 ? base : base + "-" + g;
    }
}
