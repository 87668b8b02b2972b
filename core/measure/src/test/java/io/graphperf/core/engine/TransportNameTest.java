package io.graphperf.core.engine;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A transport's name read once: its kind, the gateway's parts, and every wrong name said at once. */
class TransportNameTest {

    @Test
    void namesSayTheirKindAndTheGatewaysParts() {
        assertEquals(TransportName.BOLT, TransportName.of("bolt"));
        assertEquals(TransportName.Kind.HTTP, TransportName.of("http").kind());
        assertTrue(TransportName.of("embedded").embedded());
        TransportName ws = TransportName.of("ws-msgpack-deflate-fast-linger500us");
        assertEquals(new TransportName.Gateway("msgpack", "deflate-fast", Optional.of(Duration.ofNanos(500_000))), ws.gateway().orElseThrow());
        assertEquals("ws-msgpack-deflate-fast-linger500us", ws.id(), "the name as given is the results' identity");
        assertEquals(new TransportName.Gateway("bson", "none", Optional.empty()), TransportName.of("ws-bson").gateway().orElseThrow());
        assertEquals(Duration.ZERO, TransportName.of("ws-json-lz4-linger0ms").gateway().orElseThrow().linger().orElseThrow());
        assertTrue(ws.isGateway() && !ws.boltOrHttp());
        assertTrue(TransportName.BOLT.boltOrHttp() && TransportName.HTTP.boltOrHttp() && !TransportName.EMBEDDED.boltOrHttp());
    }

    @Test
    void anEngineOfferingAGatewayFormatServesItsCompressionsAndLingers() {
        assertTrue(TransportName.of("ws-bson-zstd").servedBy(TransportName.of("ws-bson")));
        assertTrue(TransportName.of("ws-bson-linger2ms").servedBy(TransportName.of("ws-bson")));
        assertFalse(TransportName.of("ws-bson-zstd").servedBy(TransportName.of("ws-json")));
        assertTrue(TransportName.BOLT.servedBy(TransportName.of("bolt")));
        assertFalse(TransportName.HTTP.servedBy(TransportName.of("bolt")));
    }

    @Test
    void everyWrongNameIsSaidInOneMessage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TransportName.all(List.of("bolt", "ws-bsno", "ws-bson-gzip", "ws-json-linger2s", "grpc", "ws-")));
        for (String said : List.of("unknown format 'bsno'", "unknown compression 'gzip'", "linger '2s'", "unknown transport 'grpc'", "unknown format ''")) {
            assertTrue(e.getMessage().contains(said), said + " in " + e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> TransportName.of("Bolt"), "names are exact");
        assertThrows(IllegalArgumentException.class, () -> new TransportName("ws-x", TransportName.Kind.BOLT,
                Optional.of(new TransportName.Gateway("json", "none", Optional.empty()))), "only a gateway transport has a format");
    }
}
