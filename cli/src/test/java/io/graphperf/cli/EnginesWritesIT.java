package io.graphperf.cli;

import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.workloads.safety.SafetyLedger;
import io.graphperf.workloads.Experiments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * E4 on Neo4j and Kuzu side by side, from the command line: the same scenarios measured inside each engine's own JVM by
 * several clients at once, every acknowledged id found once in each store, the scenarios Kuzu's Cypher cannot write named
 * with why, and no process left behind.
 */
class EnginesWritesIT {

    static {
        Experiments.all();
    }

    @Test
    void neo4jKuzuAndLadybugWriteTheSameIdsEachCheckedById(@TempDir Path dir) throws Exception {
        // LadybugDB 0.21.2 failed its last safety study here (a ledger of this test's own): the run carries the flag
        Path ledger = Files.createDirectories(dir.resolve("ledger"));
        Files.writeString(ledger.resolve("ladybug_0.21.2.json"), "{\"engine\":\"ladybug:0.21.2\",\"started\":\"LadybugDB 0.21.2\",\"safe\":false,"
                + "\"verdict\":\"UNSAFE: 1 check(s) failed, 3 acknowledged lost\",\"at\":\"2026-12-02T08:00:00Z\",\"run\":\"results/x-safety\"}");
        String before = System.getProperty(SafetyLedger.PROPERTY);
        System.setProperty(SafetyLedger.PROPERTY, ledger.toString());
        CliErrorsTest.Outcome o;
        try {
            o = CliErrorsTest.cli("run", "writes", "--engines", "neo4j,kuzu,ladybug:0.21.2", "--out", dir.resolve("out").toString(),
                    "--scenarios", "create-labelled,create-labelled-indexed,tx1000-labelled-indexed,unwind-100,call-in-tx,foreach-100",
                    "--clients", "4", "--warmup", "300ms", "--warmup-max", "2s", "--duration", "1s", "--server-warmup", "0s", "--heap", "512m", "--page-cache", "128m");
        } finally {
            if (before == null) System.clearProperty(SafetyLedger.PROPERTY);
            else System.setProperty(SafetyLedger.PROPERTY, before);
        }
        assertEquals(0, o.code(), o.failure());
        Path runDir = WritesIT.onlyRun(dir.resolve("out"));
        RunResult run = JsonExporter.read(runDir);
        assertTrue(run.passed(), run.failures().toString());
        assertTrue(o.err().contains("engine ladybug:0.21.2 failed graphperf's safety study"), o.err());
        assertTrue(run.warnings().stream().anyMatch(w -> w.startsWith("engine ladybug:0.21.2 failed graphperf's safety study") && w.contains("3 acknowledged lost")),
                "the flag in run.json: " + run.warnings());
        assertTrue(run.warnings().stream().noneMatch(w -> w.startsWith("engine kuzu") || w.startsWith("engine neo4j")), run.warnings().toString());
        assertEquals(List.of("neo4j", "kuzu", "ladybug:0.21.2"), run.variants().stream().map(RunResult.VariantSettings::name).toList(),
                "LadybugDB at a version other than its default, fetched at first use");
        Set<String> neo4j = scenarios(run, "neo4j"), kuzu = scenarios(run, "kuzu");
        assertEquals(Set.of("create-labelled", "create-labelled-indexed", "tx1000-labelled-indexed", "unwind-100", "call-in-tx", "foreach-100"), neo4j);
        assertEquals(Set.of("create-labelled", "create-labelled-indexed", "tx1000-labelled-indexed", "unwind-100"), kuzu,
                "Kuzu's Cypher has no FOREACH and no CALL {} IN TRANSACTIONS");
        assertEquals(kuzu, scenarios(run, "ladybug:0.21.2"), "LadybugDB speaks Kuzu's Cypher");
        for (Cell c : run.cells()) {
            assertEquals("embedded", c.transport(), "like with like: every engine measured in its own process");
            assertTrue(c.verified() && !c.checks().isEmpty(), c.variant() + " " + c.scenario() + ": " + c.checks());
            assertTrue(c.measurement().outcomes().acknowledgedOps() > 0, c.variant() + " " + c.scenario());
            assertEquals(0, c.measurement().outcomes().errors(), c.variant() + " " + c.scenario() + ": " + c.measurement().outcomes().errorSamples());
        }
        Cell indexed = run.cells().stream().filter(c -> c.variant().equals("kuzu") && c.scenario().equals("create-labelled-indexed")).findFirst().orElseThrow();
        assertTrue(indexed.query().contains("PRIMARY KEY(user_id)"), "the report shows the table Kuzu's cell wrote to: " + indexed.query());
        assertTrue(run.warnings().stream().anyMatch(w -> w.contains("foreach-100 (Kuzu's Cypher has no FOREACH)")), run.warnings().toString());
        assertFalse(run.comparisons().isEmpty(), "kuzu compared with neo4j cell by cell");
        EnginesReadsIT.assertNoEngineHostLeft(dir.resolve("out"));
    }

