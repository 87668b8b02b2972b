package io.graphperf.workloads.agents;

import io.graphperf.core.engine.DialectName;
import io.graphperf.core.engine.TransportName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RendezvousTest {

    @Test
    void anEnginesAddressesTravelByNameAndReadBackByTransport(@TempDir Path dir) throws Exception {
        Map<TransportName, String> addresses = Map.of(TransportName.BOLT, "bolt://10.0.0.7:7687", TransportName.HTTP, "http://10.0.0.7:7474");
        Rendezvous.Request sent = new Rendezvous.Request(1, "writes", "create-node", DialectName.NEO4J, TransportName.BOLT.id(),
                Rendezvous.Request.onTheWire(addresses), null, Map.of());
        Path file = dir.resolve("request-1.json");
        Rendezvous.write(file, sent);
        Rendezvous.Request read = Rendezvous.read(file, Rendezvous.Request.class);
        assertEquals(Map.of("bolt", "bolt://10.0.0.7:7687", "http", "http://10.0.0.7:7474"), read.addresses(), "as JSON: by the name as written");
        assertEquals(addresses, read.reachable());
    }

    @Test
    void anAddressOfATransportThisGraphperfDoesNotKnowIsRefusedByName() {
        Rendezvous.Request r = new Rendezvous.Request(1, "writes", "create-node", DialectName.NEO4J, "bolt", Map.of("carrier-pigeon", "coop 3"), null, Map.of());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::reachable);
        assertTrue(e.getMessage().contains("unknown transport 'carrier-pigeon'"), e.getMessage());
    }
}
