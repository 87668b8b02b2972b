package io.graphperf.workloads.cells;

import io.graphperf.core.measure.Accounting;
import io.graphperf.core.results.Check;
import io.graphperf.workloads.StandInEngine;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The id check's arithmetic against a stand-in store that answers its Cypher from a list of ids: counted in one query, or a range of
 * ids at a time beyond a page of issued ids (so that no query's distinct ids outgrow the engine's transaction memory), with the same
 * missing, duplicated, never-issued and unacknowledged ids found either way.
 */
class IdCheckTest {

    private static final long PER_OPERATION = 10;

    @Test
    void aCompleteStoreCheckedInPagesPassesAndNoQueryCountsMoreDistinctIdsThanAPage() throws Exception {
        Accounting acc = Accounting.of(new Accounting.Snapshot(true, List.of(new Accounting.Client(0, 30, new long[0]),
                new Accounting.Client(1, 25, new long[0]))));
        IdStore store = new IdStore();
        for (int client = 0; client < 2; client++) {
            for (long seq = 0; seq < (client == 0 ? 30 : 25); seq++) store.writeOperation(client, seq);
        }
        Check paged = IdCheck.users(PER_OPERATION).check(store, acc, 40);
        assertTrue(paged.passed(), paged.toString());
        assertEquals(550, paged.expected());
        assertEquals(550, paged.actual());
        assertTrue(store.rangeQueries >= 550 / 40, "counted a range at a time: " + store.rangeQueries + " range queries");
        assertTrue(store.largestDistinct <= 40, "the largest distinct set one query held: " + store.largestDistinct);
        store.largestDistinct = 0;
        Check whole = IdCheck.users(PER_OPERATION).check(store, acc, 1_000);
        assertEquals(paged, whole, "the same check in one query");
        assertEquals(550, store.largestDistinct, "one query held every distinct id");
    }

    @Test
    void lostDuplicatedNeverIssuedAndUnacknowledgedIdsAreFoundTheSameWithPages() throws Exception {
        Accounting acc = Accounting.of(new Accounting.Snapshot(true, List.of(new Accounting.Client(0, 20, new long[]{4, 11}),
                new Accounting.Client(1, 20, new long[0]))));
        IdStore store = new IdStore();
        for (int client = 0; client < 2; client++) {
            for (long seq = 0; seq < 20; seq++) if (!(client == 0 && seq == 4)) store.writeOperation(client, seq);
        }
        store.ids.remove(IdCheck.id(1, 7, PER_OPERATION, 3)); // an acknowledged write lost
        store.ids.add(IdCheck.id(1, 2, PER_OPERATION, 0)); // one written twice
        store.ids.add(IdCheck.id(1, 25, PER_OPERATION, 0)); // beyond what client 1 was handed
        store.ids.add(IdCheck.id(5, 0, PER_OPERATION, 0)); // a client that never ran
        for (long page : new long[]{7, 1_000}) {
            Check c = IdCheck.users(PER_OPERATION).check(store, acc, page);
            assertFalse(c.passed(), "page " + page + ": " + c);
            assertEquals(380, c.expected(), "page " + page + ": 38 acknowledged operations of 10 ids");
            assertEquals(379, c.actual(), "page " + page + ": one acknowledged id lost");
            assertEquals("1 missing, 1 duplicated, 2 never issued, 10 of 20 unacknowledged ids present (failed on the client after the engine"
                    + " committed)", c.detail(), "page " + page);
        }
    }

    /** Answers the id check's four statements from a list of ids (duplicates kept), noting how many distinct ids one query held. */
    private static final class IdStore extends StandInEngine {
        final List<Long> ids = new ArrayList<>();
        int rangeQueries;
        long largestDistinct;

        void writeOperation(int client, long seq) {
            for (long i = 0; i < PER_OPERATION; i++) ids.add(IdCheck.id(client, seq, PER_OPERATION, i));
        }

        @Override
        public List<Object> queryColumn(String statement, Map<String, Object> parameters) {
            if (statement.contains("IN $ids")) {
                Set<Object> wanted = new HashSet<>((List<?>) parameters.get("ids"));
                return List.of((long) distinct(ids.stream().filter(wanted::contains).toList()));
            }
            if (statement.contains("$from")) {
                long from = (Long) parameters.get("from"), to = (Long) parameters.get("to");
                List<Long> in = ids.stream().filter(id -> id >= from && id < to).toList();
                rangeQueries++;
                return List.of(List.of((long) in.size(), (long) distinct(in)));
            }
            boolean withDistinct = statement.contains("count(DISTINCT s)");
            if (!statement.contains("RETURN [c, n, d, lo, hi]")) throw new IllegalArgumentException(statement);
            Map<Long, List<Long>> byClient = new TreeMap<>();
            for (long id : ids) byClient.computeIfAbsent(id / IdCheck.CLIENT_SHIFT, c -> new ArrayList<>()).add(id % IdCheck.CLIENT_SHIFT);
            List<Object> rows = new ArrayList<>();
            long held = 0;
            for (Map.Entry<Long, List<Long>> e : byClient.entrySet()) {
                List<Long> s = e.getValue();
                long n = s.size(), d = withDistinct ? new HashSet<>(s).size() : n;
                held += withDistinct ? d : 0;
                rows.add(List.of(e.getKey(), n, d, s.stream().mapToLong(x -> x).min().orElseThrow(), s.stream().mapToLong(x -> x).max().orElseThrow()));
            }
            largestDistinct = Math.max(largestDistinct, held);
            return rows;
        }

        private int distinct(List<Long> some) {
            int d = new HashSet<>(some).size();
            largestDistinct = Math.max(largestDistinct, d);
            return d;
        }
    }
}
