package io.graphperf.components.gateway.protocol;

import java.io.IOException;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;

/** The protocol's values (null, boolean, integer, double, string, list, map), walked once for every binary format. */
final class Values {
    private Values() {
    }

    /** What a binary format does with each part of a value. */
    interface Sink {
        void nil() throws IOException;

        void bool(boolean b) throws IOException;

        void integer(long v) throws IOException;

        void real(double v) throws IOException;

        void string(String s) throws IOException;

        void startMap(int size) throws IOException;

        void key(String k) throws IOException;

        void endMap() throws IOException;

        void startList(int size) throws IOException;

        void endList() throws IOException;
    }

    static void write(Object v, Sink s) throws IOException {
        if (v == null) s.nil();
        else if (v instanceof Boolean b) s.bool(b);
        else if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) s.integer(((Number) v).longValue());
        else if (v instanceof Number n) s.real(n.doubleValue());
        else if (v instanceof CharSequence c) s.string(c.toString());
        else if (v instanceof Map<?, ?> m) {
            s.startMap(m.size());
            for (Map.Entry<?, ?> e : m.entrySet()) {
                s.key(String.valueOf(e.getKey()));
                write(e.getValue(), s);
            }
            s.endMap();
        } else if (v instanceof Collection<?> l) {
            s.startList(l.size());
            for (Object o : l) write(o, s);
            s.endList();
        } else if (v instanceof Object[] a) write(Arrays.asList(a), s);
        else throw new IOException("a value of type " + v.getClass().getSimpleName() + " cannot be sent (null, boolean, number, string, list, map)");
    }
}
