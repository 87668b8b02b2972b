package io.graphperf.core.engine;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class IdSummaryTest {

    private static final long C = 1L << 40;

    @Test
    void sumsIdsUpPerClientWithDuplicatesAndGapsVisible() {
        long[] ids = {C + 5, 3, 0, C + 2, 3, C + 9, 1};
        assertEquals(List.of(List.of(List.of(0L, 4L, 3L, 0L, 3L)), List.of(List.of(1L, 3L, 3L, 2L, 9L))), IdSummary.of(ids, Map.of()),
                "client, ids, distinct ids, smallest and largest sequence part");
    }

    @Test
    void countsHowManyOfTheAskedIdsArePresentOnce() {
        long[] ids = {7, 7, 8, C + 1};
        assertEquals(List.of(List.of(2L)), IdSummary.of(ids, Map.of("ids", List.of(7, 9, C + 1))), "7 and C+1 present, 9 not; 7 counted once");
        assertEquals(List.of(), IdSummary.of(new long[0], Map.of()), "no ids, no clients");
    }

    @Test
    void namesWhatAStatementMustGive() {
        assertEquals(List.of("User", "user_id"), List.of(IdSummary.typeAndProperty("User.user_id")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> IdSummary.typeAndProperty("User"));
        assertEquals("idsummary: needs Type.property, got 'User'", e.getMessage());
    }
}
