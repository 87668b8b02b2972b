package io.graphperf.workloads.reads;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Query results in one canonical form, whatever the transport: integers as Long, lists as List, maps as Map. */
public final class ResultRows {
    private ResultRows() {
    }

    public static List<List<Object>> normalize(List<List<Object>> rows) {
        List<List<Object>> out = new ArrayList<>(rows.size());
        for (List<Object> r : rows) {
            List<Object> n = new ArrayList<>(r.size());
            for (Object v : r) n.add(value(v));
            out.add(n);
        }
        return out;
    }

    static Object value(Object v) {
        if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) return ((Number) v).longValue();
        if (v instanceof Double d && d == Math.rint(d) && !Double.isInfinite(d)) return d.longValue();
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>(l.size());
            for (Object o : l) out.add(value(o));
            return out;
        }
        if (v instanceof Map<?, ?> m) {
            Map<Object, Object> out = new LinkedHashMap<>();
            m.forEach((k, x) -> out.put(k, value(x)));
            return out;
        }
        return v;
    }
}
