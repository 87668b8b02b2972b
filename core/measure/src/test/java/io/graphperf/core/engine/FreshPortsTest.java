package io.graphperf.core.engine;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A start that fails because a port picked as free was taken before it was bound is tried again; any other failure is not. */
class FreshPortsTest {

    static final String TAKEN = "the server stopped while starting: Address already in use";
    static final Predicate<String> IN_USE = m -> m != null && m.contains("already in use");

    @Test
    void aTakenPortIsTriedAgainUntilAStartSucceeds() throws Exception {
        AtomicInteger tries = new AtomicInteger();
        String started = FreshPorts.start("a server", 3, IN_USE, () -> {
            if (tries.incrementAndGet() < 3) throw new IOException(TAKEN);
            return "ready";
        });
        assertEquals("ready", started);
        assertEquals(3, tries.get());
    }

    @Test
    void theLastAttemptsFailureIsReported() {
        AtomicInteger tries = new AtomicInteger();
        IOException e = assertThrows(IOException.class, () -> FreshPorts.start("a server", 3, IN_USE, () -> {
            throw new IOException(TAKEN + " (" + tries.incrementAndGet() + ")");
        }));
        assertEquals(TAKEN + " (3)", e.getMessage());
        assertEquals(3, tries.get());
    }

    @Test
    void anyOtherFailureIsNotTriedAgain() {
        AtomicInteger tries = new AtomicInteger();
        IllegalStateException other = new IllegalStateException("out of memory");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> FreshPorts.start("a server", 3, IN_USE, () -> {
            tries.incrementAndGet();
            throw other;
        }));
        assertSame(other, e);
        assertEquals(1, tries.get());
    }

    /** A port held open is never picked (binding a picked port again here would race with the machine, as the class describes). */
    @Test
    void aPortHeldOpenIsNeverPicked() throws Exception {
        try (java.net.ServerSocket held = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            for (int i = 0; i < 50; i++) {
                int p = FreshPorts.pick();
                assertTrue(p > 0 && p < 65536, "a port: " + p);
                assertNotEquals(held.getLocalPort(), p);
            }
        }
    }
}
