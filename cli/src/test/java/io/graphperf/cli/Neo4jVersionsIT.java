package io.graphperf.cli;

import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.engines.neo4j.Neo4jRelease;
import io.graphperf.workloads.Experiments;
import io.graphperf.workloads.imports.ImportData;
import io.graphperf.workloads.reads.ReadsData;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The version question ("should we upgrade?"): Neo4j 2025 and 2026 side by side on E2, 2026 alone on E4 and E1 (5.26 is every other
 * IT's: ReadsIT runs it over every transport, WritesIT every writer; this class keeps to the suite's time), each in its own JVM on a
 * Java 21+ runtime, every answer and every acknowledged id checked, each trial's own engine and Java in its run.json, no process left.
 */
class Neo4jVersionsIT {

    static {
        Experiments.all();
    }

    @BeforeAll
    static void neo4j2025And2026CanRunHere() {
        for (Neo4jRelease r : List.of(Neo4jRelease.V2025, Neo4jRelease.V2026)) {
            Optional<String> why = r.whyNotRunnable(Home.get());
            assumeTrue(why.isEmpty(), () -> "Neo4j " + r.version() + " cannot run here: " + why.orElseThrow());
        }
    }

    @Test
    void readsAnswerTheSameChecksOnTwoVersionsOverEveryTransport(@TempDir Path dir) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "reads", "--engines", "neo4j:2025.10.1,neo4j:2026", "--scale", "0.05", "--out", dir.toString(),
                "--dataset-cache", dir.resolve("ds").toString(), "--repeat-factor", "0.02", "--check-samples", "3", "--threads", "2", "--warmup", "100ms",
                "--duration", "400ms", "--rates", "50", "--sweep-clients", "2", "--server-warmup", "0s", "--heap", "512m", "--page-cache", "128m",
                "--servers", "0", "--connections", "0", "--bolt-threads", "0", "--gateway-threads", "0", "--transports", "bolt,embedded,ws-bson", "--forms", "cypher");
        assertEquals(0, o.code(), o.failure());
        assertTrue(o.out().contains("neo4j:2025 #1 result checks") && o.out().contains("neo4j:2026 #1 result checks"), o.out());
        Path runDir = WritesIT.onlyRun(dir);
        RunResult run = JsonExporter.read(runDir);
        assertTrue(run.passed(), run.failures().toString());
        assertEquals(List.of("neo4j:2025", "neo4j:2026"), run.variants().stream().map(RunResult.VariantSettings::name).toList());
        for (RunResult.TrialData t : run.data()) {
            ReadsData d = (ReadsData) t.data();
            assertTrue(d.checksRun() >= 19 * 3, t.variant() + ": " + d.checksRun());
            assertEquals(d.checksRun(), d.checksPassed(), t.variant() + ": every answer equals the files'");
        }
        for (String engine : List.of("neo4j:2025", "neo4j:2026")) {
            for (String transport : List.of("bolt", "embedded", "ws-bson")) {
                assertTrue(run.cells().stream().anyMatch(c -> c.variant().equals(engine) && c.transport().equals(transport) && c.verified()),
                        engine + " measured and checked over " + transport);
            }
        }
        assertOwnEngine(runDir, "01-neo4j-2025-1", "2025.10.1");
        assertOwnEngine(runDir, "02-neo4j-2026-1", "2026.08.1");
        EnginesReadsIT.assertNoEngineHostLeft(dir);
    }

    @Test
    void writesKeepEveryAcknowledgedIdOn2026(@TempDir Path dir) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "writes", "--engine", "neo4j:2026", "--out", dir.toString(),
                "--scenarios", "create-labelled-indexed,unwind-100,batch-writer-durable-c8", "--transports", "bolt,embedded",
                "--warmup", "300ms", "--warmup-max", "2s", "--duration", "1s", "--server-warmup", "0s", "--heap", "512m", "--page-cache", "128m");
        assertEquals(0, o.code(), o.failure());
        RunResult run = JsonExporter.read(WritesIT.onlyRun(dir));
        assertTrue(run.passed(), run.failures().toString());
        for (String engine : List.of("neo4j:2026")) {
            List<Cell> mine = run.cells().stream().filter(c -> c.variant().equals(engine)).toList();
            assertTrue(mine.stream().anyMatch(c -> c.scenario().startsWith("batch-writer")), engine + ": the batch writer (graphperf's plugin) ran");
            for (Cell c : mine) assertTrue(c.verified() && c.measurement() != null && c.measurement().throughput().ops() > 0, engine + " "
                    + c.scenario() + "/" + c.transport() + ": " + c.checks());
        }
        EnginesReadsIT.assertNoEngineHostLeft(dir);
    }

    /** Neo4j 2026 alone: 5.26's import study, APOC's warm-up included, is ImportStudyIT's (each version's cold starts take minutes here). */
    @Test
    void importLoadsWithTheVersionsOwnImporterAndSaysWhatItCannotDo(@TempDir Path dir) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "import", "--engines", "neo4j:2026", "--dataset", "social", "--scale", "0.02",
                "--out", dir.toString(), "--dataset-cache", dir.resolve("ds").toString(), "--heap", "512m", "--page-cache", "128m",
                "--setting", "graphperf.host.class_archive=true"); // start times are not what this test checks: hosts start sooner
        assertEquals(0, o.code(), o.failure());
        Path runDir = WritesIT.onlyRun(dir);
        RunResult run = JsonExporter.read(runDir);
        assertTrue(run.passed(), run.failures().toString());
        assertEquals(1, run.data().size());
        RunResult.TrialData t = run.data().get(0);
        var study = ((ImportData) t.data()).studies().get(0);
        assertTrue(study.importPhase().nodes() > 0 && study.importPhase().badEntries() == 0, t.variant() + ": " + study.importPhase());
        assertTrue(!study.schema().isEmpty() && !study.probes().isEmpty(), t.variant() + ": the schema phase and the probes ran");
        assertTrue(study.warmups().stream().noneMatch(w -> w.method().startsWith("apoc")), t.variant() + ": no APOC warm-up where APOC does not load");
        assertTrue(study.warmups().stream().anyMatch(w -> w.method().startsWith("graphperf")), t.variant() + ": graphperf's own warm-up ran");
        assertTrue(study.notExpressible().containsKey("warm-up apoc.warmup.run"), t.variant() + ": " + study.notExpressible());
        assertTrue(run.warnings().stream().anyMatch(w -> w.contains("not expressible") && w.contains("Neo4j 2026.08.1") && w.contains("APOC")), run.warnings().toString());
        assertTrue(String.valueOf(run.environment().get("server.Neo4j Kernel")).contains("2026.08.1"), "the run names its engine: " + run.environment());
        assertTrue(Integer.parseInt(String.valueOf(run.environment().get("host.java")).split("\\.")[0]) >= 21, "on Java " + run.environment().get("host.java"));
        assertTrue(run.engine().contains("Neo4j 2026.08.1"), run.engine());
        EnginesReadsIT.assertNoEngineHostLeft(dir);
    }

    /** A trial's own run.json names its engine's version and the Java its host ran on. */
    private static void assertOwnEngine(Path runDir, String trial, String version) throws Exception {
        RunResult one = JsonExporter.read(runDir.resolve("trials").resolve(trial));
        Map<String, Object> env = one.environment();
        assertTrue(String.valueOf(env.get("server.Neo4j Kernel")).contains(version), trial + ": " + env);
        int java = Integer.parseInt(String.valueOf(env.get("host.java")).split("\\.")[0]);
        assertTrue(version.startsWith("202") ? java >= 21 : java >= 17, trial + " ran on Java " + env.get("host.java"));
        assertTrue(one.engine().contains("Neo4j " + version), one.engine());
        RunResult all = JsonExporter.read(runDir);
        assertTrue(String.valueOf(all.environment().get("engines")).contains("Neo4j " + version), "the run names every trial's engine: " + all.environment());
        assertTrue(Files.isRegularFile(runDir.resolve("trials").resolve(trial).resolve("report.html")));
    }
}
