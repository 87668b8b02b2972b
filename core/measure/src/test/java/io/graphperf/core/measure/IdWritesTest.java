package io.graphperf.core.measure;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.TxMode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Writes as data: the same operations wherever they are made, ids never repeated across clients and operations, and a plan that ships them. */
class IdWritesTest {

    @Test
    void eachShapeCarriesItsIdsAndNoIdRepeats() {
        IdWrites each = new IdWrites("tx3", "CREATE (:User {user_id: $id})", IdWrites.Shape.EACH_STATEMENT, 3, TxMode.EXPLICIT, 3);
        Operation op = each.next(2, 5);
        assertEquals(3, op.statements().size());
        assertEquals(List.of(IdWrites.id(2, 5, 3, 0), IdWrites.id(2, 5, 3, 1), IdWrites.id(2, 5, 3, 2)),
                op.statements().stream().map(s -> s.params().get("id")).toList());
        assertEquals((2L << IdWrites.CLIENT_BITS) | 15, IdWrites.id(2, 5, 3, 0), "client in the high bits, sequence × per operation + position below");

        IdWrites rows = new IdWrites("unwind", "UNWIND $rows AS row CREATE (:User {user_id: row.id})", IdWrites.Shape.ROWS, 4, TxMode.EXPLICIT, 4);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> r = (List<Map<String, Object>>) rows.next(1, 0).statements().get(0).params().get("rows");
        assertEquals(List.of(IdWrites.id(1, 0, 4, 0), IdWrites.id(1, 0, 4, 1), IdWrites.id(1, 0, 4, 2), IdWrites.id(1, 0, 4, 3)),
                r.stream().map(m -> m.get("id")).toList());

        Set<Object> seen = new HashSet<>();
        for (int c = 0; c < 4; c++) {
            for (long s = 0; s < 50; s++) for (var st : each.next(c, s).statements()) assertTrue(seen.add(st.params().get("id")), "id repeated");
        }
        for (var st : each.shifted(1 << 16).next(0, 0).statements()) assertTrue(seen.add(st.params().get("id")), "a shifted round writes other ids");
        assertEquals(Map.of(), new IdWrites("foreach", "FOREACH …", IdWrites.Shape.CONSTANT, 1, TxMode.EXPLICIT, 400).next(3, 9).statements().get(0).params());
        assertThrows(IllegalArgumentException.class, () -> new IdWrites("x", "CREATE ()", IdWrites.Shape.EACH_STATEMENT, 2, TxMode.AUTOCOMMIT, 2));
    }

    @Test
    void aPlanShipsWritesAndMixesAsTheyWere() throws Exception {
        ObjectMapper json = new ObjectMapper();
        RunPlan run = new RunPlan(new Closed(2), new Warmup.Fixed(Duration.ZERO), Duration.ofSeconds(1), 10, Duration.ofMillis(200), RunPlan.DEFAULT_BATCHES, null);
        IdWrites w = new IdWrites("unwind", "UNWIND $rows AS row CREATE (:User {user_id: row.id})", IdWrites.Shape.ROWS, 10, TxMode.EXPLICIT, 10).shifted(7);
        InProcessPlan back = json.readValue(json.writeValueAsString(InProcessPlan.of(w, run, null)), InProcessPlan.class);
        assertEquals(w, back.operations());
        assertEquals(w.next(1, 2), back.operations().next(1, 2));
        OperationMix mix = new OperationMix(List.of(new OperationMix.Type("q", "RETURN $x", null, List.of(Map.of("x", 1)), 1, 1)));
        assertEquals(mix, json.readValue(json.writeValueAsString(InProcessPlan.of(mix, run, null)), InProcessPlan.class).operations());
    }
}
