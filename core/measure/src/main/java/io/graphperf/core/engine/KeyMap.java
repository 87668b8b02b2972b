package io.graphperf.core.engine;

import java.util.Arrays;

/**
 * Keys to record ids while loading, in two long arrays (open addressing): 16 to 32 bytes a key where a map of boxed longs takes
 * about 100, so the loader's map of a label's keys stays small beside an engine's page cache on the same heap (ArcadeDB keeps it there).
 */
public final class KeyMap {

    private static final long EMPTY = Long.MIN_VALUE;
    private long[] keys = new long[1 << 16];
    private long[] values = new long[1 << 16];
    private int size;

    public KeyMap() {
        Arrays.fill(keys, EMPTY);
    }

    public void put(long key, long value) {
        if (key == EMPTY) throw new IllegalArgumentException("key " + key + " cannot be held");
        if (2 * (size + 1) > keys.length) grow();
        int i = slot(keys, key);
        if (keys[i] == EMPTY) size++;
        keys[i] = key;
        values[i] = value;
    }

    /** The value of {@code key}, or {@code missing}. */
    public long get(long key, long missing) {
        int i = slot(keys, key);
        return keys[i] == EMPTY ? missing : values[i];
    }

    public int size() {
        return size;
    }

    private static int slot(long[] keys, long key) {
        int mask = keys.length - 1, i = Long.hashCode(key * 0x9E3779B97F4A7C15L) & mask;
        while (keys[i] != EMPTY && keys[i] != key) i = (i + 1) & mask;
        return i;
    }

    private void grow() {
        long[] k = keys, v = values;
        keys = new long[k.length * 2];
        values = new long[k.length * 2];
        Arrays.fill(keys, EMPTY);
        for (int j = 0; j < k.length; j++) {
            if (k[j] == EMPTY) continue;
            int i = slot(keys, k[j]);
            keys[i] = k[j];
            values[i] = v[j];
        }
    }
}
