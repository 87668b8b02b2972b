package io.graphperf.workloads.cells;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.measure.Accounting;
import io.graphperf.core.measure.IdWrites;
import io.graphperf.core.results.Check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which acknowledged ids the engine holds, not just how many: writes carry ids {@code client << 40 | (seq × perOperation + i)},
 * deterministic per client and operation, and the measuring layer knows which operations were acknowledged
 * ({@link Accounting}). The engine is asked, per client, how many ids it holds, how many distinct, and the
 * smallest and largest; and which of the unacknowledged operations' ids it holds. Then:
 * <ul><li>missing = acknowledged ids not present (a lost write: fails);</li>
 * <li>duplicated = ids present more than once (fails);</li>
 * <li>never issued = ids beyond what any client was handed (fails);</li>
 * <li>unacknowledged but present = operations that failed on the client after the engine committed (reported; an
 * ambiguous outcome a client must expect after an error, never counted as acknowledged).</li></ul>
 * One lost acknowledged write and one committed write whose client saw an error do not cancel out: each is counted.
 * Beyond {@link #DISTINCT_PAGE} issued ids the distinct ids are counted a client's range of {@link #DISTINCT_PAGE} ids at a time
 * (one query each), so that the engine's memory for a transaction bounds no window's length: a 4-minute window of {@code unwind-1000}
 * writes tens of millions of nodes, whose distinct ids in one query need more than Neo4j's default transaction memory.
 *
 * @param label        e.g. ":User nodes"
 * @param match        a pattern binding {@code n}, e.g. {@code MATCH (n:User)}
 * @param property     the id property of {@code n}
 * @param perOperation ids each operation writes (its batch size)
 * @param summedType   null to ask in Cypher; else the type whose ids the engine's host sums up itself ({@code idsummary:} statements:
 *                     ArcadeDB, whose SQL and Cypher divide integers as decimals)
 */
public record IdCheck(String label, String match, String property, long perOperation, String summedType) implements AccountedCheck {

    public IdCheck(String label, String match, String property, long perOperation) {
        this(label, match, property, perOperation, null);
    }

    /** The same check, the ids summed up by the engine's host from {@code type}. */
    public IdCheck summedByHost(String type) {
        return new IdCheck(label, match, property, perOperation, type);
    }

    static final long CLIENT_SHIFT = 1L << IdWrites.CLIENT_BITS;
    /** Beyond this many unacknowledged ids the engine is not asked for each (the check then says it is inexact). */
    static final int MAX_UNACKNOWLEDGED_LOOKUPS = 200_000;
    /** Beyond this many issued ids the engine counts distinct ids a range of this many at a time. */
    static final long DISTINCT_PAGE = 2_000_000;

    /** The id of item {@code i} of operation {@code seq} of client {@code client}. */
    public static long id(int client, long seq, long perOperation, long i) {
        return IdWrites.id(client, seq, perOperation, i);
    }

    public static IdCheck users(long perOperation) {
        return new IdCheck(":User nodes", "MATCH (n:User)", "user_id", perOperation);
    }

    @Override
    public Check check(Engine engine, Accounting acknowledged) throws Exception {
        return check(engine, acknowledged, DISTINCT_PAGE);
    }

    /** The check against {@code acc}, distinct ids counted {@code page} at a time beyond {@code page} issued ids (a test sets a small page). */
    public Check check(Engine engine, Accounting acc, long page) throws Exception {
        String p = "n.`" + property.replace("`", "``") + "`";
        Map<Long, Accounting.Client> clients = new HashMap<>();
        if (acc != null) for (Accounting.Client c : acc.clients()) clients.put((long) c.client(), c);
        Map<Long, long[]> present = summedType == null ? presentByCypher(engine, p, clients, page) : presentByHost(engine);
        long expected = 0, found = 0, duplicated = 0, neverIssued = 0, unackedIds = 0;
        List<Long> unacked = new ArrayList<>();
        boolean exact = acc != null && acc.exact();
        for (Map.Entry<Long, long[]> e : present.entrySet()) {
            long[] v = e.getValue();
            duplicated += v[0] - v[1];
            Accounting.Client c = clients.get(e.getKey());
            long issuedIds = c == null ? 0 : c.issued() * perOperation, outside = v[4];
            if (c == null) neverIssued += v[1];
            else if (outside >= 0) neverIssued += outside;
            else if (v[2] < 0 || v[3] >= issuedIds) neverIssued += Math.max(0, v[3] - issuedIds + 1); // the host's summary: a span, not a count
            if (c != null) found += v[1] - Math.max(outside, 0);
        }
        for (Accounting.Client c : clients.values()) {
            expected += c.acknowledged() * perOperation;
            for (long seq : c.notAcknowledged()) {
                for (long i = 0; i < perOperation; i++) {
                    if (unacked.size() >= MAX_UNACKNOWLEDGED_LOOKUPS) exact = false;
                    else unacked.add(id(c.client(), seq, perOperation, i));
                }
            }
        }
        if (!unacked.isEmpty()) {
            unackedIds = summedType == null ? num(engine.queryColumn(match + " WHERE " + p + " IN $ids RETURN count(DISTINCT " + p + ")", Map.of("ids", unacked)).get(0))
                    : num(engine.queryColumn(idSummary(summedType, property), Map.of("ids", unacked)).get(0));
        }
        long acknowledgedPresent = found - unackedIds;
        long missing = expected - acknowledgedPresent;
        boolean passed = missing == 0 && duplicated == 0 && neverIssued == 0 && exact;
        String detail = String.format(Locale.ROOT, "%d missing, %d duplicated, %d never issued, %d of %d unacknowledged ids present (failed on the"
                        + " client after the engine committed)%s", missing, duplicated, neverIssued, unackedIds, unacked.size(),
                exact ? "" : "; INEXACT: too many unacknowledged operations to look up each");
        return new Check(describe(), expected, acknowledgedPresent, passed, detail);
    }

