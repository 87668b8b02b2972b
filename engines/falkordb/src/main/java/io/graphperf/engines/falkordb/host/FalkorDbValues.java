package io.graphperf.engines.falkordb.host;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Values between Java and FalkorDB. Parameters travel as Cypher literals in the query's {@code CYPHER name=value …} prefix (how
 * FalkorDB takes parameters); results come in FalkorDB's compact format, each value a pair of its type and its payload, read
 * into the Java values every graphperf transport returns (Long, Double, Boolean, String, List, Map, null). A node or a
 * relationship is read into a map of its id, its label or type ids and its properties by key id (FalkorDB's compact format names
 * them by number; no study compares entities, only their properties).
 */
final class FalkorDbValues {

    private FalkorDbValues() {
    }

    /** The query text with its parameters as FalkorDB takes them: {@code CYPHER a=1 b='x' <text>}. */
    static String withParameters(String text, Map<String, Object> params) {
        if (params == null || params.isEmpty()) return text;
        StringBuilder sb = new StringBuilder("CYPHER");
        for (Map.Entry<String, Object> e : params.entrySet()) {
            sb.append(' ').append(e.getKey()).append('=');
            literal(e.getValue(), sb);
        }
        return sb.append(' ').append(text).toString();
    }

    /** A Java value as a Cypher literal. */
    static void literal(Object v, StringBuilder sb) {
        if (v == null) {
            sb.append("null");
        } else if (v instanceof String s) {
            sb.append('\'');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '\'' || c == '\\') sb.append('\\');
                sb.append(c);
            }
            sb.append('\'');
        } else if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            sb.append(((Number) v).longValue());
        } else if (v instanceof Number n) {
            double d = n.doubleValue();
            if (!Double.isFinite(d)) throw new IllegalArgumentException("FalkorDB's Cypher has no literal for " + d);
            sb.append(d);
        } else if (v instanceof Boolean b) {
            sb.append(b);
        } else if (v instanceof Map<?, ?> m) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!first) sb.append(',');
                first = false;
                sb.append('`').append(String.valueOf(e.getKey()).replace("`", "``")).append("`:");
                literal(e.getValue(), sb);
            }
            sb.append('}');
        } else if (v instanceof Iterable<?> it) {
            sb.append('[');
            boolean first = true;
            for (Object o : it) {
                if (!first) sb.append(',');
                first = false;
                literal(o, sb);
            }
            sb.append(']');
        } else if (v instanceof long[] a) {
            List<Object> l = new ArrayList<>(a.length);
            for (long x : a) l.add(x);
            literal(l, sb);
        } else if (v instanceof Object[] a) {
            literal(List.of(a), sb);
        } else {
            throw new IllegalArgumentException("a parameter of type " + v.getClass().getName() + " cannot be written as a FalkorDB literal");
        }
    }

    /** The rows of a compact reply ({@code [header, rows, statistics]}, or only the statistics when the query returns nothing). */
    static List<List<Object>> rows(Object reply) {
        List<?> parts = (List<?>) reply;
        if (parts.size() < 3) return List.of();
        List<?> rows = (List<?>) parts.get(1);
        List<List<Object>> out = new ArrayList<>(rows.size());
        for (Object row : rows) {
            List<?> cells = (List<?>) row;
            List<Object> r = new ArrayList<>(cells.size());
            for (Object cell : cells) r.add(value(cell));
            out.add(r);
        }
        return out;
    }

    /** One compact value: a pair of its type and its payload. */
    static Object value(Object typed) {
        List<?> pair = (List<?>) typed;
        return payload(((Number) pair.get(0)).intValue(), pair.get(1));
    }

    private static Object payload(int type, Object p) {
        return switch (type) {
            case 1 -> null;
            case 2 -> text(p);
            case 3 -> (Long) p;
            case 4 -> Boolean.parseBoolean(text(p));
            case 5 -> Double.parseDouble(text(p));
            case 6 -> {
                List<Object> l = new ArrayList<>();
                for (Object o : (List<?>) p) l.add(value(o));
                yield l;
            }
            case 7 -> relationship((List<?>) p);
            case 8 -> node((List<?>) p);
            case 9 -> {
                List<?> parts = (List<?>) p;
                Map<String, Object> path = new LinkedHashMap<>();
                path.put("nodes", value(parts.get(0)));
                path.put("relationships", value(parts.get(1)));
                yield path;
            }
            case 10 -> {
                List<?> kv = (List<?>) p;
                Map<String, Object> m = new LinkedHashMap<>();
                for (int i = 0; i + 1 < kv.size(); i += 2) m.put(text(kv.get(i)), value(kv.get(i + 1)));
                yield m;
            }
            default -> p instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(p);
        };
    }

    private static Map<String, Object> node(List<?> p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", p.get(0));
        m.put("labels", p.get(1));
        m.put("properties", properties((List<?>) p.get(2)));
        return m;
    }

    private static Map<String, Object> relationship(List<?> p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", p.get(0));
        m.put("type", p.get(1));
        m.put("start", p.get(2));
        m.put("end", p.get(3));
        m.put("properties", properties((List<?>) p.get(4)));
        return m;
    }

    /** Properties as [key id, type, value] triples, by key id. */
    private static Map<String, Object> properties(List<?> triples) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Object t : triples) {
            List<?> kv = (List<?>) t;
            m.put(String.valueOf(kv.get(0)), payload(((Number) kv.get(1)).intValue(), kv.get(2)));
        }
        return m;
    }

    static String text(Object p) {
        return p instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(p);
    }
}