    /**
     * ArcadeDB 26.10.2, a version from a pinned wheel's jars on Java 21+: its scenarios written and every id checked as on 25.3.1; the
     * second run takes the jars from graphperf's cache (nothing fetched: it would run offline).
     */
    @Test
    void arcadeDb26RunsFromItsWheelsJarsAndTheSecondRunFetchesNothing(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(io.graphperf.core.engine.JavaRuntimes.atLeast(21).isPresent(), "ArcadeDB 26 needs a Java 21+ here");
        for (int run = 1; run <= 2; run++) {
            Path out = dir.resolve("run" + run);
            CliErrorsTest.Outcome o = arcadeDbWrites("arcadedb:26.10.2", out, "create-labelled-indexed,unwind-100");
            RunResult result = JsonExporter.read(WritesIT.onlyRun(out));
            assertEquals(Set.of("create-labelled-indexed", "unwind-100"), scenarios(result, "arcadedb:26.10.2"));
            for (Cell c : result.cells()) {
                assertTrue(c.measurement().outcomes().acknowledgedOps() > 0 && c.checks().stream().anyMatch(ch -> ch.what().contains("by id")
                        && ch.passed()), c.scenario() + ": " + c.checks());
            }
            assertTrue(Files.readString(WritesIT.onlyRun(out).resolve("run.json")).contains("embedded ArcadeDB 26.10.2"), "run.json names the version it ran");
            if (run == 2) assertFalse(o.err().contains("fetching ArcadeDB"), "the second run fetched nothing: " + o.err());
            EnginesReadsIT.assertNoEngineHostLeft(out);
        }
    }

