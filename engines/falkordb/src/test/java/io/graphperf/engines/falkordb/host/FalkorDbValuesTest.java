package io.graphperf.engines.falkordb.host;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Parameters written as FalkorDB's Cypher literals, compact replies read back, and RESP2 replies parsed, with no server. */
class FalkorDbValuesTest {

    @Test
    void parametersBecomeLiteralsInTheQuerysPrefixWithQuotesAndBackslashesEscaped() {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("s", "it's a \\ path");
        p.put("n", 42);
        p.put("d", 1.5);
        p.put("b", true);
        p.put("none", null);
        p.put("rows", List.of(Map.of("id", 7L), Map.of("id", -3L)));
        assertEquals("CYPHER s='it\\'s a \\\\ path' n=42 d=1.5 b=true none=null rows=[{`id`:7},{`id`:-3}] RETURN $s",
                FalkorDbValues.withParameters("RETURN $s", p));
        assertEquals("RETURN 1", FalkorDbValues.withParameters("RETURN 1", Map.of()), "no parameters, no prefix");
        assertThrows(IllegalArgumentException.class, () -> FalkorDbValues.withParameters("RETURN $x", Map.of("x", Double.NaN)));
        assertThrows(IllegalArgumentException.class, () -> FalkorDbValues.withParameters("RETURN $x", Map.of("x", new Object())));
    }

    @Test
    void aCompactReplyIsReadIntoJavaValues() {
        // [header, rows, statistics] as FalkorDB 4.16.3 answered "RETURN 'a', 1.5, true, [1,2], {a:1}, null, 9223372036854775807"
        Object reply = List.of(List.of(List.of(1L, b("x"))),
                List.of(Arrays.asList(List.of(2L, b("a'b")), List.of(5L, b("1.5")), List.of(4L, b("true")), List.of(6L, List.of(List.of(3L, 1L), List.of(3L, 2L))),
                        List.of(10L, List.of(b("a"), List.of(3L, 1L))), Arrays.asList(1L, null), List.of(3L, Long.MAX_VALUE))),
                List.of(b("Cached execution: 0"), b("Query internal execution time: 0.25 milliseconds")));
        List<List<Object>> rows = FalkorDbValues.rows(reply);
        assertEquals(List.of(Arrays.asList("a'b", 1.5, true, List.of(1L, 2L), Map.of("a", 1L), null, Long.MAX_VALUE)), rows);
        assertEquals(250_000, FalkorDbTransport.serverNanos(reply), "the server's own time, read from its statistics");
        assertEquals(List.of(), FalkorDbValues.rows(List.of(List.of(b("Nodes created: 1")))), "a query that returns nothing has only statistics");
    }

    @Test
    void aNodeIsReadAsItsIdLabelsAndProperties() {
        Object node = List.of(8L, List.of(0L, List.of(0L), List.of(List.of(0L, 3L, 1L), List.of(2L, 2L, b("Ann")))));
        assertEquals(Map.of("id", 0L, "labels", List.of(0L), "properties", Map.of("0", 1L, "2", "Ann")), FalkorDbValues.value(node));
    }

    @Test
    void anErrorInsideAReplyIsThrownWithFalkorDbsMessage() {
        Object failed = List.of(List.of(), new Resp.Error("Division by zero"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> FalkorDbTransport.check(failed));
        assertTrue(e.getMessage().contains("Division by zero"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> FalkorDbTransport.check(new Resp.Error("ERR unknown command")));
    }

    @Test
    void respRepliesOfEveryKindAreParsedAndATruncatedOneIsAnError() throws IOException {
        assertEquals("OK", Resp.read(in("+OK\r\n")));
        assertEquals(new Resp.Error("ERR bad é"), Resp.read(in("-ERR bad é\r\n")), "an error line keeps its UTF-8");
        assertEquals(-12L, Resp.read(in(":-12\r\n")));
        assertEquals("héllo", new String((byte[]) Resp.read(in("$6\r\nhéllo\r\n")), StandardCharsets.UTF_8));
        assertEquals(null, Resp.read(in("$-1\r\n")));
        List<?> l = (List<?>) Resp.read(in("*3\r\n:1\r\n*1\r\n+x\r\n$0\r\n\r\n"));
        assertEquals(1L, l.get(0));
        assertEquals(List.of("x"), l.get(1));
        assertEquals(0, ((byte[]) l.get(2)).length);
        assertThrows(EOFException.class, () -> Resp.read(in("$10\r\nshort\r\n")));
        assertThrows(EOFException.class, () -> Resp.read(in("*2\r\n:1\r\n")));
        assertThrows(IOException.class, () -> Resp.read(in("?what\r\n")));
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static ByteArrayInputStream in(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }
}
