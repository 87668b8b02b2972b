package io.graphperf.components.batchwriter.neo4j;

import io.graphperf.components.batchwriter.UnwindRewriter;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Which batched statements the applier's fast path takes, read as it reads them; everything else is left to Cypher. */
class FastCreateTest {

    private static FastCreate of(String statement) {
        return FastCreate.parse(UnwindRewriter.batched(statement));
    }

    @Test
    void oneNodeWithLabelsAndParameters() {
        assertEquals(List.of(":User", "user_id=$id"), of("CREATE (me:User {user_id:$id})").describe());
        assertEquals(List.of(":A", ":B", "x=$p", "y=$q"), of("create ( :A : B { x : $p , y: $q } )").describe());
        assertEquals(List.of(":Empty"), of("CREATE (:Empty)").describe());
    }

    @Test
    void everythingElseGoesToCypher() {
        for (String s : List.of("CREATE (n {id: $id})", "CREATE (n:User {id: 'x'})", "CREATE (n:User {id: $id + 1})", "CREATE (n:`Odd label` {id: $id})",
                "CREATE (n:User {`odd key`: $id})", "CREATE (n:User {id: $`odd param`})", "CREATE (n:User {id: $id, id: $other})",
                "CREATE (a:A {id: $id})-[:R]->(b:B)", "CREATE (a:A {id: $id}), (b:B)", "CREATE (a:A {id: $id}) CREATE (b:B)",
                "CREATE (n:User {m: {id: $id}})", "MERGE (n:User {id: $id})", "CREATE (n:User {id: $0})")) {
            assertNull(of(s), s);
        }
    }
}
