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
