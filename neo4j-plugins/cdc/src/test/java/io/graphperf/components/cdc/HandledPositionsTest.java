package io.graphperf.components.cdc;

import io.graphperf.components.cdc.HandledPositions.Kind;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The sink's memory of one partition: republications skipped exactly, anything else below the last position applied and counted. */
class HandledPositionsTest {

    @Test
    void aRoundPublishedAgainIsRepublishedAndTheNextRoundIsNext() {
        HandledPositions h = new HandledPositions(1000);
        // round 1: sequences 10 (events 0..2) and 11 (event 0); acknowledged, then the relay died before deleting them
        assertEquals(Kind.NEXT, h.see(10, 0));
        assertEquals(Kind.NEXT, h.see(10, 1));
        assertEquals(Kind.NEXT, h.see(10, 2));
        assertEquals(Kind.NEXT, h.see(11, 0));
        // the restarted relay publishes them again, then what committed meanwhile
        assertEquals(Kind.REPUBLISHED, h.see(10, 0));
        assertEquals(Kind.REPUBLISHED, h.see(10, 1));
        assertEquals(Kind.REPUBLISHED, h.see(10, 2));
        assertEquals(Kind.REPUBLISHED, h.see(11, 0));
        assertEquals(Kind.NEXT, h.see(12, 0));
        assertArrayEquals(new long[]{12, 0}, h.last());
    }

    @Test
    void aLowerSequenceNeverHandledIsOutOfOrderNotARepublication() {
        HandledPositions h = new HandledPositions(1000);
        h.see(10, 0);
        h.see(12, 0);
        // 11 committed after 12 was published (what the old relay rule allowed): the sink must not take it for a repeat
        assertEquals(Kind.OUT_OF_ORDER, h.see(11, 0));
        // seen now: a later copy of it is a republication
        assertEquals(Kind.REPUBLISHED, h.see(11, 0));
        // an index of a handled sequence beyond what was handled of it is new too
        assertEquals(Kind.OUT_OF_ORDER, h.see(10, 5));
        assertEquals(Kind.UNPOSITIONED, h.see(-1, -1));
        assertArrayEquals(new long[]{12, 0}, h.last(), "out-of-order records do not move the last position back");
    }

    /**
     * An expired producer batch leaves a gap: (10,0) and (10,2) reached the partition, (10,1) did not; the relay's republication then
     * brings (10,0), (10,1), (10,2). The lost record must be applied, not skipped as a repeat (the code before this took any index not
     * above the highest handled one for a repeat, and lost it).
     */
    @Test
    void aRecordLostInAGapIsNotTakenForARepeatWhenItIsPublishedAgain() {
        HandledPositions h = new HandledPositions(1000);
        assertEquals(Kind.NEXT, h.see(10, 0));
        assertEquals(Kind.NEXT, h.see(10, 2));
        assertEquals(Kind.NEXT, h.see(11, 0));
        assertEquals(Kind.REPUBLISHED, h.see(10, 0));
        assertEquals(Kind.OUT_OF_ORDER, h.see(10, 1), "the gap's record: applied and counted");
        assertEquals(Kind.REPUBLISHED, h.see(10, 2));
        assertEquals(Kind.REPUBLISHED, h.see(10, 1), "handled now: a later copy is a repeat");
        assertEquals(Kind.REPUBLISHED, h.see(11, 0));
    }

    @Test
    void theWindowForgetsOldSequencesWholeAndNothingInIt() {
        HandledPositions h = new HandledPositions(100);
        for (long s = 1; s <= 1000; s++) h.see(s, 0);
        assertEquals(100, h.sequences());
        assertEquals(Kind.REPUBLISHED, h.see(950, 0));
        assertEquals(Kind.OUT_OF_ORDER, h.see(5, 0), "beyond the window: applied and counted, never skipped");
        assertThrows(IllegalArgumentException.class, () -> new HandledPositions(0));
    }

    @Test
    void theStoredPositionIsAFloorWithoutMemory() {
        HandledPositions h = new HandledPositions(10);
        h.after(50, 3);
        assertEquals(Kind.OUT_OF_ORDER, h.see(50, 2));
        assertEquals(Kind.NEXT, h.see(50, 4));
        h.after(10, 0);
        assertArrayEquals(new long[]{50, 4}, h.last(), "a lower floor changes nothing");
    }

    /** Random relay histories (rounds cut short by restarts, large transactions in chunks): every republication skipped, nothing else. */
    @Test
    void randomHistoriesOfRestartsSkipExactlyTheRepeats() {
        for (long seed = 1; seed <= 200; seed++) {
            Random r = new Random(seed);
            List<long[]> original = new ArrayList<>();
            for (long s = 1; s <= 300; s++) {
                int events = 1 + (r.nextInt(10) == 0 ? r.nextInt(3000) : r.nextInt(5));
                for (int i = 0; i < events; i++) if (r.nextInt(3) == 0) original.add(new long[]{s, i}); // this partition's share
            }
            HandledPositions h = new HandledPositions(50_000);
            int at = 0, republications = 0, skipped = 0;
            while (at < original.size()) {
                int round = Math.min(original.size() - at, 1 + r.nextInt(2000));
                for (int i = at; i < at + round; i++) assertEquals(Kind.NEXT, h.see(original.get(i)[0], (int) original.get(i)[1]), "seed " + seed);
                if (r.nextInt(3) == 0) {
                    // a restart: the last round again, or part of it (what reached Kafka before the crash is a prefix)
                    int again = 1 + r.nextInt(round);
                    for (int i = at; i < at + again; i++) {
                        republications++;
                        if (h.see(original.get(i)[0], (int) original.get(i)[1]) == Kind.REPUBLISHED) skipped++;
                    }
                }
                at += round;
            }
            assertEquals(republications, skipped, "seed " + seed);
        }
    }
}
