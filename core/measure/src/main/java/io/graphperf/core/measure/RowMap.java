package io.graphperf.core.measure;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/** One record of a {@link ParameterSource.Records} as a read-only map of its columns to its values, without copying the row. */
final class RowMap extends AbstractMap<String, Object> {

    private final List<String> columns;
    private final List<Object> row;

    RowMap(List<String> columns, List<Object> row) {
        this.columns = columns;
        this.row = row;
    }

    @Override
    public Object get(Object key) {
        int i = columns.indexOf(key);
        return i < 0 ? null : row.get(i);
    }

    @Override
    public boolean containsKey(Object key) {
        return columns.contains(key);
    }

    @Override
    public int size() {
        return columns.size();
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, Object>> iterator() {
                return new Iterator<>() {
                    int i;

                    @Override
                    public boolean hasNext() {
                        return i < columns.size();
                    }

                    @Override
                    public Entry<String, Object> next() {
                        if (i >= columns.size()) throw new NoSuchElementException();
                        Entry<String, Object> e = new SimpleImmutableEntry<>(columns.get(i), row.get(i));
                        i++;
                        return e;
                    }
                };
            }

            @Override
            public int size() {
                return columns.size();
            }
        };
    }

    /** The values of {@code names} only, in a map of their own (null values kept). */
    static Map<String, Object> pick(Map<String, Object> from, List<String> names) {
        Map<String, Object> out = new java.util.LinkedHashMap<>(names.size() * 2);
        for (String n : names) out.put(n, from.get(n));
        return out;
    }
}
