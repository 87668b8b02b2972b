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

    @Test
    void aPickedPortIsALoopbackPortFreeToBind() throws Exception {
        int a = FreshPorts.pick(), b = FreshPorts.pick();
        assertTrue(a > 0 && a < 65536, "a port: " + a);
        try (java.net.ServerSocket s = new java.net.ServerSocket(a, 1, java.net.InetAddress.getLoopbackAddress())) {
            assertEquals(a, s.getLocalPort());
            assertNotEquals(a, FreshPorts.pick(), "a bound port is not picked");
        }
        assertTrue(b > 0);
    }
}
