package io.graphperf.workloads.workload;

import io.graphperf.workloads.reads.ResultRows;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Two answers to one query compared as a user would: rows in order when the text orders them, else as multisets (the same rows, each
 * as often, in any order); columns by position (engines name them differently); numbers equal within a relative tolerance, whole numbers
 * equal whatever their Java type; lists item by item; maps key by key.
 */
public final class Answers {

    /** Beyond this many rows a multiset is compared sorted (rows equal within the tolerance sort together but for rare edge cases). */
    static final int PAIRWISE = 2_000;

    private Answers() {
    }

    /**
     * Empty when {@code actual} answers as {@code reference} does; else what differs, in a sentence.
     *
     * @param tolerance how far a number may be from the reference's, relative to the larger of the two (0: equal)
     */
    public static Optional<String> difference(List<List<Object>> reference, List<List<Object>> actual, boolean ordered, double tolerance) {
        List<List<Object>> ref = ResultRows.normalize(reference), got = ResultRows.normalize(actual);
        if (ordered) {
            for (int i = 0; i < Math.min(ref.size(), got.size()); i++) {
                if (!equal(ref.get(i), got.get(i), tolerance)) {
                    return Optional.of("row " + (i + 1) + " differs: " + shown(ref.get(i)) + " against " + shown(got.get(i)));
                }
            }
            return ref.size() == got.size() ? Optional.empty() : Optional.of(counts(ref, got));
        }
        List<List<Object>> onlyRef = new ArrayList<>(), onlyGot = new ArrayList<>();
        if (ref.size() <= PAIRWISE && got.size() <= PAIRWISE) {
            List<List<Object>> left = new ArrayList<>(got);
            for (List<Object> r : ref) {
                int at = -1;
                for (int i = 0; i < left.size() && at < 0; i++) if (equal(r, left.get(i), tolerance)) at = i;
                if (at >= 0) left.remove(at);
                else onlyRef.add(r);
            }
            onlyGot.addAll(left);
        } else {
            List<List<Object>> a = sorted(ref), b = sorted(got);
            int i = 0, j = 0;
            while (i < a.size() && j < b.size()) {
                if (equal(a.get(i), b.get(j), tolerance)) {
                    i++;
                    j++;
                } else if (key(a.get(i)).compareTo(key(b.get(j))) < 0) {
                    onlyRef.add(a.get(i++));
                } else {
                    onlyGot.add(b.get(j++));
                }
            }
            onlyRef.addAll(a.subList(i, a.size()));
            onlyGot.addAll(b.subList(j, b.size()));
        }
        if (onlyRef.isEmpty() && onlyGot.isEmpty()) return Optional.empty();
        return Optional.of(counts(ref, got) + (onlyRef.isEmpty() ? "" : "; " + onlyRef.size() + " only in the reference, e.g. " + shown(onlyRef.get(0)))
                + (onlyGot.isEmpty() ? "" : "; " + onlyGot.size() + " only in this answer, e.g. " + shown(onlyGot.get(0))));
    }

    private static String counts(List<List<Object>> ref, List<List<Object>> got) {
        return "the reference has " + ref.size() + " row" + (ref.size() == 1 ? "" : "s") + ", this answer " + got.size();
    }

    static boolean equal(Object a, Object b, double tolerance) {
        if (a instanceof Number x && b instanceof Number y) {
            if (x instanceof Long && y instanceof Long) return x.longValue() == y.longValue();
            double p = x.doubleValue(), q = y.doubleValue();
            if (p == q || Double.isNaN(p) && Double.isNaN(q)) return true;
            return Math.abs(p - q) <= tolerance * Math.max(Math.abs(p), Math.abs(q));
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) return false;
            for (int i = 0; i < x.size(); i++) if (!equal(x.get(i), y.get(i), tolerance)) return false;
            return true;
        }
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            if (!x.keySet().equals(y.keySet())) return false;
            for (Object k : x.keySet()) if (!equal(x.get(k), y.get(k), tolerance)) return false;
            return true;
        }
        return Objects.equals(a, b);
    }

    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> s = new ArrayList<>(rows);
        s.sort(Comparator.comparing(Answers::key));
        return s;
    }

    /** A row's sort key: its values as text, numbers to 6 significant digits so rows equal within a tolerance sort together. */
    private static String key(Object v) {
        if (v instanceof Double d) return String.format(java.util.Locale.ROOT, "%.6g", d);
        if (v instanceof List<?> l) {
            StringBuilder b = new StringBuilder("[");
            for (Object o : l) b.append(key(o)).append('\u0001');
            return b.append(']').toString();
        }
        return String.valueOf(v);
    }

    static String shown(Object rows) {
        String s = String.valueOf(rows);
        return s.length() > 200 ? s.substring(0, 200) + "…" : s;
    }
}
