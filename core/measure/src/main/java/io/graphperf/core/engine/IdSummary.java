package io.graphperf.core.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The written ids of a type summed up inside an engine's host, for graphperf's id check (statement {@code idsummary:Type.property},
 * which an embedded engine's transport answers by scanning the type itself): per client (id ÷ 2^40), how many ids, how many
 * distinct, the smallest and largest sequence part (id mod 2^40) — what the check asks Neo4j and Kuzu in Cypher. With the
 * parameter {@code ids}, the answer is instead how many of those ids are present (distinct). The host scans into one array of
 * longs: reading millions of ids back to the harness as rows ran a host out of heap.
 */
public final class IdSummary {

    /** The statement's language prefix, before Type.property. */
    public static final String LANGUAGE = "idsummary";
    static final long CLIENT_SHIFT = 1L << 40;

    private IdSummary() {
    }

    /** The type and the property a statement's text (after the prefix) names. */
    public static String[] typeAndProperty(String text) {
        int dot = text.lastIndexOf('.');
        if (dot < 1) throw new IllegalArgumentException("idsummary: needs Type.property, got '" + text + "'");
        return new String[]{text.substring(0, dot), text.substring(dot + 1)};
    }

    /** The answer over the ids a scan found ({@code ids} is sorted here). */
    public static List<List<Object>> of(long[] ids, Map<String, Object> params) {
        Arrays.sort(ids);
        if (params.get("ids") instanceof Collection<?> asked) {
            Set<Long> wanted = new HashSet<>();
            for (Object o : asked) wanted.add(((Number) o).longValue());
            long present = 0;
            for (int i = 0; i < ids.length; i++) if ((i == 0 || ids[i] != ids[i - 1]) && wanted.contains(ids[i])) present++;
            return List.of(List.of(present));
        }
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < ids.length; ) {
            long client = Math.floorDiv(ids[i], CLIENT_SHIFT);
            long n = 0, distinct = 0, lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
            for (; i < ids.length && Math.floorDiv(ids[i], CLIENT_SHIFT) == client; i++) {
                long seq = Math.floorMod(ids[i], CLIENT_SHIFT);
                n++;
                if (i == 0 || ids[i] != ids[i - 1]) distinct++;
                lo = Math.min(lo, seq);
                hi = Math.max(hi, seq);
            }
            rows.add(List.of(List.of(client, n, distinct, lo, hi)));
        }
        return rows;
    }

    /** A growing array of longs for a scan. */
    public static final class Ids {
        private long[] ids = new long[1 << 16];
        private int n;

        public void add(long id) {
            if (n == ids.length) ids = Arrays.copyOf(ids, n * 2);
            ids[n++] = id;
        }

        public long[] toArray() {
            return Arrays.copyOf(ids, n);
        }
    }
}
