package io.graphperf.engines.neo4j;

import io.graphperf.core.UserError;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A start that fails because a port picked as free was taken before Neo4j bound it is tried again; any other failure is not. */
class EngineHostPortsTest {

    static final String TAKEN = "the embedded Neo4j failed to start (exit code 3).\nLast lines of host.log:\n"
            + "ERROR [o.n.s.CommunityNeoWebServer] Failed to start Neo4j on 127.0.0.1:34619: Address 127.0.0.1:34619 is already in use, cannot bind to it.";

    @Test
    void aTakenPortIsTriedAgainUntilAStartSucceeds() throws Exception {
        AtomicInteger tries = new AtomicInteger();
        String host = EngineHost.onFreshPorts(3, () -> {
            if (tries.incrementAndGet() < 3) throw new UserError(TAKEN);
            return "ready";
        });
        assertEquals("ready", host);
        assertEquals(3, tries.get());
    }

    @Test
    void theLastAttemptsFailureIsReported() {
        AtomicInteger tries = new AtomicInteger();
        UserError e = assertThrows(UserError.class, () -> EngineHost.onFreshPorts(3, () -> {
            tries.incrementAndGet();
            throw new UserError(TAKEN);
        }));
        assertEquals(TAKEN, e.getMessage());
        assertEquals(3, tries.get());
    }

    @Test
    void anyOtherFailureIsNotTriedAgain() {
        AtomicInteger tries = new AtomicInteger();
        UserError other = new UserError("the embedded Neo4j failed to start (exit code 1).\nLast lines of host.log:\nOutOfMemoryError");
        UserError e = assertThrows(UserError.class, () -> EngineHost.onFreshPorts(3, () -> {
            tries.incrementAndGet();
            throw other;
        }));
        assertSame(other, e);
        assertEquals(1, tries.get());
    }
}
