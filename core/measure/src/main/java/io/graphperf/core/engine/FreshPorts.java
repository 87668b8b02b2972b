package io.graphperf.core.engine;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.function.Predicate;

/**
 * Ports for a process graphperf starts, and the start tried again when one was taken. A port found free (bound to 0 and closed)
 * is handed to the process, which binds it a moment later; meanwhile any process's outgoing connection may get it as its local
 * port, and the process then fails with "address already in use". Such a start is repeated with other ports, a few times, saying so.
 */
public final class FreshPorts {

    /** Starts tried in all before the last failure is reported. */
    public static final int ATTEMPTS = 3;

    private FreshPorts() {
    }

    /** One start, which picks its ports with {@link #pick()} each time. */
    @FunctionalInterface
    public interface Start<T> {
        T start() throws IOException, InterruptedException;
    }

    /** What Java and redis-server say when a port is held by another process. */
    public static final String IN_USE = "Address already in use";

    /** Whether a failed start's message says a port was in use (Kafka's and redis-server's wording; Neo4j words it its own way). */
    public static boolean saysInUse(String message) {
        return message != null && message.contains(IN_USE);
    }

    /** A loopback port free at this moment. */
    public static int pick() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /**
     * {@code start}, tried again (at most {@code attempts} times in all) while it fails with an exception whose message
     * {@code portTaken} recognises; any other failure, and the last attempt's, is thrown as it came.
     *
     * @param what the process started, for the warning
     */
    public static <T> T start(String what, int attempts, Predicate<String> portTaken, Start<T> start) throws IOException, InterruptedException {
        for (int i = 1; ; i++) {
            try {
                return start.start();
            } catch (IOException | RuntimeException e) {
                if (i >= attempts || !portTaken.test(e.getMessage())) throw e;
                System.getLogger(FreshPorts.class.getName()).log(System.Logger.Level.WARNING, "a port picked for " + what + " was taken before it"
                        + " could bind it; starting it again with other ports (" + (i + 1) + " of " + attempts + ")");
            }
        }
    }
}
