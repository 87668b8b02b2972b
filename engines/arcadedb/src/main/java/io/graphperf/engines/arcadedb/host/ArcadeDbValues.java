package io.graphperf.engines.arcadedb.host;

import com.arcadedb.database.Document;
import com.arcadedb.database.Identifiable;
import com.arcadedb.query.sql.executor.Result;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/** Java values to ArcadeDB's and back: integers as longs (as the stored keys are), records read back as their properties. */
final class ArcadeDbValues {

    private ArcadeDbValues() {
    }

    /** Parameters with every integer a long, in lists and maps too. */
    static Map<String, Object> parameters(Map<String, Object> params) {
        Map<String, Object> out = new LinkedHashMap<>();
        params.forEach((k, v) -> out.put(k, parameter(v)));
        return out;
    }

    private static Object parameter(Object v) {
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) return ((Number) v).longValue();
        if (v instanceof Collection<?> c) return c.stream().map(ArcadeDbValues::parameter).toList();
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, x) -> out.put(String.valueOf(k), parameter(x)));
            return out;
        }
        return v;
    }

    /** A result's value as a Java value: a record (vertex, edge, document) as its properties, as Neo4j's properties() gives them. */
    static Object java(Object v) {
        if (v instanceof Result r) return r.isElement() ? java(r.toElement()) : properties(r.toMap());
        if (v instanceof Identifiable i && !(v instanceof Document)) v = i.getRecord();
        if (v instanceof Document d) return properties(d.toMap(false));
        if (v instanceof Collection<?> c) {
            ArrayList<Object> out = new ArrayList<>(c.size());
            for (Object x : c) out.add(java(x));
            return out;
        }
        if (v instanceof Map<?, ?> m) return properties(m);
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) return ((Number) v).longValue();
        if (v instanceof Float f) return f.doubleValue();
        return v;
    }

    private static Map<String, Object> properties(Map<?, ?> m) {
        Map<String, Object> out = new LinkedHashMap<>();
        m.forEach((k, x) -> {
            String key = String.valueOf(k);
            if (!key.startsWith("@") && x != null) out.put(key, java(x));
        });
        return out;
    }
}
