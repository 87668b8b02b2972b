package io.graphperf.core.measure;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.TxMode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DrawnMixTest {

    private static List<List<Object>> rows(int n) {
        List<List<Object>> rows = new ArrayList<>();
        for (long i = 0; i < n; i++) rows.add(List.of(i, "name-" + i));
        return rows;
    }

    private static DrawnMix.Type type(String name, int weight, String text, List<String> params, String... sources) {
        return new DrawnMix.Type(name, List.of(new DrawnMix.Template(text, null, params)), TxMode.AUTOCOMMIT, weight, 1, List.of(sources));
    }

    @Test
    void anOperationDependsOnItsClientAndSequenceAloneAndSurvivesJson() throws Exception {
        DrawnMix mix = new DrawnMix(List.of(type("read", 3, "MATCH (u {id: $id}) RETURN u.name", List.of("id"), "people"),
                type("write", 1, "CREATE (:N {k: $k, age: $age})", List.of("k", "age"), "k", "age")),
                List.of(new ParameterSource.Records("people", List.of("id", "name"), rows(50), ParameterSource.Order.RANDOM, "people.csv"),
                        new ParameterSource.Unique("k", 1000), new ParameterSource.Uniform("age", 18, 90)), 3, 8);
        ObjectMapper json = new ObjectMapper();
        PortableOperations back = json.readValue(json.writeValueAsString(mix), PortableOperations.class);
        for (int c = 0; c < 8; c++) {
            for (long s = 0; s < 200; s++) {
                Operation a = mix.next(c, s), b = back.next(c, s), again = mix.next(c, s);
                assertEquals(a, b, "the same operation after JSON");
                assertEquals(a, again);
            }
        }
        Operation w = null;
        for (long s = 0; w == null; s++) if (mix.next(0, s).type().equals("write")) w = mix.next(0, s);
        assertEquals(Set.of("k", "age"), w.statements().get(0).params().keySet(), "a statement gets the parameters it names only");
    }

    @Test
    void typesAreDrawnByWeight() {
        DrawnMix mix = new DrawnMix(List.of(type("a", 1, "A", List.of()), type("b", 9, "B", List.of())), List.of(), 0, 4);
        int b = 0, n = 100_000;
        for (int i = 0; i < n; i++) if (mix.next(i % 4, i / 4).type().equals("b")) b++;
        assertEquals(0.9, b / (double) n, 0.01);
    }

    @Test
    void recordsInOrderGoToEachClientStridedAndEachOnceEvenWhenOtherTypesAreDrawnBetween() {
        // a mix of two types, only one drawing from the records: the records still go out in order, each once
        DrawnMix mix = new DrawnMix(List.of(type("take", 1, "T", List.of("id"), "q"), type("other", 1, "O", List.of())),
                List.of(new ParameterSource.Records("q", List.of("id", "name"), rows(1000), ParameterSource.Order.SEQUENTIAL, "q.csv")), 0, 4);
        Set<Object> seen = new HashSet<>();
        for (int c = 0; c < 4; c++) {
            long expected = c;
            for (long s = 0; s < 300; s++) {
                Operation op = mix.next(c, s);
                if (!op.type().equals("take")) continue;
                Object id = op.statements().get(0).params().get("id");
                assertEquals(expected, id, "client " + c + " takes its records in order");
                expected += 4;
                assertTrue(seen.add(id), "each record once");
            }
        }
        // asked out of order (the open model's threads), the same records
        DrawnMix fresh = mix.forPhase(0, 4);
        Operation late = fresh.next(2, 250), early = fresh.next(2, 10);
        assertEquals(mix.next(2, 250), late);
        assertEquals(mix.next(2, 10), early);
    }

    @Test
    void recordsInOrderUsedUpMakeAnOperationThatIsNotSent() {
        DrawnMix mix = new DrawnMix(List.of(type("take", 1, "T", List.of("id"), "q")),
                List.of(new ParameterSource.Records("q", List.of("id", "name"), rows(10), ParameterSource.Order.SEQUENTIAL, "q.csv")), 0, 2);
        for (long s = 0; s < 5; s++) assertNotEquals(TxMode.UNSENT, mix.next(1, s).txMode());
        Operation over = mix.next(1, 5);
        assertEquals(TxMode.UNSENT, over.txMode());
        assertTrue(over.statements().get(0).text().contains("q.csv"), over.statements().get(0).text());
        DrawnMix circular = new DrawnMix(mix.types(), List.of(new ParameterSource.Records("q", List.of("id", "name"), rows(10),
                ParameterSource.Order.CIRCULAR, "q.csv")), 0, 2);
        assertEquals(1L, circular.next(1, 5).statements().get(0).params().get("id"), "circular starts over: 1 + 5·2 = 11 → 1");
    }

    @Test
    void uniformAndRandomRecordsCoverTheirRange() {
        ParameterSource.Uniform u = new ParameterSource.Uniform("x", 5, 14);
        ParameterSource.Records r = new ParameterSource.Records("r", List.of("id", "name"), rows(10), ParameterSource.Order.RANDOM, "r");
        Map<Object, Integer> us = new HashMap<>(), rs = new HashMap<>();
        for (int i = 0; i < 50_000; i++) {
            ParameterSource.Draw d = new ParameterSource.Draw(i % 7, i / 7, 7, 0, 0);
            us.merge(u.draw(d).get("x"), 1, Integer::sum);
            rs.merge(r.draw(d).get("id"), 1, Integer::sum);
        }
        assertEquals(10, us.size());
        for (long v = 5; v <= 14; v++) assertEquals(5_000, us.get(v), 300, "value " + v);
        for (long v = 0; v < 10; v++) assertEquals(5_000, rs.get(v), 300, "record " + v);
    }

    @Test
    void zipfianRanksFollowZipfsLaw() {
        long n = 100;
        double theta = 0.99, zeta = 0;
        for (long k = 1; k <= n; k++) zeta += 1 / Math.pow(k, theta);
        ParameterSource.Zipfian z = new ParameterSource.Zipfian("z", 1, n, theta, false);
        Map<Long, Integer> count = new HashMap<>();
        int draws = 200_000;
        for (int i = 0; i < draws; i++) count.merge((Long) z.draw(new ParameterSource.Draw(i % 3, i / 3, 3, 0, 0)).get("z"), 1, Integer::sum);
        for (long rank : List.of(0L, 1L, 2L, 9L, 50L)) {
            double p = 1 / Math.pow(rank + 1, theta) / zeta;
            double sd = Math.sqrt(draws * p * (1 - p));
            assertEquals(draws * p, count.getOrDefault(rank + 1, 0), 5 * sd, "rank " + rank);
        }
        ParameterSource.Zipfian scrambled = new ParameterSource.Zipfian("z", 1, n, theta, true);
        for (int i = 0; i < 1000; i++) {
            long v = (Long) scrambled.draw(new ParameterSource.Draw(0, i, 1, 0, 0)).get("z");
            assertTrue(v >= 1 && v <= n);
        }
    }

    @Test
    void zipfOverABillionValuesAndAnExponentAboveOneStillFollowTheLaw() {
        // P(rank 1) = 1 / ζ(n, s); for s = 1.5 and n = 10⁹, ζ ≈ ζ(1.5) − 2/√n = 2.612375 − 0.0000632
        ParameterSource.Zipfian z = new ParameterSource.Zipfian("z", 0, 999_999_999L, 1.5, false);
        int firsts = 0, draws = 100_000;
        for (int i = 0; i < draws; i++) if ((Long) z.draw(new ParameterSource.Draw(0, i, 1, 0, 0)).get("z") == 0) firsts++;
        double p = 1 / (2.612375348685 - 2 / Math.sqrt(1e9));
        assertEquals(draws * p, firsts, 5 * Math.sqrt(draws * p * (1 - p)));
    }

    @Test
    void uniqueIdsDifferAcrossClientsSequencesAndPhases() {
        ParameterSource.Unique u = new ParameterSource.Unique("id", 7);
        Set<Object> ids = new HashSet<>();
        for (int phase : new int[]{0, 1, 500})
            for (int c = 0; c < 20; c++) for (long s = 0; s < 100; s++) assertTrue(ids.add(u.draw(new ParameterSource.Draw(c, s, 20, phase, 0)).get("id")));
        DrawnMix mix = new DrawnMix(List.of(type("w", 1, "CREATE (:N {id: $id})", List.of("id"), "id")), List.of(u), 2, 4);
        assertNotEquals(mix.next(0, 0), ((DrawnMix) mix.forRound(0)).next(0, 0), "a warm-up round writes other ids than a cell");
        assertFalse(mix.forRound(0).next(0, 0).equals(mix.forRound(1).next(0, 0)));
    }
}
