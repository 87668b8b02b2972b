package io.graphperf.core.measure;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SegmentTest {

    /** The slots a schedule of {@code slots} single-agent slots gives agent {@code s}: those below the end, in order. */
    private static List<Long> slots(Segment s, long slots) {
        List<Long> out = new ArrayList<>();
        for (long k = 0; s.slot(k) < slots; k++) out.add(s.slot(k));
        return out;
    }

    @Test
    void theAgentsSlotsTogetherAreTheSingleAgentScheduleExactly() {
        for (int agents : new int[]{1, 2, 3, 4, 7}) {
            TreeSet<Long> union = new TreeSet<>();
            long count = 0;
            for (int i = 0; i < agents; i++) {
                List<Long> mine = slots(new Segment(i, agents), 1_000);
                count += mine.size();
                union.addAll(mine);
            }
            assertEquals(1_000, count, agents + " agents: no slot twice");
            assertEquals(1_000, union.size(), agents + " agents: every slot once");
            assertEquals(0L, union.first());
            assertEquals(999L, union.last());
        }
    }

    @Test
    void eachAgentSendsWholeClientsAndIssuedCountsAddUpToTheSingleAgents() {
        int clients = 8, agents = 4;
        Segment whole = Segment.WHOLE;
        for (long sent : new long[]{0, 1, 7, 8, 9, 1_000, 1_003}) {
            for (int c = 0; c < clients; c++) {
                long single = whole.issued(c, clients, sent);
                assertEquals(sent <= c ? 0 : (sent - c + clients - 1) / clients, single, "the one-agent count, as without segments");
                long parts = 0;
                for (int i = 0; i < agents; i++) {
                    Segment s = new Segment(i, agents);
                    // the agents' own slot counts when the single agent had sent `sent` slots
                    long mine = slots(s, sent).size();
                    long issued = s.issued(c, clients, mine);
                    if (!s.owns(c)) assertEquals(0, issued, "agent " + i + " does not send client " + c);
                    parts += issued;
                }
                assertEquals(single, parts, "client " + c + " after " + sent + " slots");
            }
        }
        for (int i = 0; i < agents; i++) {
            Segment s = new Segment(i, agents);
            for (long slot : slots(s, 200)) assertTrue(s.owns((int) (slot % clients)), "slot " + slot + " is a client of agent " + i);
        }
    }

    @Test
    void badSegmentsAndClientCountsAreNamed() {
        assertEquals(new Segment(2, 4), Segment.parse(" 2/4 "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Segment.parse("4/4")).getMessage().contains("agent 4 is not one of 0 to 3"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Segment.parse("half")).getMessage().contains("give i/N"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Open(100, 6, new Segment(0, 4)));
        assertTrue(e.getMessage().contains("6 clients do not split over 4 agents"), e.getMessage());
        assertEquals(2, new Closed(8, new Segment(1, 4)).clients() / 4);
    }
}
