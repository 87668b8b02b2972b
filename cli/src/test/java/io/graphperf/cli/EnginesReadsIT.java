package io.graphperf.cli;

import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.stats.VariantComparison;
import io.graphperf.workloads.Experiments;
import io.graphperf.workloads.reads.ReadsData;
import io.graphperf.workloads.reads.SocialQueries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * E2 on Neo4j, Kuzu, ArcadeDB and OrientDB side by side, from the command line: each engine loads the dataset with its own loader, passes
 * every result check, is measured over the embedded transport in its own JVM, is compared with the first, and leaves no
 * process behind.
 */
class EnginesReadsIT {

    static {
        Experiments.all();
    }

    @Test
    void neo4jKuzuLadybugArcadeDbOrientDbAndFalkorDbAnswerTheSameChecksAndAreComparedCellByCell(@TempDir Path dir) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "reads", "--engines", "neo4j,kuzu,ladybug,arcadedb,orientdb,falkordb", "--scale", "0.05", "--out", dir.toString(),
                "--dataset-cache", dir.resolve("ds").toString(), "--repeat-factor", "0.02", "--check-samples", "3", "--threads", "1,2", "--warmup", "300ms",
                "--duration", "1s", "--rates", "50", "--sweep-clients", "2", "--server-warmup", "0s", "--heap", "512m", "--page-cache", "256m");
        // (LadybugDB 0.22.0's read mix at 2 clients ran out of a 128 MiB buffer pool — "Buffer manager exception" — where Kuzu 0.11.2's did not)
        assertEquals(0, o.code(), o.failure());
        assertTrue(o.out().contains("neo4j #1 result checks") && o.out().contains("kuzu #1 result checks") && o.out().contains("arcadedb #1 result checks")
                && o.out().contains("orientdb #1 result checks") && o.out().contains("falkordb #1 result checks") && o.out().contains("ladybug #1 result checks"), o.out());
        assertTrue(o.out().contains("fastest on the read mix (2 clients, embedded)"), "the headline answers the question: " + o.out());
        Path runDir = WritesIT.onlyRun(dir);
        RunResult run = JsonExporter.read(runDir);
        assertTrue(run.passed(), run.failures().toString());
        assertEquals(List.of("neo4j", "kuzu", "ladybug", "arcadedb", "orientdb", "falkordb"), run.variants().stream().map(RunResult.VariantSettings::name).toList());
        for (RunResult.TrialData t : run.data()) {
            ReadsData d = (ReadsData) t.data();
            assertEquals(19 * 3, d.checksRun(), t.variant());
            assertEquals(d.checksRun(), d.checksPassed(), t.variant() + ": every answer equals the files'");
            assertEquals(19, d.queryTexts().size(), t.variant());
            assertTrue(d.notExpressible().isEmpty(), t.variant() + ": " + d.notExpressible());
        }
        assertEquals("kuzu", ((ReadsData) run.data().get(1).data()).dialect().id());
        assertTrue(((ReadsData) run.data().get(1).data()).queryTexts().get("q10").contains("list_sort"), "Kuzu ran its own text of q10");
        assertEquals("kuzu", ((ReadsData) run.data().get(2).data()).dialect().id(), "LadybugDB speaks Kuzu's Cypher");
        try (var trials = Files.list(runDir.resolve("trials"))) {
            Path ladybug = trials.filter(t -> t.getFileName().toString().contains("-ladybug-")).findFirst().orElseThrow();
            assertTrue(Files.readString(ladybug.resolve("run.json")).contains("noopRoundTripMicros"), "LadybugDB's boundary round trip is in its trial's run.json");
        }
        assertTrue(((ReadsData) run.data().get(3).data()).queryTexts().get("q10").startsWith("sql:"), "ArcadeDB ran its SQL");
        assertEquals("orientdb", ((ReadsData) run.data().get(4).data()).dialect().id());
        assertTrue(((ReadsData) run.data().get(4).data()).queryTexts().get("q10").contains("ORDER BY address"), "OrientDB ran its own text of q10");
        ReadsData falkor = (ReadsData) run.data().get(5).data();
        assertEquals("falkordb", falkor.dialect().id());
        assertTrue(falkor.queryTexts().get("q07").contains("algo.SPpaths") && falkor.queryTexts().get("q10").contains("list.sort"), "FalkorDB ran its own texts");
        for (var q : SocialQueries.all()) {
            for (String engine : List.of("neo4j", "kuzu", "ladybug", "arcadedb", "orientdb", "falkordb")) {
                Cell c = run.cells().stream().filter(x -> x.variant().equals(engine) && x.scenario().equals(q.id())).findFirst().orElseThrow();
                assertEquals("embedded", c.transport(), "like with like: every engine in its own process");
                assertTrue(c.verified(), engine + " " + q.id() + ": " + c.checks());
            }
        }
        VariantComparison vc = run.comparisons().get(0);
        assertEquals("neo4j", vc.baseline());
        assertEquals("kuzu", vc.variant());
        assertEquals("ladybug", run.comparisons().get(1).variant());
        assertEquals("arcadedb", run.comparisons().get(2).variant());
        assertEquals("orientdb", run.comparisons().get(3).variant());
        assertEquals("falkordb", run.comparisons().get(4).variant());
        assertTrue(vc.figures().size() >= 19 + 2, "every query and the mix compared: " + vc.figures().size());
        String html = Files.readString(runDir.resolve("report.html"));
        assertTrue(html.contains("id=\"engines\"") && html.contains("data-engine=\"kuzu\"") && html.contains("data-query=\"q19 one message by id (embedded, cypher)\""),
                "the report's engines × queries table");
        assertNoEngineHostLeft(dir);
    }

    /**
     * No engine host whose command line names the test's folder is still running, nor a FalkorDB server (its watchdog names the
     * folder; the server itself, whose process title is its address, is found by the pid its trials recorded).
     */
    static void assertNoEngineHostLeft(Path dir) {
        String mine = dir.toAbsolutePath().toString();
        List<String> left = ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                .map(p -> p.info().commandLine().orElse("")).filter(c -> c.contains(mine) && !c.contains("surefire") && !c.contains("failsafe")).toList();
        assertFalse(left.stream().anyMatch(c -> c.contains("HostMain") || c.contains("neo4j") || c.contains("redis-server") || c.contains("ladybug_server")),
                "engine hosts left running: " + left);
        for (long pid : recordedServerPids(dir)) assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "a server left running (FalkorDB's, LadybugDB's): pid " + pid);
    }

    /** The servers' pids (FalkorDB's, LadybugDB's) the run.json files under {@code dir} recorded. */
    static List<Long> recordedServerPids(Path dir) {
        try (var files = Files.walk(dir)) {
            List<Long> pids = new ArrayList<>();
            for (Path f : files.filter(f -> f.getFileName().toString().equals("run.json")).toList()) {
                var m = Pattern.compile("\"serverPid\" : (\\d+)").matcher(Files.readString(f));
                while (m.find()) pids.add(Long.parseLong(m.group(1)));
            }
            return pids;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
