package io.graphperf.components.batchwriter;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A write's applier is the same as submitted and as read back from the log, and keys spread over the appliers. */
class LayoutTest {

    @Test
    void aWriteFindsItsApplierAgainFromTheLog() {
        Layout four = new Layout(4, "k");
        for (Object key : List.of(5, 5L, (short) 5, 2.5f, "user-17", true, List.of(1, "a"), Map.of("x", 3), new byte[] {1, 2})) {
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("k", key);
            params.put("other", 1);
            Map<String, Object> logged = WriteCodec.decode(WriteCodec.encode("CREATE (:N {k: $k})", params)).params();
            assertEquals(four.lane(params), four.lane(logged), "the applier of " + key + " as submitted and as logged");
        }
        assertEquals(four.lane(Map.of("k", 5)), four.lane(Map.of("k", 5L)), "an int and a long of one value share an applier");
    }

    @Test
    void keysSpreadOverEveryApplierAndAWriteWithoutTheKeyGoesToTheFirst() {
        Layout four = new Layout(4, "id");
        Set<Integer> used = new HashSet<>();
        // ids that differ only by a multiple of the applier count must still spread
        for (long id = 0; id < 64; id += 4) used.add(four.lane(Map.of("id", id)));
        assertEquals(Set.of(0, 1, 2, 3), used);
        assertEquals(0, four.lane(Map.of("name", "x")));
        assertEquals(0, Layout.SINGLE.lane(Map.of("id", 9L)));
    }

    @Test
    void moreThanOneApplierNeedsAPartitionParameter() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Layout(2, null));
        assertTrue(e.getMessage().contains("partition_by must name the parameter"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Layout(0, "id"));
        assertEquals(Layout.SINGLE, new Layout(1, "ignored"), "one applier needs no key");
    }
}
