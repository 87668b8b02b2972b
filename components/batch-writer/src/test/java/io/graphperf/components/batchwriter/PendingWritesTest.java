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
}
