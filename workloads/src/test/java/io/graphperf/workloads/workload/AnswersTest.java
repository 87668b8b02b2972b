package io.graphperf.workloads.workload;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AnswersTest {

    private static List<List<Object>> rows(Object... values) {
        List<List<Object>> out = new ArrayList<>();
        for (Object v : values) out.add(v instanceof List<?> l ? new ArrayList<>(l) : List.of(v));
        return out;
    }

    @Test
    void unorderedAnswersCompareAsMultisets() {
        assertEquals(Optional.empty(), Answers.difference(rows(1L, 2L, 2L), rows(2, 1, 2), false, 0), "any order, Integer or Long alike");
        String d = Answers.difference(rows(1L, 2L, 2L), rows(1L, 2L), false, 0).orElseThrow();
        assertTrue(d.contains("the reference has 3 rows, this answer 2") && d.contains("1 only in the reference, e.g. [2]"), d);
        assertTrue(Answers.difference(rows(1L), rows(1L, 3L), false, 0).orElseThrow().contains("1 only in this answer, e.g. [3]"));
    }

    @Test
    void orderedAnswersCompareRowByRow() {
        assertEquals(Optional.empty(), Answers.difference(rows(1L, 2L), rows(1L, 2L), true, 0));
        assertEquals(Optional.of("row 1 differs: [1] against [2]"), Answers.difference(rows(1L, 2L), rows(2L, 1L), true, 0));
        assertEquals(Optional.empty(), Answers.difference(rows(1L, 2L), rows(2L, 1L), false, 0), "the same rows in another order are equal unordered");
    }

    @Test
    void numbersWithinTheToleranceAreEqualAndWholeNumbersWhateverTheirType() {
        assertEquals(Optional.empty(), Answers.difference(rows(0.3), rows(0.1 + 0.2), false, 1e-9));
        assertTrue(Answers.difference(rows(0.3), rows(0.31), false, 1e-9).isPresent());
        assertEquals(Optional.empty(), Answers.difference(rows(0.3), rows(0.31), false, 0.05));
        assertEquals(Optional.empty(), Answers.difference(rows(2.0), rows(2L), false, 0), "2.0 and 2 are the same answer");
        assertEquals(Optional.empty(), Answers.difference(rows(List.of(List.of(1L, 2L), Map.of("a", 1.5))), rows(List.of(List.of(1, 2), Map.of("a", 1.5))), true, 0));
        assertTrue(Answers.difference(rows(List.of(List.of(1L, 2L))), rows(List.of(List.of(2L, 1L))), false, 0).isPresent(), "a list's items keep their order");
    }

    @Test
    void manyRowsAreComparedSorted() {
        List<List<Object>> a = new ArrayList<>(), b = new ArrayList<>();
        for (long i = 0; i < 5000; i++) {
            a.add(List.of(i, i * 0.5));
            b.add(0, List.of(i, i * 0.5 + (i == 4321 ? 1 : 0)));
        }
        String d = Answers.difference(a, b, false, 1e-9).orElseThrow();
        assertTrue(d.contains("1 only in the reference, e.g. [4321, 2160.5]") && d.contains("1 only in this answer, e.g. [4321, 2161.5]"), d);
        b.set(b.size() - 1 - 4321, List.of(4321L, 2160.5));
        assertEquals(Optional.empty(), Answers.difference(a, b, false, 1e-9));
    }
}
