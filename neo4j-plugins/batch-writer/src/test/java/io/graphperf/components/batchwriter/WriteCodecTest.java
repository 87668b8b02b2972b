package io.graphperf.components.batchwriter;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WriteCodecTest {

    @Test
    void everyKindOfParameterComesBackAsLogged() {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("null", null);
        params.put("yes", true);
        params.put("no", false);
        params.put("long", Long.MIN_VALUE);
        params.put("int", -7);
        params.put("double", -0.125);
        params.put("text", "naïve ✓");
        params.put("long text", "x".repeat(70_000)); // beyond writeUTF's 64 KB
        params.put("list", Arrays.asList(1L, "two", null, List.of(3.5)));
        params.put("map", Map.of("k", List.of(true)));
        WriteCodec.Decoded d = WriteCodec.decode(WriteCodec.encode("CREATE (:User {id: $long})", params));
        assertEquals("CREATE (:User {id: $long})", d.statement());
        Map<String, Object> expected = new LinkedHashMap<>(params);
        expected.put("int", -7L); // integers are logged as longs, as Cypher holds them
        assertEquals(expected, d.params());
        assertEquals(List.copyOf(expected.keySet()), List.copyOf(d.params().keySet()), "the parameters keep their order");
        byte[] bytes = {1, 2, 3};
        assertArrayEquals(bytes, (byte[]) WriteCodec.decode(WriteCodec.encode("RETURN $b", Map.of("b", bytes))).params().get("b"));
    }

    /** Logs written before stay readable: the record is laid out as DataOutputStream wrote it (big-endian, lengths as ints). */
    @Test
    void theRecordIsLaidOutAsBefore() throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(b)) {
            byte[] s = "CREATE ($id)".getBytes(StandardCharsets.UTF_8);
            out.writeInt(s.length);
            out.write(s);
            out.writeInt(2);
            out.writeInt(2);
            out.write("id".getBytes(StandardCharsets.UTF_8));
            out.writeByte(3);
            out.writeLong(0x0102030405060708L);
            out.writeInt(1);
            out.write("d".getBytes(StandardCharsets.UTF_8));
            out.writeByte(4);
            out.writeDouble(2.5);
        }
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("id", 0x0102030405060708L);
        params.put("d", 2.5);
        assertArrayEquals(b.toByteArray(), WriteCodec.encode("CREATE ($id)", params));
        assertArrayEquals(b.toByteArray(), WriteCodec.encode(WriteCodec.statement("CREATE ($id)"), params));
    }

    @Test
    void aValueTheLogCannotHoldIsRefusedByItsPath() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WriteCodec.encode("RETURN $p", Map.of("p", List.of(1L, Map.of("when", java.time.LocalDate.EPOCH)))));
        assertTrue(e.getMessage().contains("p[1].when") && e.getMessage().contains("LocalDate"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> WriteCodec.encode(" ", Map.of()));
    }
}
