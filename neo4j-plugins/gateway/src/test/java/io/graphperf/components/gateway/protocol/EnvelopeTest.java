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

/**
 * Every format with every compression returns the message it was given; bad bytes are errors, never crashes or huge allocations; a
 * payload decompresses to exactly its declared length in every compression; one nesting limit holds in every format both ways; the
 * streaming row encoder writes what the map encoder writes.
 */
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

    /** Each Java type a request may hold is sent as its protocol value in every format; any other type is refused by name. */
    @Test
    void everyJavaTypeIsSentAsItsProtocolValue() throws IOException {
        Map<String, Object> sent = new LinkedHashMap<>();
        sent.put("values", java.util.Arrays.asList(7, (short) 8, (byte) 9, 10L, 1.5f, 2.5, new StringBuilder("built"), "plain", true, null,
                new Object[]{1L, "a"}, java.util.Set.of(3L), Map.of("k", 4)));
        Map<String, Object> read = new LinkedHashMap<>();
        read.put("values", java.util.Arrays.asList(7L, 8L, 9L, 10L, 1.5, 2.5, "built", "plain", true, null, List.of(1L, "a"), List.of(3L), Map.of("k", 4L)));
        for (Format f : Format.values()) {
            assertEquals(read, f.decode(f.encode(sent)), f.name());
            IOException e = assertThrows(IOException.class, () -> f.encode(Map.of("v", new java.util.Date())), f.name());
            assertTrue(e.getMessage().contains("Date cannot be sent"), e.getMessage());
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

    /** A deflate stream longer than declared (a bomb declared as 100 bytes) is refused, not cut to fit; so are lz4's and a negative length. */
    @Test
    void theDeclaredLengthMustBeTheRealOneInEveryCompression() throws IOException {
        byte[] ping = Format.MSGPACK.encode(Map.of("id", 1L, "kind", "ping"));
        byte[] bomb = new byte[10 << 20]; // 10 MiB of zeros compress to a few KB
        System.arraycopy(ping, 0, bomb, 0, ping.length);
        for (Compression c : List.of(Compression.DEFLATE_FAST, Compression.DEFLATE_BEST, Compression.ZSTD, Compression.LZ4)) {
            byte[] packed = c.compress(bomb);
            byte[] declaredSmall = java.nio.ByteBuffer.allocate(5 + packed.length).put((byte) c.code).putInt(ping.length).put(packed).array();
            IOException e = assertThrows(IOException.class, () -> Envelope.decode(declaredSmall, Format.MSGPACK, 1 << 20), c + ": longer than declared");
            assertTrue(!(e instanceof Envelope.TooLarge), c + ": " + e.getMessage());
            byte[] exact = c.compress(ping);
            byte[] declaredLarge = java.nio.ByteBuffer.allocate(5 + exact.length).put((byte) c.code).putInt(ping.length + 50).put(exact).array();
            assertThrows(IOException.class, () -> Envelope.decode(declaredLarge, Format.MSGPACK, 1 << 20), c + ": shorter than declared");
            byte[] trailing = java.nio.ByteBuffer.allocate(5 + exact.length + 3).put((byte) c.code).putInt(ping.length).put(exact).put(new byte[]{1, 2, 3}).array();
            assertThrows(IOException.class, () -> Envelope.decode(trailing, Format.MSGPACK, 1 << 20), c + ": bytes after the compressed payload");
            byte[] right = java.nio.ByteBuffer.allocate(5 + exact.length).put((byte) c.code).putInt(ping.length).put(exact).array();
            assertEquals(Map.of("id", 1L, "kind", "ping"), Envelope.decode(right, Format.MSGPACK, 1 << 20), c + ": the exact length reads");
        }
        byte[] negative = {(byte) Compression.LZ4.code, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 1};
        IOException e = assertThrows(IOException.class, () -> Envelope.decode(negative, Format.MSGPACK, 1 << 20));
        assertTrue(!(e instanceof Envelope.TooLarge) && e.getMessage().contains("negative"), e.getMessage());
    }

    /** Maps and lists nested {@value Values#MAX_DEPTH} deep pass in every format; one level more, or 10,000, is refused as unreadable. */
    @Test
    void oneNestingLimitInEveryFormatBothWays() throws IOException {
        for (Format f : Format.values()) {
            assertEquals(nested(Values.MAX_DEPTH), f.decode(f.encode(nested(Values.MAX_DEPTH))), f + ": at the limit");
            assertThrows(IOException.class, () -> f.encode(nested(Values.MAX_DEPTH + 1)), f + ": a response one level deeper is not written");
            for (int depth : new int[]{Values.MAX_DEPTH + 1, 2_000, 10_000}) {
                byte[] deep = deepBytes(f, depth);
                IOException e = assertThrows(IOException.class, () -> f.decode(deep), f + " at " + depth);
                assertTrue(String.valueOf(e.getMessage()).contains("nest") || String.valueOf(e.getMessage()).contains("depth"), f + ": " + e.getMessage());
            }
        }
    }

    /** {"id": 1, "kind": "ping", "x": [[[…]]]}: lists as deep as asked (the message is the first level). */
    static Map<String, Object> nested(int depth) {
        Object v = List.of();
        for (int i = 2; i < depth; i++) v = List.of(v);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", 1L);
        m.put("kind", "ping");
        m.put("x", v);
        return m;
    }

    /** A message nested {@code depth} levels, written by hand (the encoders refuse it). */
    static byte[] deepBytes(Format f, int depth) throws IOException {
        int lists = depth - 1;
        switch (f) {
            case JSON -> {
                return ("{\"x\":" + "[".repeat(lists) + "]".repeat(lists) + "}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
            }
            case MSGPACK -> {
                java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
                b.write(0x81); // map of 1
                b.write(0xA1);
                b.write('x');
                for (int i = 0; i < lists - 1; i++) b.write(0x91); // array of 1
                b.write(0x90); // empty array
                return b.toByteArray();
            }
            default -> {
                // BSON: nested documents {"x": {"x": …}}, built inside out
                byte[] inner = {5, 0, 0, 0, 0};
                for (int i = 0; i < lists; i++) {
                    java.nio.ByteBuffer d = java.nio.ByteBuffer.allocate(4 + 1 + 2 + inner.length + 1).order(java.nio.ByteOrder.LITTLE_ENDIAN);
                    d.putInt(4 + 1 + 2 + inner.length + 1).put((byte) 0x03).put((byte) 'x').put((byte) 0).put(inner).put((byte) 0);
                    inner = d.array();
                }
                return inner;
            }
        }
    }

    @Test
    void nothingMayFollowTheMessage() {
        assertThrows(IOException.class, () -> Format.JSON.decode("{\"id\": 1} {\"id\": 2}".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        for (Format f : List.of(Format.BSON, Format.MSGPACK)) {
            assertThrows(IOException.class, () -> {
                byte[] one = f.encode(Map.of("id", 1L));
                byte[] two = java.util.Arrays.copyOf(one, one.length + 1);
                f.decode(two);
            }, f.toString());
        }
    }

    /** The rows encoder writes the same message as the map encoder, and its size is its bytes so far. */
    @Test
    void rowsEncodedAsTheyComeAreTheMessage() throws IOException {
        for (Format f : Format.values()) {
            RowsEncoder r = f.rows(9, "cypher");
            r.columns(List.of("i", "name", "m"));
            List<List<Object>> rows = new ArrayList<>();
            long last = 0;
            for (long i = 0; i < 500; i++) {
                List<Object> row = List.of(i, "n" + i, Map.of("k", List.of(i)));
                rows.add(row);
                r.row(row);
                assertTrue(r.size() > last, f + ": the size grows with the rows");
                last = r.size();
            }
            byte[] bytes = r.finish(Map.of("queueNanos", 1L, "execNanos", 2L));
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", 9L);
            m.put("kind", "cypher");
            m.put("columns", List.of("i", "name", "m"));
            m.put("rows", rows);
            m.put("server", Map.of("queueNanos", 1L, "execNanos", 2L));
            assertEquals(m, f.decode(bytes), f.toString());
            assertTrue(bytes.length >= last, f + ": finished bytes cover what size() counted");
        }
    }
}
