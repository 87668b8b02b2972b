package io.graphperf.workloads.reads;

import io.graphperf.studies.reads.SocialQuery;
import io.graphperf.workloads.cells.IdCheck;
import io.graphperf.workloads.cells.Scenario;
import io.graphperf.workloads.cells.ScenarioDialects;
import io.graphperf.workloads.writes.WriteDialects;
import io.graphperf.workloads.writes.WriteScenarios;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ArcadeDB's texts: E2 in its SQL, E4's scenarios in its SQL with the ids read back in SQL, and what it cannot express named. */
class ArcadeDbDialectTest {

    @Test
    void everyQueryHasItsSqlTextAndGroupIsPassedUnderAnotherName() {
        for (SocialQuery q : SocialQueries.all()) {
            SocialDialects.Text t = SocialDialects.text(q, "arcadedb");
            assertTrue(t.expressible() && t.text().startsWith("sql:"), q.id() + ": " + t);
        }
        assertEquals(Map.of("groupKey", 3), SocialDialects.parameters("arcadedb", Map.of("group", 3)));
        assertTrue(SocialDialects.schema("arcadedb").stream().allMatch(s -> s.startsWith("sql:CREATE INDEX") && s.endsWith("UNIQUE")));
    }

    @Test
    void writeScenariosAreInSqlWithTheirIdsReadBackInSql() {
        int written = 0, not = 0;
        for (Scenario s : WriteScenarios.all()) {
            ScenarioDialects.Written w = WriteDialects.ALL.in(s, "arcadedb");
            if (w.scenario() == null) {
                assertNotNull(w.whyNot(), s.id());
                not++;
                continue;
            }
            written++;
            assertTrue(w.scenario().setup().get(0).contains("BUCKETS") && w.scenario().setup().get(1).contains("`thread`"), w.scenario().setup().toString());
            assertTrue(w.scenario().checks().stream().filter(c -> c instanceof IdCheck).allMatch(c -> "User".equals(((IdCheck) c).summedType())), s.id());
            assertTrue(w.scenario().query().startsWith("sql") , w.scenario().query());
        }
        assertTrue(written >= 10 && not > 0, written + " written, " + not + " not expressible");
        assertTrue(WriteDialects.ALL.in(scenario("create-unlabelled"), "arcadedb").whyNot().contains("no unlabelled vertex"));
        assertTrue(WriteDialects.ALL.in(scenario("unwind-1000"), "arcadedb").scenario().query().startsWith("sqlscript:FOREACH"));
    }

    private static Scenario scenario(String id) {
        return WriteScenarios.all().stream().filter(s -> s.id().equals(id)).findFirst().orElseThrow();
    }
}
