package io.graphperf.components.batchwriter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Single writes become one UNWIND over their parameter maps; literals, quoted names and comments keep their dollars. */
class UnwindRewriterTest {

    @Test
    void parametersBecomeRowFields() {
        assertEquals("UNWIND $rows AS row CALL (row) { CREATE (:User {user_id: row.id, name: row.name}) }",
                UnwindRewriter.batched("CREATE (:User {user_id: $id, name: $name})"));
        assertEquals("MERGE (u:User {id: row.`user id`}) SET u.n = row.`0`",
                UnwindRewriter.rewriteParameters("MERGE (u:User {id: $`user id`}) SET u.n = $0"));
    }

    @Test
    void literalsQuotedNamesAndCommentsAreLeftAlone() {
        assertEquals("CREATE (n {price: '$10', note: \"it's $x\", `$odd`: row.v}) // costs $5\n/* $y */ SET n.w = row.w",
                UnwindRewriter.rewriteParameters("CREATE (n {price: '$10', note: \"it's $x\", `$odd`: $v}) // costs $5\n/* $y */ SET n.w = $w"));
        assertEquals("RETURN 'a''$b', 'c\\'$d', row.e", UnwindRewriter.rewriteParameters("RETURN 'a''$b', 'c\\'$d', $e"));
    }
}
