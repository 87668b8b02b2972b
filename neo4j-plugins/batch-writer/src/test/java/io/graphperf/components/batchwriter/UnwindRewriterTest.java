package io.graphperf.components.batchwriter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Single writes become one UNWIND over their parameter maps; literals, quoted names and comments keep their dollars. */
class UnwindRewriterTest {

    @Test
    void parametersBecomeRowFields() {
        assertEquals("UNWIND $rows AS row CALL (row) { MERGE (:User {user_id: row.id, name: row.name}) }",
                UnwindRewriter.batched("MERGE (:User {user_id: $id, name: $name})"));
        assertEquals("MERGE (u:User {id: row.`user id`}) SET u.n = row.`0`",
                UnwindRewriter.rewriteParameters("MERGE (u:User {id: $`user id`}) SET u.n = $0"));
    }

    /** CREATE clauses alone need no subquery; anything that could filter, read or combine rows keeps it. */
    @Test
    void onlyCreateClausesGoWithoutTheSubquery() {
        assertEquals("UNWIND $rows AS row CREATE (:User {user_id: row.id, name: row.name})",
                UnwindRewriter.batched("CREATE (:User {user_id: $id, name: $name})"));
        assertEquals("UNWIND $rows AS row create (a:A {id: row.a})-[:R {w: 'MATCH $x'}]->(b:B) CREATE (c:`SET`) // RETURN",
                UnwindRewriter.batched("create (a:A {id: $a})-[:R {w: 'MATCH $x'}]->(b:B) CREATE (c:`SET`) // RETURN"));
        for (String other : new String[]{"CREATE (n:User {id: $id}) RETURN n", "CREATE (n:User) SET n.id = $id", "MATCH (a {id: $a}) CREATE (a)-[:R]->(:B)",
                "CREATE (n:User {id: $id}) WITH n MATCH (m) CREATE (n)-[:R]->(m)", "CREATE (n:User {id: $id}); CREATE (m)", "  // CREATE\n MERGE (n {id: $id})",
                "CREATE (n:User {ids: [x IN $ids | x]})", "CALL { CREATE (n {id: $id}) }"}) {
            assertTrue(UnwindRewriter.batched(other).contains(" CALL (row) { "), other);
        }
    }

    @Test
    void literalsQuotedNamesAndCommentsAreLeftAlone() {
        assertEquals("CREATE (n {price: '$10', note: \"it's $x\", `$odd`: row.v}) // costs $5\n/* $y */ SET n.w = row.w",
                UnwindRewriter.rewriteParameters("CREATE (n {price: '$10', note: \"it's $x\", `$odd`: $v}) // costs $5\n/* $y */ SET n.w = $w"));
        assertEquals("RETURN 'a''$b', 'c\\'$d', row.e", UnwindRewriter.rewriteParameters("RETURN 'a''$b', 'c\\'$d', $e"));
    }
}
