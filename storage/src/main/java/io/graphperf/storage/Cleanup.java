package io.graphperf.storage;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The undo actions of everything graphperf mounted, attached or started for storage, newest first. Each owner removes its
 * action when it cleans up itself; whatever is left when the JVM exits (an exception nobody caught, Ctrl-C, SIGTERM) is
 * undone by a shutdown hook, so no mount, loop device, image file or zfs-fuse daemon outlives graphperf.
 */
final class Cleanup {

    private static final Deque<Runnable> PENDING = new ArrayDeque<>();
    private static boolean hooked;

    private Cleanup() {
    }

    static synchronized void add(Runnable undo) {
        if (!hooked) {
            Runtime.getRuntime().addShutdownHook(new Thread(Cleanup::runAll, "graphperf-storage-cleanup"));
            hooked = true;
        }
        PENDING.push(undo);
    }

    static synchronized void remove(Runnable undo) {
        PENDING.remove(undo);
    }

    static void runAll() {
        while (true) {
            Runnable r;
            synchronized (Cleanup.class) {
                r = PENDING.poll();
            }
            if (r == null) return;
            try {
                r.run();
            } catch (RuntimeException e) {
                System.err.println("graphperf: cleanup: " + e.getMessage());
            }
        }
    }
}
