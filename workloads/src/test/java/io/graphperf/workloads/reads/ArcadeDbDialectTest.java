package io.graphperf.workloads.reads;

import io.graphperf.core.engine.DialectName;
import io.graphperf.studies.Expressed;
import io.graphperf.studies.reads.SocialQuery;
import io.graphperf.workloads.cells.IdCheck;
import io.graphperf.workloads.cells.Scenario;
import io.graphperf.workloads.writes.WriteDialects;
import io.graphperf.workloads.writes.WriteScenarios;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ArcadeDB's texts: E2 in its SQL, E4's scenarios in its SQL with the ids read back in SQL, and what it cannot express named. */
class ArcadeDbDialectTest {

    private static final DialectName ARCADEDB = DialectName.of("arcadedb");

    @Test
    void everyQueryHasItsSqlTextAndGroupIsPassedUnderAnotherName() {
        for (SocialQuery q : SocialQueries.all()) {
            Expressed<String> t = SocialDialects.text(q, ARCADEDB);
            assertTrue(t.form().orElse("").startsWith("sql:"), q.id() + ": " + t);
        }
        assertEquals(Map.of("groupKey", 3), SocialDialects.parameters(ARCADEDB, Map.of("group", 3)));
        assertTrue(SocialDialects.schema(ARCADEDB).stream().allMatch(s -> s.startsWith("sql:CREATE INDEX") && s.endsWith("UNIQUE")));
    }

    @Test
    void writeScenariosAreInSqlWithTheirIdsReadBackInSql() {
        int written = 0, not = 0;
        for (Scenario s : WriteScenarios.all()) {
            Expressed<Scenario> w = WriteDialects.ALL.in(s, ARCADEDB);
            if (w.form().isEmpty()) {
                assertFalse(w.whyNot().orElseThrow().isBlank(), s.id());
                not++;
                continue;
            }
            written++;
            Scenario x = w.form().get();
            assertTrue(x.setup().get(0).contains("BUCKETS") && x.setup().get(1).contains("`thread`"), x.setup().toString());
            assertTrue(x.checks().stream().filter(c -> c instanceof IdCheck).allMatch(c -> "User".equals(((IdCheck) c).summedType())), s.id());
            assertTrue(x.query().startsWith("sql") , x.query());
        }
        assertTrue(written >= 10 && not > 0, written + " written, " + not + " not expressible");
        assertTrue(WriteDialects.ALL.in(scenario("create-unlabelled"), ARCADEDB).whyNot().orElseThrow().contains("no unlabelled vertex"));
        assertTrue(WriteDialects.ALL.in(scenario("unwind-1000"), ARCADEDB).form().orElseThrow().query().startsWith("sqlscript:FOREACH"));
    }

    private static Scenario scenario(String id) {
        return WriteScenarios.all().stream().filter(s -> s.id().equals(id)).findFirst().orElseThrow();
    }
}
