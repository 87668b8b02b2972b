package io.graphperf.engines.arcadedb.host;

import com.arcadedb.database.Database;
import com.arcadedb.database.Document;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The written ids of a type summed up in the host, for graphperf's id check (statement {@code idsummary:Type.property}): per
 * client (id ÷ 2^40), how many ids, how many distinct, the smallest and largest sequence part (id mod 2^40) — what the check asks
 * Neo4j and Kuzu in Cypher. ArcadeDB's SQL and Cypher divide integers as decimals, and reading millions of ids back to the
 * harness ran its host out of heap, so the host scans the type itself into one sorted array of longs. With the parameter
 * {@code ids}, the answer is instead how many of those ids are present (distinct).
 */
final class IdSummary {

    static final String LANGUAGE = "idsummary";
    static final long CLIENT_SHIFT = 1L << 40;

    private IdSummary() {
    }

    static List<List<Object>> of(Database db, String typeAndProperty, Map<String, Object> params) {
        int dot = typeAndProperty.lastIndexOf('.');
        if (dot < 1) throw new IllegalArgumentException("idsummary: needs Type.property, got '" + typeAndProperty + "'");
        String type = typeAndProperty.substring(0, dot), property = typeAndProperty.substring(dot + 1);
        long[] ids = scan(db, type, property);
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

    /** Every record's id, sorted (a record without one is left out). */
    private static long[] scan(Database db, String type, String property) {
        long[] ids = new long[1 << 16];
        int n = 0;
        var records = db.iterateType(type, true);
        while (records.hasNext()) {
            Object v = ((Document) records.next().getRecord()).get(property);
            if (!(v instanceof Number num)) continue;
            if (n == ids.length) ids = Arrays.copyOf(ids, n * 2);
            ids[n++] = num.longValue();
        }
        ids = Arrays.copyOf(ids, n);
        Arrays.sort(ids);
        return ids;
    }
}
