package io.graphperf.components.gateway.server;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The parameters of one write of a compact submit: the batch's column names, shared by all its rows, and this row's values, in
 * that order; read-only. A write waits in the batch writer's queue with its parameters until it is applied, so their size is what
 * the queue costs the heap (and each young collection copies them): two small objects a row, against a hash map's four.
 * Null values are kept (a row may leave a parameter null).
 */
final class RowParams extends AbstractMap<String, Object> {

    private final String[] columns;
    private final Object[] values;

    private RowParams(String[] columns, Object[] values) {
        this.columns = columns;
        this.values = values;
    }

    /** A row's parameters; {@code row} holds one value for each of {@code columns}, whose names are distinct. */
    static RowParams of(String[] columns, List<?> row) {
        return of(columns, row.toArray());
    }

    /** A row's parameters from its values, one for each of {@code columns} (taken as they are, not copied). */
    static RowParams of(String[] columns, Object[] values) {
        if (values.length != columns.length) throw new IllegalArgumentException(values.length + " values for " + columns.length + " columns");
        return new RowParams(columns, values);
    }

    /**
     * The columns' names as an array, or null when a name is not a string or appears twice (a map has each key once). Checked with a
     * set, so that a message of many columns costs time in proportion to its size.
     */
    static String[] columns(List<?> names) {
        String[] out = new String[names.size()];
        Set<String> seen = new HashSet<>(out.length * 2);
        for (int i = 0; i < out.length; i++) {
            if (!(names.get(i) instanceof String name) || !seen.add(name)) return null;
            out[i] = name;
        }
        return out;
    }

    @Override
    public int size() {
        return columns.length;
    }

    @Override
    public Object get(Object key) {
        for (int i = 0; i < columns.length; i++) if (columns[i].equals(key)) return values[i];
        return null;
    }

    @Override
    public boolean containsKey(Object key) {
        for (String c : columns) if (c.equals(key)) return true;
        return false;
    }

    @Override
    public Set<Map.Entry<String, Object>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Map.Entry<String, Object>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < columns.length;
                    }

                    @Override
                    public Map.Entry<String, Object> next() {
                        if (next >= columns.length) throw new NoSuchElementException();
                        int i = next++;
                        return new SimpleImmutableEntry<>(columns[i], values[i]);
                    }
                };
            }

            @Override
            public int size() {
                return columns.length;
            }
        };
    }
}
