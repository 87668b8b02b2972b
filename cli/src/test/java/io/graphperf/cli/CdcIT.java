package io.graphperf.cli;

import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * E5 end to end: graphperf starts Kafka (KRaft) and two Neo4j hosts with its change source and sink, runs series, the open model and one
 * round of each fault, checks every event against the source and in the topic itself, and leaves no process or broker folder behind —
 * after success, after a failure and after Ctrl-C. The main run is made under stress: two busy loops take the CPU, and 16 clients commit
 * tiny transactions at 1,000 changes a second in the open model and 100 transactions a second in every fault round (on through each
 * restart: a round lasts as long as its process takes to come back).
 */
class CdcIT {

    @Test
    void seriesOpenModelAndEveryFaultLoseNothingOnABusyMachine(@TempDir Path out) throws Exception {
        CliErrorsTest.Outcome o;
        List<Process> busy = busyLoops(2);
        try {
            o = CliErrorsTest.cli("run", "cdc", "--unit", "500", "--multipliers", "1,2", "--repeats", "1", "--warmup-max", "0s",
                    "--rate", "1000", "--tx-size", "2", "--duration", "5s", "--clients", "16", "--fault", "kill-source,kill-broker,kill-sink,stop-broker=5s",
                    "--fault-rate", "100", "--series-timeout", "3m", "--seed", "5", "--out", out.toString());
        } finally {
            for (Process p : busy) p.destroyForcibly().waitFor();
        }
        assertEquals(0, o.code(), o.failure());
        Path run = WritesIT.onlyRun(out);
        RunResult r = JsonExporter.read(run);
        assertEquals(List.of(), r.failures());
        List<String> scenarios = r.cells().stream().map(Cell::scenario).toList();
        assertEquals(2, scenarios.stream().filter("series"::equals).count(), scenarios.toString());
        assertEquals(1, scenarios.stream().filter("open-model"::equals).count(), scenarios.toString());
        assertEquals(4, scenarios.stream().filter("fault"::equals).count(), scenarios.toString());
        for (Cell c : r.cells()) {
            for (String v : List.of("lost", "duplicated", "out_of_order")) assertEquals(0.0, c.values().get(v), c.label() + " " + v);
            assertTrue(c.verified() && !c.checks().isEmpty(), c.label() + " " + c.checks());
        }
        for (Cell c : r.cells()) {
            if (c.scenario().equals("series")) {
                assertEquals(500.0 * ((Number) c.dimensions().get("multiplier")).intValue(), c.values().get("nodes"), c.label());
                assertTrue(c.values().get("ms_per_node") > 0 && c.values().get("lag_p99_ms") >= c.values().get("lag_p50_ms"), c.values().toString());
                assertTrue(c.values().get("visible_ms") >= c.values().get("commit_ms"), c.values().toString());
            }
            if (c.scenario().equals("fault")) {
                assertTrue(c.values().get("events_expected") > 100 && c.values().get("events_expected").equals(c.values().get("events_applied")), c.values().toString());
                assertTrue(c.values().get("transactions") >= 1000, "10 s of slots at 100 a second, each run: " + c.values());
            }
            if (c.scenario().equals("fault") || c.scenario().equals("open-model")) {
                // the topic itself, read by graphperf: every committed event once (republications aside), in sequence order per key
                assertEquals(0.0, c.values().get("topic_keys_out_of_order"), c.label());
                assertEquals(0.0, c.values().get("topic_transactions_incomplete"), c.label());
                assertTrue(c.values().get("topic_events") > 0, c.label());
            }
            if (c.scenario().equals("open-model")) assertEquals(16.0, c.values().get("clients"));
        }
        List<String> csv = Files.readAllLines(run.resolve("results.csv"));
        for (String col : List.of("nodes", "ms_per_node", "nodes_per_s", "lag_p50_ms", "lag_p99_ms", "lost", "duplicated", "out_of_order")) {
            assertTrue(List.of(csv.get(0).split(",")).contains(col), col + " in " + csv.get(0));
        }
        for (String line : csv) assertEquals(csv.get(0).split(",", -1).length, line.split(",", -1).length, "every row has every column: " + line);
        String html = Files.readString(run.resolve("report.html"));
        for (String part : List.of("cdc-box", "cdc-series", "cdc-lag", "cdc-stages", "cdc-faults", "Kafka 4.3.1")) assertTrue(html.contains(part), part);
        assertTrue(o.out().contains("Fault kill-broker") && o.out().contains("Series (ms per node"), o.out());
        assertNothingLeft(run);
    }

