package io.graphperf.engines.falkordb.host;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** redis-server's failure to bind a port another process took is recognised (FreshPorts then starts it again); other failures are not. */
class FalkorDbServerPortsTest {

    @Test
    void redisBindFailureIsATakenPort() {
        // the end of redis-server 8.2.3's log when its port is held by another process
        assertTrue(FalkorDbServer.portTaken("FalkorDB's server exited at start; the end of its log (server.log): "
                + "576:M 30 Nov 2026 13:42:10.277 # Warning: Could not create server TCP listening socket 127.0.0.1:53139: bind: Address already in use"
                + " | 576:M 30 Nov 2026 13:42:10.277 # Failed listening on port 53139 (tcp), aborting."));
    }

    @Test
    void otherFailuresAreNot() {
        assertFalse(FalkorDbServer.portTaken("FalkorDB's server exited at start; the end of its log (server.log): # Module falkordb.so failed to load"));
        assertFalse(FalkorDbServer.portTaken(null));
    }
}
