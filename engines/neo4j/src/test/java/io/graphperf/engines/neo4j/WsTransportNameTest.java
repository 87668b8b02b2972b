package io.graphperf.engines.neo4j;

import io.graphperf.components.gateway.protocol.Compression;
import io.graphperf.components.gateway.protocol.Format;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.TransportName;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The gateway transports' names: format, compression (with its own dashes) and the client's linger. */
class WsTransportNameTest {

    @Test
    void namesCarryFormatCompressionAndLinger() {
        assertEquals(new WsTransport.Name(Format.BSON, Compression.NONE, null), WsTransport.Name.parse("ws-bson"));
        assertEquals(new WsTransport.Name(Format.JSON, Compression.of("deflate-fast"), null), WsTransport.Name.parse("ws-json-deflate-fast"));
        assertEquals(new WsTransport.Name(Format.BSON, Compression.NONE, Duration.ofMillis(2)), WsTransport.Name.parse("ws-bson-linger2ms"));
        assertEquals(new WsTransport.Name(Format.MSGPACK, Compression.of("zstd"), Duration.ofNanos(500_000)),
                WsTransport.Name.parse("ws-msgpack-zstd-linger500us"));
        assertEquals(Duration.ZERO, WsTransport.Name.parse("ws-bson-linger0ms").linger());
        assertNull(WsTransport.Name.parse("ws-bson-zstd").linger());
    }

    @Test
    void theNamesReadBeforeAnEngineStartsAreTheProtocolsOwn() {
        assertEquals(Arrays.stream(Format.values()).map(f -> f.name().toLowerCase(Locale.ROOT)).toList(), TransportName.FORMATS);
        assertEquals(Arrays.stream(Compression.values()).map(Compression::label).toList(), TransportName.COMPRESSIONS);
    }

    @Test
    void aWrongNameSaysWhatIsWrongAndTheForm() {
        UserError e = assertThrows(UserError.class, () -> WsTransport.Name.parse("ws-bson-linger2s"));
        assertTrue(e.getMessage().contains("linger '2s'") && e.getMessage().contains("ws-bson-linger2ms"), e.getMessage());
        e = assertThrows(UserError.class, () -> WsTransport.Name.parse("ws-bson-gzip"));
        assertTrue(e.getMessage().contains("gzip") && e.getMessage().contains("ws-FORMAT"), e.getMessage());
    }
}
