package io.graphperf.cli;

import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.RunResult;
import io.graphperf.datagen.Manifest;
import io.graphperf.workloads.Experiments;
import io.graphperf.workloads.imports.ImportData;
import io.graphperf.workloads.imports.ImportStudyResult;
import io.graphperf.workloads.imports.ProbeResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * E1 on Neo4j, Kuzu, ArcadeDB and OrientDB side by side, from the command line: the same generated files loaded by each engine's own loader,
 * every node and relationship the manifest promises in each store, the engine started cold and probed by key, the phases
 * Kuzu cannot do named with why, each phase compared with Neo4j's, and no process left behind.
 */
class EnginesImportIT {

    static {
        Experiments.all();
    }

    @Test
    void eachEngineLoadsTheSameFilesWithItsOwnLoader(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("datasets");
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "import", "--engines", "neo4j,kuzu,ladybug,arcadedb,orientdb,falkordb", "--dataset", "social", "--scale", "0.02", "--out", dir.toString(),
                "--dataset-cache", cache.toString(), "--heap", "512m", "--page-cache", "128m");
        assertEquals(0, o.code(), o.failure());
        Path runDir = WritesIT.onlyRun(dir);
        RunResult run = JsonExporter.read(runDir);
        assertTrue(run.passed(), run.failures().toString());
        assertEquals(List.of("neo4j", "kuzu", "ladybug", "arcadedb", "orientdb", "falkordb"), run.variants().stream().map(RunResult.VariantSettings::name).toList());
        Manifest m = Manifest.read(cache.resolve("social-0.02-seed1"));
        for (RunResult.TrialData t : run.data()) {
            ImportStudyResult i = ((ImportData) t.data()).studies().get(0);
            assertEquals(m.totalNodes(), i.importPhase().nodes(), t.variant());
            assertEquals(m.totalRelationships(), i.importPhase().relationships(), t.variant());
            assertEquals(0, i.importPhase().badEntries(), t.variant());
            assertTrue(i.importPhase().peakRssBytes() > 0 && i.importPhase().storeBytes() > 0 && i.startSeconds() > 0, t.variant());
            ProbeResult lookup = i.probes().stream().filter(p -> p.name().equals("lookup by key")).findFirst().orElseThrow();
            assertTrue(lookup.samples() > 0 && lookup.latencyMs().containsKey("cold"), t.variant() + ": " + lookup);
        }
        ImportStudyResult neo4j = ((ImportData) run.data().get(0).data()).studies().get(0), kuzu = ((ImportData) run.data().get(1).data()).studies().get(0);
        assertTrue(neo4j.notExpressible().isEmpty() && !neo4j.schema().isEmpty() && neo4j.warmups().size() == 2);
        assertTrue(kuzu.schema().isEmpty() && kuzu.warmups().isEmpty(), "Kuzu indexes its keys while loading and has no warm-up procedure");
        assertTrue(kuzu.notExpressible().get("schema").contains("primary key") && kuzu.notExpressible().containsKey("warm-up"), kuzu.notExpressible().toString());
        assertTrue(kuzu.importPhase().command().contains("COPY"), kuzu.importPhase().command());
        assertTrue(run.cells().stream().anyMatch(c -> c.variant().equals("kuzu") && c.scenario().equals("import")));
        assertFalse(run.cells().stream().anyMatch(c -> c.variant().equals("kuzu") && c.scenario().equals("schema-total")), "no schema phase shown as 0 s");
        ImportStudyResult ladybug = ((ImportData) run.data().get(2).data()).studies().get(0);
        assertTrue(ladybug.schema().isEmpty() && ladybug.importPhase().command().contains("COPY") && ladybug.importPhase().command().contains("LadybugDB"),
                "LadybugDB loads by Kuzu's COPY: " + ladybug.importPhase());
        ImportStudyResult arcade = ((ImportData) run.data().get(3).data()).studies().get(0);
        assertEquals(neo4j.schema().size(), arcade.schema().size(), "ArcadeDB builds the same indexes in its schema phase: " + arcade.schema());
        assertTrue(arcade.warmups().isEmpty() && arcade.notExpressible().containsKey("warm-up"), arcade.notExpressible().toString());
        assertTrue(arcade.importPhase().command().contains("Java API"), arcade.importPhase().command());
        ImportStudyResult orient = ((ImportData) run.data().get(4).data()).studies().get(0);
        assertEquals(neo4j.schema().size(), orient.schema().size(), "OrientDB builds the same indexes in its schema phase: " + orient.schema());
        assertTrue(orient.warmups().isEmpty() && orient.notExpressible().containsKey("warm-up"), orient.notExpressible().toString());
        assertTrue(orient.importPhase().command().contains("OrientDB's Java API"), orient.importPhase().command());
        ImportStudyResult falkor = ((ImportData) run.data().get(5).data()).studies().get(0);
        assertEquals(neo4j.schema().size(), falkor.schema().size(), "FalkorDB builds the same indexes and unique constraints: " + falkor.schema());
        assertTrue(falkor.schema().stream().anyMatch(st -> st.statement().contains("GRAPH.CONSTRAINT CREATE")), falkor.schema().toString());
        assertEquals(1, falkor.warmups().size(), "graphperf's query warm-up runs on FalkorDB, APOC's is Neo4j's: " + falkor.warmups());
        assertTrue(falkor.importPhase().command().contains("FalkorDB's Cypher") && falkor.importPhase().stages().containsKey("store written"), falkor.importPhase().toString());
        assertFalse(run.comparisons().isEmpty(), "kuzu's phases compared with neo4j's");
        String html = Files.readString(runDir.resolve("report.html"));
        assertTrue(html.contains("id=\"import-engines\"") && html.contains("data-engine=\"kuzu\""), "the engines side by side");
        assertTrue(html.contains("not-expressible"), "the report says which phases Kuzu cannot do");
        EnginesReadsIT.assertNoEngineHostLeft(dir);
    }
}
