package io.graphperf.components.batchwriter;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * How writes are spread over the writer's appliers: {@code appliers} threads, each applying its own batches in its own transactions,
 * and the parameter whose value picks a write's applier. Writes with equal values of that parameter go to one applier and apply in
 * the order they were logged; writes without it go to applier 0. The stored applied positions are per applier, so a layout is part of
 * what the database remembers: the writer starts on a different layout only once everything logged under the old one is applied.
 *
 * @param appliers    how many appliers (1: one thread, every write in log order, as a single queue)
 * @param partitionBy the parameter that keeps one key's writes in order; required with more than one applier, ignored with one
 */
public record Layout(int appliers, String partitionBy) {

    public static final Layout SINGLE = new Layout(1, null);
    public static final int MAX_APPLIERS = 64;

    public Layout {
        if (appliers < 1 || appliers > MAX_APPLIERS) {
            throw new IllegalArgumentException("appliers must be between 1 and " + MAX_APPLIERS + ", was " + appliers);
        }
        if (appliers == 1) partitionBy = null;
        else if (partitionBy == null || partitionBy.isBlank()) {
            throw new IllegalArgumentException("with " + appliers + " appliers, partition_by must name the parameter whose value keeps one key's"
                    + " writes in order (e.g. partition_by=id)");
        }
    }

    /** The applier of a write with these parameters. */
    public int lane(Map<String, Object> params) {
        if (appliers == 1 || params == null) return 0;
        Object key = params.get(partitionBy);
        if (key == null) return 0;
        // mixed (MurmurHash3's finalizer): ids in steps of the applier count would otherwise share one applier
        long h = stableHash(key);
        h = (h ^ (h >>> 33)) * 0xff51afd7ed558ccdL;
        h = (h ^ (h >>> 33)) * 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return (int) Math.floorMod(h, (long) appliers);
    }

    /**
     * A hash that is the same for a value as submitted and as read back from the log ({@link WriteCodec} stores every integer as a
     * long and every floating-point number as a double), and the same in every process: a restart must find each logged write's
     * applier again.
     */
    static long stableHash(Object v) {
        if (v == null) return 0;
        if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long) return Long.hashCode(((Number) v).longValue());
        if (v instanceof Float || v instanceof Double) return Double.hashCode(((Number) v).doubleValue());
        if (v instanceof String s) return s.hashCode();
        if (v instanceof Boolean b) return b ? 1231 : 1237;
        if (v instanceof byte[] b) return Arrays.hashCode(b);
        if (v instanceof List<?> list) {
            long h = 1;
            for (Object o : list) h = 31 * h + stableHash(o);
            return h;
        }
        if (v instanceof Map<?, ?> map) {
            long h = 0;
            for (Map.Entry<?, ?> e : map.entrySet()) h += stableHash(e.getKey()) ^ stableHash(e.getValue());
            return h;
        }
        return v.toString().hashCode();
    }

    public String describe() {
        return appliers == 1 ? "one applier" : appliers + " appliers by " + partitionBy;
    }
}
