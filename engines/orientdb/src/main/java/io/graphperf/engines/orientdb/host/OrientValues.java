package io.graphperf.engines.orientdb.host;

import com.orientechnologies.orient.core.db.record.OIdentifiable;
import com.orientechnologies.orient.core.sql.executor.OResult;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** OrientDB's values as plain Java values (a record as its id, a result or map as a map, a collection as a list), which the host sends as JSON. */
final class OrientValues {

    private OrientValues() {
    }

    /**
     * A statement's parameters with every whole number as a {@code Long}, in lists and maps too: JSON hands the host small numbers as
     * {@code Integer} and large ones as {@code Long}, and OrientDB's index lookup of a list of keys ({@code WHERE user_id IN :ids})
     * failed on such a list with a ClassCastException between Integer and Long (seen either way round); comparisons with
     * INTEGER properties convert either way.
     */
    static Map<String, Object> widened(Map<String, Object> params) {
        if (params == null) return Map.of();
        Map<String, Object> out = new LinkedHashMap<>();
        params.forEach((k, v) -> out.put(k, widen(v)));
        return out;
    }

    private static Object widen(Object v) {
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) return ((Number) v).longValue();
        if (v instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            for (Object x : list) out.add(widen(x));
            return out;
        }
        if (v instanceof Map<?, ?> map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            map.forEach((k, x) -> out.put(k, widen(x)));
            return out;
        }
        return v;
    }

    static Object java(Object v) {
        if (v == null || v instanceof String || v instanceof Number || v instanceof Boolean) return v;
        if (v instanceof OResult r) {
            if (r.isElement() && r.getIdentity().isPresent()) return r.getIdentity().get().toString();
            Map<String, Object> m = new LinkedHashMap<>();
            for (String p : r.getPropertyNames()) m.put(p, java(r.getProperty(p)));
            return m;
        }
        if (v instanceof OIdentifiable id) return id.getIdentity().toString();
        if (v instanceof Map<?, ?> map) {
            Map<String, Object> m = new LinkedHashMap<>();
            map.forEach((k, x) -> m.put(String.valueOf(k), java(x)));
            return m;
        }
        List<Object> out = new ArrayList<>();
        if (v instanceof Collection<?> c) {
            for (Object x : c) out.add(java(x));
            return out;
        }
        if (v instanceof Iterable<?> it) {
            for (Object x : it) out.add(java(x));
            return out;
        }
        if (v instanceof Iterator<?> it) {
            while (it.hasNext()) out.add(java(it.next()));
            return out;
        }
        if (v instanceof Date d) return d.getTime();
        return v.toString();
    }
}
