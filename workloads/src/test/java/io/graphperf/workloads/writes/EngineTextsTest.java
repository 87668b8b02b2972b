package io.graphperf.workloads.writes;

import io.graphperf.core.engine.DialectName;
import io.graphperf.studies.Expressed;
import io.graphperf.studies.Dialect;
import io.graphperf.core.measure.IdWrites;
import io.graphperf.workloads.cells.CountCheck;
import io.graphperf.workloads.cells.IdCheck;
import io.graphperf.workloads.cells.Scenario;
import io.graphperf.workloads.imports.ImportDataset;
import io.graphperf.workloads.imports.ImportDialect;
import io.graphperf.workloads.imports.SchemaPhase;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * E1's and E4's texts come from the engines' modules: every module's dialect gives both, every E4 scenario is either written with
 * a check of what it wrote or named not expressible with a reason, and a dialect no module gives is refused, never guessed.
 */
class EngineTextsTest {

    private static final ImportDataset DATASET = new ImportDataset("t", 1, Path.of("t"), List.of(), new LinkedHashMap<>(Map.of("Person", "id")),
            List.of(new SchemaPhase.Step("person_name", "CREATE INDEX person_name FOR (n:Person) ON (n.name)", "Person", "name")), "Person", 0, 0, 0);

    @Test
    void everyModulesDialectWritesEveryScenarioOrSaysWhyNot() {
        Set<DialectName> dialects = Dialect.all().keySet();
        assertEquals(Set.of("arcadedb", "falkordb", "kuzu", "orientdb"), new TreeSet<>(dialects.stream().map(DialectName::id).toList()),
                "each engine module's dialect is found");
        for (DialectName d : dialects) {
            int written = 0;
            for (Scenario s : WriteScenarios.all()) {
                Expressed<Scenario> w = WriteDialects.ALL.in(s, d);
                if (w.form().isEmpty()) {
                    assertFalse(w.whyNot().orElseThrow().isBlank(), d + " " + s.id() + ": a reason");
                    continue;
                }
                written++;
                Scenario x = w.form().get();
                assertEquals(s.id(), x.id());
                assertFalse(x.query().isBlank(), d + " " + s.id() + ": its text is shown");
                assertTrue(x.checks().stream().anyMatch(c -> c instanceof IdCheck || c instanceof CountCheck), d + " " + s.id() + ": what it wrote is checked");
                if (x.operations() instanceof IdWrites ids && s.operations() instanceof IdWrites study) {
                    assertEquals(study.shape(), ids.shape(), d + " " + s.id());
                    assertEquals(study.perOperation(), ids.perOperation(), d + " " + s.id());
                }
            }
            assertTrue(written >= 3, d + " writes at least the labelled creates and UNWIND: " + written);
            assertTrue(WriteDialects.ALL.in(WriteScenarios.all().stream().filter(s -> s.id().startsWith("batch-writer")).findFirst().orElseThrow(), d)
                    .whyNot().orElseThrow().contains("Neo4j plugin"), d + ": the batch writer is Neo4j's");
        }
    }

    @Test
    void everyModulesDialectHasE1sStatementsOrSaysWhichPhaseItCannotDo() {
        for (DialectName d : Dialect.all().keySet()) {
            ImportDialect i = ImportDialect.of(d);
            List<SchemaPhase.Step> schema = i.schema(DATASET);
            if (schema.isEmpty()) assertNotNull(i.notExpressible().get("schema"), d + ": no schema phase, and why");
            else assertEquals(DATASET.schemaSteps().size(), schema.size(), d + ": each of the study's indexes");
            if (i.warmups(DATASET).isEmpty()) assertNotNull(i.notExpressible().get("warm-up"), d + ": no warm-up, and why");
            assertEquals(3, i.probes("Person", "id").size(), d.id());
            assertTrue(i.sampleKeys("Person", "id", 1000, 10).endsWith("LIMIT 10"), d + ": as many keys as asked for");
        }
    }

    @Test
    void aDialectNoModuleGivesIsNamedNotGuessed() {
        Scenario s = WriteScenarios.all().get(0);
        DialectName gremlin = DialectName.of("gremlin");
        assertTrue(WriteDialects.ALL.in(s, gremlin).whyNot().orElseThrow().contains("written for Neo4j's Cypher only, not for gremlin's"));
        assertThrows(IllegalArgumentException.class, () -> ImportDialect.of(gremlin));
        assertEquals(s, WriteDialects.ALL.in(s, DialectName.NEO4J).form().orElseThrow(), "Neo4j's are the study's own");
    }
}