    /** E4 on an ArcadeDB version, one client, short cells; the run must pass (every check, exit 0). */
    private static CliErrorsTest.Outcome arcadeDbWrites(String engine, Path out, String scenarios) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "writes", "--engine", engine, "--out", out.toString(), "--scenarios", scenarios,
                "--clients", "1", "--warmup", "300ms", "--warmup-max", "2s", "--duration", "1s", "--server-warmup", "0s", "--heap", "512m", "--page-cache", "128m");
        assertEquals(0, o.code(), o.failure());
        RunResult run = JsonExporter.read(WritesIT.onlyRun(out));
        assertTrue(run.passed(), run.failures().toString());
        return o;
    }

    /**
     * ArcadeDB's scenarios in its SQL, each acknowledged id summed up by its host and checked. One client: with several, ArcadeDB
     * 25.3.1 loses acknowledged records of many-record transactions (docs/engines.md), which this check would report.
     */
    @Test
    void arcadeDbWritesInItsSqlAndEveryIdIsChecked(@TempDir Path dir) throws Exception {
        arcadeDbWrites("arcadedb", dir, "create-labelled-indexed,unwind-100,call-in-tx");
        RunResult run = JsonExporter.read(WritesIT.onlyRun(dir));
        assertEquals(Set.of("create-labelled-indexed", "unwind-100"), scenarios(run, "arcadedb"));
        Cell unwind = run.cells().stream().filter(c -> c.scenario().equals("unwind-100")).findFirst().orElseThrow();
        assertTrue(unwind.query().startsWith("sqlscript:FOREACH"), "the report shows ArcadeDB's text: " + unwind.query());
        for (Cell c : run.cells()) {
            assertTrue(c.measurement().outcomes().acknowledgedOps() > 0 && c.checks().stream().anyMatch(ch -> ch.what().contains("by id")
                    && ch.passed()), c.scenario() + ": " + c.checks());
        }
        assertTrue(run.warnings().stream().anyMatch(w -> w.contains("call-in-tx (ArcadeDB has no CALL {} IN TRANSACTIONS")), run.warnings().toString());
        EnginesReadsIT.assertNoEngineHostLeft(dir);
    }

    /**
     * OrientDB's scenarios in its SQL with 8 clients, each acknowledged id summed up by its host and checked (an unlabelled node a record of
     * the base class V); FOREACH as a script of 100 vertex and edge pairs, both counted.
     */
    @Test
    void orientDbWritesInItsSqlAndEveryIdOfEightClientsIsChecked(@TempDir Path dir) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "writes", "--engine", "orientdb", "--out", dir.toString(),
                "--scenarios", "create-labelled-indexed,unwind-100,create-unlabelled,foreach-100,call-in-tx", "--clients", "8", "--warmup", "300ms",
                "--warmup-max", "2s", "--duration", "1s", "--server-warmup", "0s", "--heap", "512m", "--page-cache", "128m");
        assertEquals(0, o.code(), o.failure());
        RunResult run = JsonExporter.read(WritesIT.onlyRun(dir));
        assertTrue(run.passed(), run.failures().toString());
        assertEquals(Set.of("create-labelled-indexed", "unwind-100", "create-unlabelled", "foreach-100"), scenarios(run, "orientdb"));
        Cell unwind = run.cells().stream().filter(c -> c.scenario().equals("unwind-100")).findFirst().orElseThrow();
        assertTrue(unwind.query().startsWith("script:FOREACH"), "the report shows OrientDB's text: " + unwind.query());
        for (Cell c : run.cells()) {
            boolean counted = c.scenario().equals("foreach-100");
            assertTrue(c.verified() && c.measurement().outcomes().acknowledgedOps() > 0 && c.checks().stream().anyMatch(ch -> ch.what().contains(counted ? "edges" : "by id")
                    && ch.passed()), c.scenario() + ": " + c.checks());
        }
        assertTrue(run.warnings().stream().anyMatch(w -> w.contains("call-in-tx (OrientDB has no CALL {} IN TRANSACTIONS")), run.warnings().toString());
        EnginesReadsIT.assertNoEngineHostLeft(dir);
    }

    /**
     * FalkorDB's scenarios in its Cypher with 8 clients over the Redis protocol, each acknowledged id checked; its durability named
     * (appendfsync always, every write forced before its reply); the server gone afterwards.
     */
    @Test
    void falkorDbWritesTheStudysStatementsAndEveryIdOfEightClientsIsChecked(@TempDir Path dir) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "writes", "--engine", "falkordb", "--out", dir.toString(),
                "--scenarios", "create-labelled-indexed,tx1000-labelled-indexed,unwind-100,foreach-100,create-unlabelled,call-in-tx", "--clients", "8",
                "--warmup", "300ms", "--warmup-max", "2s", "--duration", "1s", "--heap", "256m");
        assertEquals(0, o.code(), o.failure());
        Path runDir = WritesIT.onlyRun(dir);
        RunResult run = JsonExporter.read(runDir);
        assertTrue(run.passed(), run.failures().toString());
        assertEquals(Set.of("create-labelled-indexed", "tx1000-labelled-indexed", "unwind-100", "foreach-100", "create-unlabelled"), scenarios(run, "falkordb"));
        for (Cell c : run.cells()) {
            assertTrue(c.verified() && !c.checks().isEmpty() && c.measurement().outcomes().acknowledgedOps() > 0, c.scenario() + ": " + c.checks());
            assertEquals(0, c.measurement().outcomes().errors(), c.scenario() + ": " + c.measurement().outcomes().errorSamples());
        }
        assertTrue(run.cells().stream().filter(c -> c.scenario().equals("create-labelled-indexed")).findFirst().orElseThrow().checks().stream()
                .anyMatch(ch -> ch.what().contains("by id") && ch.passed()), "every acknowledged id looked for");
        assertTrue(run.warnings().stream().anyMatch(w -> w.contains("call-in-tx (FalkorDB's Cypher has no CALL {} IN TRANSACTIONS)")), run.warnings().toString());
        String json = Files.readString(runDir.resolve("run.json"));
        assertTrue(json.contains("\"appendfsync\" : \"always\"") && json.contains("pingRoundTripMicros"), "the durability and the protocol's round trip are in run.json");
        EnginesReadsIT.assertNoEngineHostLeft(dir);
        assertFalse(EnginesReadsIT.recordedServerPids(dir).isEmpty(), "the server's pid was recorded, so the check above looked for it");
    }

    private static Set<String> scenarios(RunResult run, String engine) {
        return run.cells().stream().filter(c -> c.variant().equals(engine)).map(Cell::scenario).collect(Collectors.toSet());
    }
}
