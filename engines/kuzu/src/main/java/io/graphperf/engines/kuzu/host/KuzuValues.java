package io.graphperf.engines.kuzu.host;

import com.kuzudb.DataTypeID;
import com.kuzudb.FlatTuple;
import com.kuzudb.KuzuList;
import com.kuzudb.KuzuStruct;
import com.kuzudb.QueryResult;
import com.kuzudb.Value;
import com.kuzudb.ValueNodeUtil;
import com.kuzudb.ValueRelUtil;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Java values to Kuzu's and back: integers as INT64, lists as LIST, maps as STRUCT, nodes and relationships read back as their properties; every row of a result read into Java values. */
final class KuzuValues {

    private KuzuValues() {
    }

    /** Parameters as Kuzu values (every integer an INT64, as the stored keys are). */
    static Map<String, Value> parameters(Map<String, Object> params) {
        Map<String, Value> out = new LinkedHashMap<>();
        params.forEach((k, v) -> out.put(k, value(v)));
        return out;
    }

    static Value value(Object v) {
        if (v == null) return Value.createNull();
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) return new Value(((Number) v).longValue());
        if (v instanceof List<?> l) {
            Value[] items = new Value[l.size()];
            for (int i = 0; i < items.length; i++) items[i] = value(l.get(i));
            if (items.length == 0) throw new IllegalArgumentException("an empty list parameter has no element type for Kuzu");
            return new KuzuList(items).getValue();
        }
        if (v instanceof Map<?, ?> m) { // a row of UNWIND $rows: a STRUCT, its fields read as row.field
            Map<String, Value> fields = new LinkedHashMap<>();
            m.forEach((k, x) -> fields.put(String.valueOf(k), value(x)));
            return new KuzuStruct(fields).getValue();
        }
        return new Value(v);
    }

    /** Every row of the result, each column's value as a Java value; a failed query throws with Kuzu's message. */
    static List<List<Object>> rows(QueryResult r) {
        if (!r.isSuccess()) throw new IllegalStateException(r.getErrorMessage());
        int columns = (int) r.getNumColumns();
        List<List<Object>> rows = new ArrayList<>();
        while (r.hasNext()) {
            try (FlatTuple t = r.getNext()) {
                List<Object> row = new ArrayList<>(columns);
                for (int c = 0; c < columns; c++) row.add(java(t.getValue(c)));
                rows.add(row);
            }
        }
        return rows;
    }

    static Object java(Value v) {
        if (v.isNull()) return null;
        DataTypeID type = v.getDataType().getID();
        if (type == DataTypeID.LIST || type == DataTypeID.ARRAY) {
            KuzuList l = new KuzuList(v);
            List<Object> out = new ArrayList<>((int) l.getListSize());
            for (long i = 0; i < l.getListSize(); i++) out.add(java(l.getListElement(i)));
            return out;
        }
        if (type == DataTypeID.NODE || type == DataTypeID.REL) { // an entity: its properties
            boolean node = type == DataTypeID.NODE;
            long n = node ? ValueNodeUtil.getPropertySize(v) : ValueRelUtil.getPropertySize(v);
            Map<String, Object> properties = new LinkedHashMap<>();
            for (long i = 0; i < n; i++) {
                String name = node ? ValueNodeUtil.getPropertyNameAt(v, i) : ValueRelUtil.getPropertyNameAt(v, i);
                Object value = java(node ? ValueNodeUtil.getPropertyValueAt(v, i) : ValueRelUtil.getPropertyValueAt(v, i));
                if (value != null) properties.put(name, value); // as Neo4j's properties(): no value, no key
            }
            return properties;
        }
        if (type == DataTypeID.INT128 || type == DataTypeID.UINT64) return ((Number) v.getValue()).longValue();
        return v.getValue();
    }
}
