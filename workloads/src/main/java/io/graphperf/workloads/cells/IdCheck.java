package io.graphperf.workloads.cells;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.measure.Accounting;
import io.graphperf.core.measure.IdWrites;
import io.graphperf.core.measure.Measurement;
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
 *
 * @param label        e.g. ":User nodes"
 * @param match        a pattern binding {@code n}, e.g. {@code MATCH (n:User)}
 * @param property     the id property of {@code n}
 * @param perOperation ids each operation writes (its batch size)
 * @param summedType   null to ask in Cypher; else the type whose ids the engine's host sums up itself ({@code idsummary:} statements:
 *                     ArcadeDB, whose SQL and Cypher divide integers as decimals)
 */
public record IdCheck(String label, String match, String property, long perOperation, String summedType) implements CellCheck {

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

    /** The id of item {@code i} of operation {@code seq} of client {@code client}. */
    public static long id(int client, long seq, long perOperation, long i) {
        return IdWrites.id(client, seq, perOperation, i);
    }

    public static IdCheck users(long perOperation) {
        return new IdCheck(":User nodes", "MATCH (n:User)", "user_id", perOperation);
    }

    @Override
    public Check check(Engine engine, Measurement m) throws Exception {
        Accounting acc = m.accounting();
        String p = "n.`" + property.replace("`", "``") + "`";
        Map<Long, long[]> present = summedType == null ? presentByCypher(engine, p) : presentByHost(engine);
        long expected = 0, found = 0, duplicated = 0, neverIssued = 0, unackedIds = 0;
        List<Long> unacked = new ArrayList<>();
        boolean exact = acc != null && acc.exact();
        Map<Long, Accounting.Client> clients = new HashMap<>();
        if (acc != null) for (Accounting.Client c : acc.clients()) clients.put((long) c.client(), c);
        for (Map.Entry<Long, long[]> e : present.entrySet()) {
            long[] v = e.getValue();
            duplicated += v[0] - v[1];
            Accounting.Client c = clients.get(e.getKey());
            long issuedIds = c == null ? 0 : c.issued() * perOperation;
            if (c == null || v[2] < 0 || v[3] >= issuedIds) neverIssued += c == null ? v[1] : Math.max(0, v[3] - issuedIds + 1);
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
        for (Map.Entry<Long, long[]> e : present.entrySet()) if (clients.containsKey(e.getKey())) found += e.getValue()[1];
        long acknowledgedPresent = found - unackedIds;
        long missing = expected - acknowledgedPresent;
        boolean passed = missing == 0 && duplicated == 0 && neverIssued == 0 && exact;
        String detail = String.format(Locale.ROOT, "%d missing, %d duplicated, %d never issued, %d of %d unacknowledged ids present (failed on the"
                        + " client after the engine committed)%s", missing, duplicated, neverIssued, unackedIds, unacked.size(),
                exact ? "" : "; INEXACT: too many unacknowledged operations to look up each");
        return new Check("acknowledged " + label + " present exactly once, by id", expected, acknowledgedPresent, passed, detail);
    }

    /** Per client: ids present, distinct, smallest and largest sequence part, aggregated by the engine in Cypher. */
    private Map<Long, long[]> presentByCypher(Engine engine, String p) throws Exception {
        return summary(engine.queryColumn(match + " WITH " + p + " AS id WITH id / " + CLIENT_SHIFT + " AS c, id % " + CLIENT_SHIFT + " AS s"
                + " WITH c, count(*) AS n, count(DISTINCT s) AS d, min(s) AS lo, max(s) AS hi RETURN [c, n, d, lo, hi]"));
    }

    /** Rows [client, ids, distinct, smallest, largest] by client. */
    private static Map<Long, long[]> summary(List<Object> rows) {
        Map<Long, long[]> present = new HashMap<>();
        for (Object row : rows) {
            List<?> r = (List<?>) row;
            present.put(((Number) r.get(0)).longValue(), new long[]{num(r.get(1)), num(r.get(2)), num(r.get(3)), num(r.get(4))});
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
