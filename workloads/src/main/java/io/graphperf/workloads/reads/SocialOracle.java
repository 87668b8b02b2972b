package io.graphperf.workloads.reads;

import io.graphperf.studies.reads.SocialQuery;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The answer each query must give, computed in plain Java from the generated files (no database):
 * what E2's correctness check compares every transport's results with. Rows use the canonical form of
 * {@link ResultRows}: integers as Long, text as String, lists as List, missing as null.
 */
public final class SocialOracle {

    private final SocialFiles f;

    public SocialOracle(Path datasetDir) {
        this.f = new SocialFiles(datasetDir);
    }

    /** People in the dataset's files (to tell whether a server holds this dataset). */
    public long people() {
        return f.nodes("Person").rows().size();
    }

    public List<List<Object>> answer(SocialQuery q, Map<String, Object> p) {
        return switch (q.number()) {
            case 1 -> sorted(f.rels("MEMBER_OF").in(key(p, "group")).stream().map(k -> row(k)).toList(), 0);
            case 2 -> sorted(f.rels("MEMBER_OF").out(key(p, "person")).stream().map(k -> row(k)).toList(), 0);
            case 3 -> friendRecommendations(key(p, "person"));
            case 4 -> groupRecommendations(key(p, "person"));
            case 5 -> reachable(key(p, "person"), 3);
            case 6 -> reachable(key(p, "person"), 2);
            case 7 -> shortestPath(key(p, "a"), key(p, "b"));
            case 8 -> inbox(key(p, "person"));
            case 9 -> collections(key(p, "person"));
            case 10 -> exists(key(p, "person")) ? List.of(profile(key(p, "person"))) : List.of();
            case 11 -> sorted(keys(p).stream().filter(this::exists).map(this::profile).toList(), 0);
            case 12 -> pairs(keys(p), k -> friends(k));
            case 13 -> sorted(friends(key(p, "person")).stream()
                    .map(k -> row(k, f.nodes("Person").get(k, "firstName"), f.nodes("Person").get(k, "lastName"))).toList(), 0);
            case 14 -> activities(key(p, "person")).contains(key(p, "activity"))
                    ? List.of(row(key(p, "activity"), act(key(p, "activity"), "kind"), act(key(p, "activity"), "text"))) : List.of();
            case 15 -> sorted(activities(key(p, "person")).stream().map(k -> row(k, act(k, "kind"))).toList(), 0);
            case 16 -> pairs(keys(p), this::activities);
            case 17 -> {
                Set<Long> wanted = new HashSet<>(longs(p.get("activities")));
                yield sorted(activities(key(p, "person")).stream().filter(wanted::contains).map(k -> row(k, act(k, "text"))).toList(), 0);
            }
            case 18 -> friendsActivities(key(p, "person"));
            case 19 -> f.rels("SENT").out(key(p, "person")).contains(key(p, "message"))
                    ? List.of(row(key(p, "message"), f.nodes("Message").get(key(p, "message"), "subject"),
                    num(f.nodes("Message").get(key(p, "message"), "sentAt")))) : List.of();
            default -> throw new IllegalArgumentException("no query " + q.id());
        };
    }

    private boolean exists(long person) {
        return f.nodes("Person").rows().containsKey(person);
    }

    private List<Long> friends(long person) {
        return exists(person) ? f.rels("FRIEND_OF").both(person) : List.of();
    }

    private List<Long> activities(long person) {
        return f.rels("PERFORMED").out(person);
    }

    private String act(long k, String column) {
        return f.nodes("Activity").get(k, column);
    }

    private List<List<Object>> friendRecommendations(long x) {
        Set<Long> direct = new HashSet<>(friends(x));
        Map<Long, Set<Long>> common = new HashMap<>();
        for (long fr : friends(x)) {
            for (long r : friends(fr)) if (r != x && !direct.contains(r)) common.computeIfAbsent(r, k -> new HashSet<>()).add(fr);
        }
        return top(common, 10);
    }

    private List<List<Object>> groupRecommendations(long x) {
        Set<Long> own = new HashSet<>(f.rels("MEMBER_OF").out(x));
        Map<Long, Set<Long>> friendsIn = new HashMap<>();
        for (long fr : friends(x)) {
            for (long g : f.rels("MEMBER_OF").out(fr)) if (!own.contains(g)) friendsIn.computeIfAbsent(g, k -> new HashSet<>()).add(fr);
        }
        return top(friendsIn, 10);
    }

    /** Rows (key, count) ordered by count descending, then key; the first {@code n}. */
    private static List<List<Object>> top(Map<Long, Set<Long>> counts, int n) {
        return counts.entrySet().stream()
                .sorted(Comparator.<Map.Entry<Long, Set<Long>>>comparingInt(e -> -e.getValue().size()).thenComparing(Map.Entry::getKey))
                .limit(n).map(e -> row(e.getKey(), (long) e.getValue().size())).toList();
    }