    /** A transfer that does not complete in time: the run says what arrived, what is missing and every counter, keeps its row, exits 1. */
    @Test
    void aFailedRunSaysWhatWasMissingAndStopsEverythingItStarted(@TempDir Path out) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "cdc", "--unit", "20000", "--multipliers", "1", "--repeats", "1", "--warmup-max", "0s",
                "--series-timeout", "5ms", "--out", out.toString());
        assertEquals(1, o.code(), o.failure());
        String failed = o.out().lines().filter(l -> l.startsWith("FAILED: ")).findFirst().orElse("");
        for (String part : List.of("of the 20000 nodes of group", "(option --series-timeout)", "missing", "source: state publishing", "captured",
                "published", "sink: state applying", "consumed", "skippedAlreadyApplied", "outOfOrder")) {
            assertTrue(failed.contains(part), part + " in: " + o.out());
        }
        Path run = WritesIT.onlyRun(out);
        List<String> csv = Files.readAllLines(run.resolve("results.csv"));
        assertEquals(2, csv.size(), "the transfer's row is kept: " + csv);
        RunResult r = JsonExporter.read(run);
        assertTrue(r.cells().get(0).values().get("lost") > 0, "the missing nodes count as lost: " + r.cells().get(0).values());
        assertNothingLeft(run);
    }

    /** Processes that take a core each until destroyed. */
    static List<Process> busyLoops(int n) throws java.io.IOException {
        List<Process> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
        return out;
    }

    @Test
    void ctrlCStopsEverythingItStarted(@TempDir Path out) throws Exception {
        Path home = Path.of(System.getProperty("graphperf.home"));
        Path cli = home.resolve("cli").resolve("target");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Dgraphperf.home=" + home, "-cp",
                cli.resolve("graphperf-cli.jar") + ":" + Files.readString(cli.resolve("cli-classpath.txt")).trim(), "io.graphperf.cli.Main",
                "run", "cdc", "--multipliers", "1000", "--repeats", "5", "--warmup-max", "0s", "--out", out.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        StringBuilder log = new StringBuilder();
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        for (String line = r.readLine(); line != null; line = r.readLine()) {
            log.append(line).append('\n');
            if (line.contains("series ×1000")) break;
        }
        assertTrue(log.toString().contains("series ×1000"), log.toString());
        Thread drain = new Thread(() -> {
            try {
                while (r.readLine() != null) {
                    // until it ends
                }
            } catch (java.io.IOException ignored) {
                // closed
            }
        });
        drain.setDaemon(true);
        drain.start();
        // SIGTERM: the JVM runs the same shutdown hooks as on Ctrl-C's SIGINT, which a job started in the background of a
        // non-interactive shell (as CI may start this build) inherits as ignored — then SIGINT would test nothing
        p.destroy();
        boolean ended = p.waitFor(90, TimeUnit.SECONDS);
        if (!ended) p.destroyForcibly();
        assertTrue(ended, "graphperf ended within 90 s of the signal");
        assertNothingLeft(WritesIT.onlyRun(out));
    }

    /** No process started for this run is alive and the broker's folder is gone. */
    static void assertNothingLeft(Path run) throws InterruptedException {
        String dir = run.toAbsolutePath().toString();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        List<String> left;
        do {
            left = ProcessHandle.allProcesses().filter(h -> h.info().commandLine().map(c -> c.contains(dir)).orElse(false))
                    .map(h -> h.pid() + " " + h.info().commandLine().orElse("")).toList();
            if (left.isEmpty()) break;
            Thread.sleep(500);
        } while (System.nanoTime() < deadline);
        assertEquals(List.of(), left, "processes of the run still alive");
        assertTrue(!Files.exists(run.resolve("kafka")), "the broker's folder is removed");
    }
}
