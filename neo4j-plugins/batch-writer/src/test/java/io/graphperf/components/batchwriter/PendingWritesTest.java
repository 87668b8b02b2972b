package io.graphperf.components.batchwriter;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bounded, ordered, grouped by statement: a flush covers a contiguous range of sequences. */
class PendingWritesTest {

    private static final String A = "CREATE (:User {id: $id})", B = "CREATE (:Event {at: $at})";

    @Test
    void flushesGroupByStatementAndCoverAContiguousRange() {
        PendingWrites p = new PendingWrites();
        for (long s = 1; s <= 5; s++) p.add(new PendingWrites.Write(s, s % 2 == 0 ? B : A, Map.of("id", s, "at", s)));
        PendingWrites.Flush f = p.take(4);
        assertEquals(1, f.firstSequence());
        assertEquals(4, f.lastSequence());
        assertEquals(4, f.rows());
        assertEquals(List.of(UnwindRewriter.batched(A), UnwindRewriter.batched(B)), List.copyOf(f.batches().keySet()));
        assertEquals(List.of(1L, 3L), f.batches().get(UnwindRewriter.batched(A)).stream().map(m -> m.get("id")).toList(), "rows keep their order");
        assertEquals(1, p.depth());
        PendingWrites.Flush rest = p.take(4);
        assertEquals(5, rest.firstSequence());
        assertEquals(5, rest.lastSequence());
        assertNull(p.take(4));
    }

    @Test
    void onlyDurableWritesAreTakenAndSequencesOnlyIncrease() {
        PendingWrites p = new PendingWrites();
        for (long s = 1; s <= 3; s++) p.add(new PendingWrites.Write(s, A, Map.of()));
        assertEquals(2, p.ready(2, 100));
        assertEquals(1, p.ready(3, 1), "counting stops at the cap");
        PendingWrites.Flush f = p.take(100, 2);
        assertEquals(2, f.lastSequence(), "write 3 is not durable yet");
        assertEquals(1, p.depth());
        assertThrows(IllegalArgumentException.class, () -> p.add(new PendingWrites.Write(3, A, Map.of())), "sequences only increase");
    }

    @Test
    void readyCountsAQueueWithHolesByWalkingIt() {
        PendingWrites p = new PendingWrites();
        for (long s : new long[] {3, 4, 7, 9}) p.add(new PendingWrites.Write(s, A, Map.of()));
        assertEquals(3, p.ready(8, 100), "3, 4 and 7 are at or below 8");
        assertEquals(4, p.ready(100, 100));
        assertEquals(0, p.ready(2, 100));
        PendingWrites contiguous = new PendingWrites();
        for (long s = 5; s <= 9; s++) contiguous.add(new PendingWrites.Write(s, A, Map.of()));
        assertEquals(0, contiguous.ready(4, 100));
        assertEquals(3, contiguous.ready(7, 100));
        assertEquals(5, contiguous.ready(100, 100));
        assertEquals(2, contiguous.ready(100, 2), "counting stops at the cap");
    }

    @Test
    void equalStatementsInDifferentStringsShareOneBatch() {
        PendingWrites p = new PendingWrites();
        p.add(new PendingWrites.Write(1, new String(A), Map.of("id", 1L)));
        p.add(new PendingWrites.Write(2, B, Map.of("at", 2L)));
        p.add(new PendingWrites.Write(3, new String(A), Map.of("id", 3L)));
        PendingWrites.Flush f = p.take(10);
        assertEquals(2, f.batches().size());
        assertEquals(List.of(1L, 3L), f.batches().get(UnwindRewriter.batched(A)).stream().map(m -> m.get("id")).toList());
    }
}