    @Override
    public String describe() {
        return "acknowledged " + label + " present exactly once, by id";
    }

    /**
     * Per client: ids present, distinct (ids outside the client's issued range counted as distinct: each fails the check as never
     * issued), smallest and largest sequence part, and how many lie outside the issued range — aggregated by the engine in Cypher: in one
     * query up to {@code page} issued ids (then the ids beyond a client's range, if its largest is beyond, in one more); beyond {@code page}
     * issued ids counted first without the distinct ones, which are then counted a range of {@code page} ids at a time within each
     * client's issued range.
     */
    private Map<Long, long[]> presentByCypher(Engine engine, String p, Map<Long, Accounting.Client> clients, long page) throws Exception {
        String byClient = match + " WITH " + p + " AS id WITH id / " + CLIENT_SHIFT + " AS c, id % " + CLIENT_SHIFT + " AS s WITH c, count(*) AS n, ";
        String range = match + " WHERE " + p + " >= $from AND " + p + " < $to RETURN [count(*), count(DISTINCT " + p + ")]";
        boolean paged = issuedIds(clients.values()) > page;
        Map<Long, long[]> present = summary(engine.queryColumn(byClient + (paged ? "count(*) AS d" : "count(DISTINCT s) AS d") + ", min(s) AS lo, max(s) AS hi"
                + " RETURN [c, n, d, lo, hi]"));
        for (Map.Entry<Long, long[]> e : present.entrySet()) {
            long[] v = e.getValue();
            Accounting.Client c = clients.get(e.getKey());
            if (c == null) continue; // every id of a client that never ran fails the check as never issued
            long base = e.getKey() * CLIENT_SHIFT, issued = c.issued() * perOperation, to = Math.min(v[3] + 1, issued);
            if (!paged) {
                long[] below = v[2] >= 0 ? new long[2] : counts(engine, range, base + v[2], base);
                long[] beyond = v[3] < issued ? new long[2] : counts(engine, range, base + Math.max(issued, v[2]), base + v[3] + 1);
                v[1] += below[0] - below[1] + beyond[0] - beyond[1];
                v[4] = below[0] + beyond[0];
                continue;
            }
            long inRange = 0, distinct = 0;
            for (long from = Math.max(v[2], 0); from < to; from += page) {
                long[] r = counts(engine, range, base + from, base + Math.min(from + page, to));
                inRange += r[0];
                distinct += r[1];
            }
            v[4] = v[0] - inRange;
            v[1] = distinct + v[4];
        }
        return present;
    }

    /** [ids, distinct ids] from {@code from} (inclusive) to {@code to} (exclusive). */
    private static long[] counts(Engine engine, String range, long from, long to) throws Exception {
        List<?> row = (List<?>) engine.queryColumn(range, Map.of("from", from, "to", to)).get(0);
        return new long[]{num(row.get(0)), num(row.get(1))};
    }

    private long issuedIds(Iterable<Accounting.Client> clients) {
        long sum = 0;
        for (Accounting.Client c : clients) sum += c.issued() * perOperation;
        return sum;
    }

    /** Rows [client, ids, distinct, smallest, largest] by client, as [ids, distinct, smallest, largest, outside the issued range: −1, unknown]. */
    private static Map<Long, long[]> summary(List<Object> rows) {
        Map<Long, long[]> present = new HashMap<>();
        for (Object row : rows) {
            List<?> r = (List<?>) row;
            present.put(((Number) r.get(0)).longValue(), new long[]{num(r.get(1)), num(r.get(2)), num(r.get(3)), num(r.get(4)), -1});
        }
        return present;
    }

    /** The same, summed up by the engine's host ({@code idsummary:Type.property}: the same rows). */
    private Map<Long, long[]> presentByHost(Engine engine) throws Exception {
        return summary(engine.queryColumn(idSummary(summedType, property), Map.of()));
    }

    /** The statement an engine's host answers with its id summary. */
    private static String idSummary(String type, String property) {
        return "idsummary:" + type + "." + property;
    }


    private static long num(Object o) {
        return o == null ? -1 : ((Number) o).longValue();
    }
}
