package io.graphperf.components.gateway.server;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RowParamsTest {

    @Test
    void aRowReadsAsTheMapOfItsColumnsWithNullsKeptAndInOrder() {
        String[] columns = RowParams.columns(List.of("id", "name", "score"));
        RowParams p = RowParams.of(columns, Arrays.asList(7L, null, 1.5));
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("id", 7L);
        expected.put("name", null);
        expected.put("score", 1.5);
        assertEquals(expected, p);
        assertEquals(p, expected);
        assertEquals(expected.hashCode(), p.hashCode());
        assertEquals(new HashMap<>(expected), p);
        assertEquals(List.of("id", "name", "score"), new ArrayList<>(p.keySet()));
        assertEquals(Arrays.asList(7L, null, 1.5), new ArrayList<>(p.values()));
        assertEquals(3, p.size());
        assertEquals(7L, p.get("id"));
        assertNull(p.get("name"));
        assertTrue(p.containsKey("name"));
        assertFalse(p.containsKey("other"));
        assertNull(p.get("other"));
        assertEquals("{id=7, name=null, score=1.5}", p.toString());
    }

    @Test
    void aRowIsReadOnlyAndMustHaveOneValuePerColumn() {
        String[] columns = RowParams.columns(List.of("id"));
        RowParams p = RowParams.of(columns, List.of(1L));
        assertThrows(UnsupportedOperationException.class, () -> p.put("id", 2L));
        assertThrows(UnsupportedOperationException.class, () -> p.entrySet().iterator().next().setValue(2L));
        assertThrows(IllegalArgumentException.class, () -> RowParams.of(columns, List.of(1L, 2L)));
        assertEquals(Map.of(), RowParams.of(RowParams.columns(List.of()), List.of()));
    }

    @Test
    void columnsThatAreNotDistinctNamesAreRefused() {
        assertNull(RowParams.columns(List.of("id", "name", "id")));
        assertNull(RowParams.columns(Arrays.asList("id", 3L)));
        assertNull(RowParams.columns(Arrays.asList("id", null)));
        assertEquals(List.of("a", "b"), List.of(RowParams.columns(List.of("a", "b"))));
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 200_000; i++) many.add("c" + i);
        assertEquals(200_000, RowParams.columns(many).length, "many distinct columns are read (a set, not each against every other)");
        many.add("c7");
        assertNull(RowParams.columns(many));
    }
}
