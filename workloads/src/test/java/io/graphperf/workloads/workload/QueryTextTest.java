package io.graphperf.workloads.workload;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QueryTextTest {

    @Test
    void parametersAreNamedOutsideLiteralsAndComments() {
        assertEquals(List.of("person", "since", "odd name"), QueryText.parameters(
                "MATCH (p {id: $person}) // not $this\nWHERE p.note <> '$not' AND p.x > $since AND p.y = $`odd name` /* nor $that */ RETURN p, $person", false));
        assertEquals(List.of("person", "ids"), QueryText.parameters("SELECT FROM Person WHERE k = :person AND j IN :ids AND t = ':quoted'", true));
        assertEquals(List.of(), QueryText.parameters("sql:SELECT FROM Person WHERE x = 1", true), "sql: is a prefix, not a parameter");
        assertEquals(List.of(), QueryText.parameters("MATCH (n:Person) RETURN n", false), "a label is no parameter in Cypher");
    }

    @Test
    void anOrderByOutsideLiteralsOrdersTheRows() {
        assertTrue(QueryText.ordered("MATCH (n) RETURN n.k ORDER BY n.k"));
        assertTrue(QueryText.ordered("MATCH (n) RETURN n.k order\n  by n.k DESC"));
        assertFalse(QueryText.ordered("MATCH (n) WHERE n.s = 'ORDER BY' RETURN n // ORDER BY"));
    }

    @Test
    void aSetupScriptSplitsAtSemicolonsOutsideLiterals() {
        assertEquals(List.of("CREATE (:A {t: 'a;b'})", "// comment\nCREATE (:B)", "MATCH (n) RETURN n\n// trailing ; comment"),
                SetupScript.statements("CREATE (:A {t: 'a;b'});\n// comment\nCREATE (:B);\n\n  ;MATCH (n) RETURN n\n// trailing ; comment\n"));
    }
}
