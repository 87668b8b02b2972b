package io.graphperf.engines.neo4j;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Neo4j's failure to bind a port another process took is recognised (FreshPorts then starts it again); other failures are not. */
class EngineHostPortsTest {

    @Test
    void neo4jsBindFailureIsATakenPort() {
        assertTrue(EngineHost.portTaken("the embedded Neo4j failed to start (exit code 3).\nLast lines of host.log:\nERROR [o.n.s.CommunityNeoWebServer]"
                + " Failed to start Neo4j on 127.0.0.1:34619: Address 127.0.0.1:34619 is already in use, cannot bind to it."));
    }

    @Test
    void otherFailuresAreNot() {
        assertFalse(EngineHost.portTaken("the embedded Neo4j failed to start (exit code 1).\nLast lines of host.log:\nOutOfMemoryError"));
        assertFalse(EngineHost.portTaken(null));
    }
}