    /** People within {@code hops} friendships, without x and x's friends: count and sum of keys. */
    private List<List<Object>> reachable(long x, int hops) {
        // an aggregation without grouping keys always returns one row, even when x does not exist
        if (!exists(x)) return List.of(row(0L, 0L));
        Map<Long, Integer> dist = bfs(x, hops);
        long n = 0, sum = 0;
        for (Map.Entry<Long, Integer> e : dist.entrySet()) {
            if (e.getValue() >= 2) {
                n++;
                sum += e.getKey();
            }
        }
        return List.of(row(n, sum));
    }

    private Map<Long, Integer> bfs(long from, int maxHops) {
        Map<Long, Integer> dist = new HashMap<>();
        dist.put(from, 0);
        ArrayDeque<Long> queue = new ArrayDeque<>(List.of(from));
        while (!queue.isEmpty()) {
            long v = queue.poll();
            int d = dist.get(v);
            if (d == maxHops) continue;
            for (long w : friends(v)) if (dist.putIfAbsent(w, d + 1) == null) queue.add(w);
        }
        return dist;
    }

    private List<List<Object>> shortestPath(long a, long b) {
        if (!exists(a) || !exists(b)) return List.of();
        Integer d = bfs(a, SocialQueries.MAX_PATH).get(b);
        return d == null ? List.of() : List.of(row((long) d));
    }

    private List<List<Object>> inbox(long x) {
        List<List<Object>> rows = new ArrayList<>();
        for (long c : f.rels("HAS_COLLECTION").out(x)) {
            if (!"inbox".equals(f.nodes("MessageCollection").get(c, "kind"))) continue;
            for (long m : f.rels("IN_COLLECTION").in(c)) rows.add(row(m, f.nodes("Message").get(m, "subject")));
        }
        return sorted(rows, 0);
    }

    private List<List<Object>> collections(long x) {
        List<List<Object>> rows = new ArrayList<>();
        for (long c : f.rels("HAS_COLLECTION").out(x)) rows.add(row(f.nodes("MessageCollection").get(c, "kind"), (long) f.rels("IN_COLLECTION").in(c).size()));
        rows.sort(Comparator.comparing(r -> (String) r.get(0)));
        return rows;
    }

    private List<Object> profile(long x) {
        var people = f.nodes("Person");
        List<Long> addresses = f.rels("LIVES_AT").out(x), orgs = f.rels("WORKS_AT").out(x);
        List<String> emails = new ArrayList<>(), phones = new ArrayList<>();
        for (long e : f.rels("HAS_EMAIL").out(x)) emails.add(f.nodes("Email").get(e, "address"));
        for (long ph : f.rels("HAS_PHONE").out(x)) phones.add(f.nodes("Phone").get(ph, "number"));
        emails.sort(null);
        phones.sort(null);
        return row(x, people.get(x, "firstName"), people.get(x, "lastName"), people.get(x, "status"),
                addresses.isEmpty() ? null : f.nodes("Address").get(addresses.get(0), "city"),
                orgs.isEmpty() ? null : f.nodes("Organization").get(orgs.get(0), "name"), emails, phones);
    }

    private List<List<Object>> pairs(List<Long> people, Function<Long, List<Long>> of) {
        List<List<Object>> rows = new ArrayList<>();
        for (long k : people) for (long v : of.apply(k)) rows.add(row(k, v));
        rows.sort(Comparator.<List<Object>, Long>comparing(r -> (Long) r.get(0)).thenComparing(r -> (Long) r.get(1)));
        return rows;
    }

    private List<List<Object>> friendsActivities(long x) {
        Set<Long> acts = new HashSet<>();
        for (long fr : friends(x)) acts.addAll(activities(fr));
        return acts.stream().map(a -> row(a, num(act(a, "createdAt"))))
                .sorted(Comparator.<List<Object>, Long>comparing(r -> -(Long) r.get(1)).thenComparing(r -> (Long) r.get(0)))
                .limit(100).toList();
    }

    private static List<List<Object>> sorted(List<List<Object>> rows, int column) {
        List<List<Object>> out = new ArrayList<>(rows);
        out.sort(Comparator.comparing(r -> (Long) r.get(column)));
        return out;
    }

    private static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }

    private static Long num(String s) {
        return s == null ? null : Long.parseLong(s);
    }

    private static long key(Map<String, Object> p, String name) {
        return ((Number) p.get(name)).longValue();
    }

    private static List<Long> keys(Map<String, Object> p) {
        return longs(p.get("people"));
    }

    private static List<Long> longs(Object list) {
        List<Long> out = new ArrayList<>();
        for (Object o : (List<?>) list) out.add(((Number) o).longValue());
        return out;
    }
}
