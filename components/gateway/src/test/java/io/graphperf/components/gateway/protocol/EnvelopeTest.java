package io.graphperf.components.gateway.protocol;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every format with every compression returns the message it was given; bad bytes are errors, never crashes or huge allocations. */
class EnvelopeTest {

    static Map<String, Object> message() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", 42L);
        m.put("kind", "cypher");
        List<Object> rows = new ArrayList<>();
        for (long i = 0; i < 200; i++) rows.add(List.of(i, "person " + i, i * 0.5, i % 2 == 0, Map.of("k", List.of(i, i + 1))));
        rows.add(java.util.Arrays.asList(null, "", -1L, Long.MAX_VALUE, Long.MIN_VALUE));
        m.put("rows", rows);
        return m;
    }

    @Test
    void everyFormatAndCompressionRoundTrips() throws IOException {
        Map<String, Object> m = message();
        for (Format f : Format.values()) {
            for (Compression c : Compression.values()) {
                Envelope.Encoded e = Envelope.encode(m, f, c, 64);
                assertEquals(m, Envelope.decode(e.bytes(), f, 1 << 20), f + " " + c);
                assertEquals(c == Compression.NONE ? 0 : c.code, e.bytes()[0], "the first byte names the compression");
                if (c != Compression.NONE) assertTrue(e.bytes().length < e.uncompressedBytes(), f + " " + c + " compresses repetitive rows");
            }
        }
    }

    @Test
    void belowTheThresholdNothingIsCompressed() throws IOException {
        Envelope.Encoded e = Envelope.encode(Map.of("id", 1L, "kind", "ping"), Format.BSON, Compression.ZSTD, 512);
        assertEquals(0, e.bytes()[0]);
    }

    @Test
    void badBytesAreErrors() throws IOException {
        byte[] ok = Envelope.encode(message(), Format.MSGPACK, Compression.LZ4, 0).bytes();
        assertThrows(Envelope.TooLarge.class, () -> Envelope.decode(ok, Format.MSGPACK, 1000), "the declared length is checked before decompressing");
        Random r = new Random(7);
        for (Format f : Format.values()) {
            for (int i = 0; i < 2000; i++) {
                byte[] junk = new byte[1 + r.nextInt(64)];
                r.nextBytes(junk);
                junk[0] = (byte) r.nextInt(6);
                try {
                    Envelope.decode(junk, f, 1 << 16);
                } catch (IOException expected) {
                    // the only way random bytes may fail
                }
            }
        }
        assertThrows(IOException.class, () -> Envelope.decode(new byte[0], Format.JSON, 100));
        assertThrows(IOException.class, () -> Envelope.decode(new byte[]{0, '[', '1', ']'}, Format.JSON, 100), "a message is a map");
    }
}
