package io.graphperf.studies;

import io.graphperf.studies.reads.SocialQuery;
import io.graphperf.studies.writes.WriteStatement;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The studies' names and answers: q01 … q19 in order, each statement found by its Cypher, and an answer that is one thing or the other. */
class StudiesTest {

    @Test
    void theQueriesAreQ01ToQ19InOrderAndFoundByTheirIds() {
        assertEquals(19, SocialQuery.values().length);
        Set<String> procedures = new HashSet<>();
        for (SocialQuery q : SocialQuery.values()) {
            assertEquals(String.format("q%02d", q.number()), q.id());
            assertEquals(Optional.of(q), SocialQuery.byId(q.id()));
            assertTrue(procedures.add(q.procedure()), q.id() + ": a procedure of its own");
            assertTrue(q.procedureCall().startsWith("CALL graphperf.social." + q.id() + "($"), q.procedureCall());
        }
        assertEquals(Optional.empty(), SocialQuery.byId("q20"));
        assertTrue(SocialQuery.Q07.cypher().contains("*.." + SocialQuery.MAX_PATH + "]"), "the shortest path is bounded by MAX_PATH");
    }

    @Test
    void aStatementIsFoundByItsCypherAndNothingElseIs() {
        for (WriteStatement s : WriteStatement.values()) assertEquals(Optional.of(s), WriteStatement.of(s.cypher()));
        assertEquals(Optional.empty(), WriteStatement.of("CALL graphperf.batch.submit($statement, $params, $ack)"));
    }

    @Test
    void anAnswerIsATextOrAReasonNeverNeither() {
        Expressed<String> text = Expressed.as("MATCH (n) RETURN n");
        assertEquals(Optional.of("MATCH (n) RETURN n"), text.form());
        assertEquals(Optional.empty(), text.whyNot());
        Expressed<String> no = Expressed.notExpressible("no FOREACH");
        assertEquals(Optional.empty(), no.form());
        assertEquals(Optional.of("no FOREACH"), no.whyNot());
        assertThrows(IllegalArgumentException.class, () -> Expressed.notExpressible(" "), "a refusal says why");
        assertThrows(NullPointerException.class, () -> Expressed.as(null));
    }
}
