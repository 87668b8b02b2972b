package io.graphperf.core.engine;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class KeyMapTest {

    @Test
    void holdsWhatAMapHoldsThroughItsGrowth() {
        KeyMap keys = new KeyMap();
        Map<Long, Long> expected = new HashMap<>();
        Random r = new Random(7);
        for (int i = 0; i < 300_000; i++) {
            long k = i % 3 == 0 ? i : r.nextLong(), v = r.nextLong() & Long.MAX_VALUE;
            keys.put(k, v);
            expected.put(k, v);
        }
        keys.put(0, 42); // a key put again takes its new value
        expected.put(0L, 42L);
        assertEquals(expected.size(), keys.size());
        expected.forEach((k, v) -> assertEquals(v, keys.get(k, -1), "key " + k));
        assertEquals(-1, keys.get(-5, -1), "a key never put is missing");
        assertThrows(IllegalArgumentException.class, () -> keys.put(Long.MIN_VALUE, 1));
    }
}
