package io.graphperf.cli;

import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.AgentShare;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.workloads.Experiments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Load agents against the embedded Neo4j: four agent processes send one open-model schedule together and their merge
 * is checked by id like any cell; graphperf merge rebuilds the cell from the agents' files alone; killing an agent mid-window
 * makes the run fail at once, naming it, with nothing left running.
 */
class AgentsIT {

    @Test
    void fourAgentsMeasureOneScheduleTogetherAndTheMergeIsCheckedById(@TempDir Path out) throws Exception {
        var o = CliErrorsTest.cli("run", "writes", "--agents", "4", "--load", "open", "--rate", "100", "--clients", "8", "--warmup", "3s",
                "--duration", "6s", "--scenarios", "create-labelled-indexed", "--transports", "bolt", "--server-warmup", "0s", "--out", out.toString());
        assertEquals(0, o.code(), o.failure());
        Path run = runDir(out);
        Experiments.all();
        RunResult r = JsonExporter.read(run);
        assertEquals(1, r.cells().size());
        Cell c = r.cells().get(0);
        assertTrue(c.verified(), "the engine holds every id the four agents had acknowledged: " + c.checks());
        assertEquals(100.0, c.offeredPerSecond(), 1e-9, "the agents together offer the whole rate");
        assertEquals(4, c.agents().size());
        assertEquals(4.0, c.values().get("agents"));
        long ops = 0;
        for (AgentShare a : c.agents()) {
            assertEquals(25.0, a.offeredPerSecond(), 1e-9);
            assertTrue(Math.abs(a.clockOffsetMs()) + a.clockErrorMs() <= 5, "agents on this machine share its clock: " + a);
            ops += a.ops();
        }
        assertEquals(c.measurement().throughput().ops(), ops);
        assertEquals(600, c.measurement().outcomes().scheduled(), 60, "rate × window, whichever agent sent it");
        assertTrue(Files.readString(run.resolve("results.csv")).lines().findFirst().orElseThrow().contains("agents"), "results.csv has an agents column");
        assertTrue(Files.readString(run.resolve("report.html")).contains("Load agents"), "the report has the agents' table");

        // graphperf merge: the same cell again from the agents' files alone
        Path agentsDir;
        try (Stream<Path> s = Files.walk(run)) {
            agentsDir = s.filter(p -> p.getFileName().toString().equals("agents") && Files.isRegularFile(p.resolve("coordinator.json"))).findFirst().orElseThrow();
        }
        var m = CliErrorsTest.cli("merge", agentsDir.toString(), "--out", out.resolve("merged").toString());
        assertEquals(0, m.code(), m.failure());
        Cell merged = JsonExporter.read(out.resolve("merged")).cells().get(0);
        assertEquals(c.measurement().throughput().ops(), merged.measurement().throughput().ops());
        assertEquals(c.measurement().outcomes().scheduled(), merged.measurement().outcomes().scheduled());
        assertEquals(c.measurement().latencies().all().p99Ms(), merged.measurement().latencies().all().p99Ms(), 1e-9, "the same histograms, the same percentiles");
        assertEquals(c.measurement().latencies().all().maxMs(), merged.measurement().latencies().all().maxMs(), 1e-9);
        assertNoAgentLeft(out);
    }

    @Test
    void theReadsSplitTheirLoadCellsOverAgentsFromTheSharedParameterFileAndKeepOneClientCellsHere(@TempDir Path out) throws Exception {
        var o = CliErrorsTest.cli("run", "reads", "--agents", "2", "--scale", "0.05", "--dataset-cache", out.resolve("ds").toString(), "--transports", "bolt",
                "--forms", "cypher", "--queries", "q01,q02,q05", "--repeat-factor", "0.02", "--check-samples", "3", "--threads", "1,4", "--rates", "50",
                "--sweep-clients", "4", "--connections", "1", "--bolt-threads", "2", "--servers", "0", "--warmup", "2s", "--duration", "4s",
                "--server-warmup", "0s", "--heap", "512m", "--page-cache", "128m", "--out", out.resolve("run").toString());
        assertEquals(0, o.code(), o.failure());
        Path run = runDir(out.resolve("run"));
        Experiments.all();
        RunResult r = JsonExporter.read(run);
        assertTrue(r.passed(), r.failures().toString());
        List<Cell> byAgents = r.cells().stream().filter(c -> !c.agents().isEmpty()).toList();
        // the throughput cell at 4 clients, the open model and the Bolt-pool cell: sent by both agents
        assertEquals(3, byAgents.size(), r.cells().stream().map(c -> c.title() + " " + c.agents().size()).toList().toString());
        for (Cell c : byAgents) {
            assertEquals(2, c.agents().size(), c.title());
            assertEquals(2.0, c.values().get("agents"), c.title());
            assertEquals(c.measurement().throughput().ops(), c.agents().stream().mapToLong(AgentShare::ops).sum(), c.title() + ": the merged count is the agents' sum");
            assertEquals(0, c.measurement().outcomes().errors(), c.title());
            assertTrue(c.measurement().throughput().ops() > 0, c.title());
        }
        Cell open = byAgents.stream().filter(c -> "open".equals(c.load())).findFirst().orElseThrow();
        assertEquals(50.0, open.offeredPerSecond(), 1e-9);
        assertEquals(200, open.measurement().outcomes().scheduled(), 20, "rate × window, whichever agent sent it");
        for (AgentShare a : open.agents()) assertEquals(25.0, a.offeredPerSecond(), 1e-9);
        assertTrue(byAgents.stream().anyMatch(c -> Long.valueOf(2).equals(((Number) c.dimensions().getOrDefault("serverThreads", -1)).longValue())),
                "the Bolt-pool cell on its own server start went through the agents too");
        // one client, a client's own pool: measured here, and the run says which cells were
        assertTrue(r.cells().stream().filter(c -> c.scenario().matches("q\\d+")).allMatch(c -> c.agents().isEmpty()), "single-client latency stays here");
        assertTrue(r.cells().stream().filter(c -> c.dimensions().containsKey("connections")).allMatch(c -> c.agents().isEmpty()));
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("1 client threads") && w.contains("not the 2 agents")), r.warnings().toString());

        Path agentsDir;
        try (Stream<Path> s = Files.walk(run)) {
            agentsDir = s.filter(p -> p.getFileName().toString().equals("agents") && Files.isRegularFile(p.resolve("coordinator.json"))).findFirst().orElseThrow();
        }
        assertTrue(Files.isRegularFile(agentsDir.resolve("shared/read-parameters.json")), "the coordinator shared the dataset's parameter sets");
        var m = CliErrorsTest.cli("merge", agentsDir.toString(), "--out", out.resolve("merged").toString());
        assertEquals(0, m.code(), m.failure());
        Cell merged = JsonExporter.read(out.resolve("merged")).cells().stream().filter(c -> "open".equals(c.load())).findFirst().orElseThrow();
        assertEquals(open.title(), merged.title());
        assertEquals(open.measurement().throughput().ops(), merged.measurement().throughput().ops());
        assertEquals(open.measurement().latencies().all().p99Ms(), merged.measurement().latencies().all().p99Ms(), 1e-9, "the same histograms, the same percentiles");
        assertTrue(Files.isRegularFile(out.resolve("merged/histograms/open-50.hlog")), "the merged log keeps the cell's own name");
        assertNoAgentLeft(out);
    }

    @Test
    void killingAnAgentMidWindowFailsTheRunAtOnceNamingItAndLeavesNothingRunning(@TempDir Path out) throws Exception {
        Process harness = harness(out, "--agents", "4", "--duration", "5m");
        try {
            // a deadline for a hang, not a speed: Neo4j and four agents starting beside CdcIT's busy loops took over 3 minutes once
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(600);
            Optional<ProcessHandle> agent = Optional.empty();
            while (System.nanoTime() < deadline) {
                assertTrue(harness.isAlive(), () -> "harness ended early: " + read(out.resolve("harness.log")));
                agent = agentPids(out).containsKey(2) ? ProcessHandle.of(agentPids(out).get(2)) : Optional.empty();
                if (agent.isPresent() && read(out.resolve("harness.log")).contains("cell 1/1")) break;
                Thread.sleep(200);
            }
            assertTrue(agent.isPresent(), "agent 2 never started: " + read(out.resolve("harness.log")));
            // inside the window: one second after the common start plus the 2 s warm-up, as the cell's start says
            Path start;
            while (true) {
                try (Stream<Path> s = Files.walk(out)) {
                    Optional<Path> r = s.filter(p -> p.endsWith(Path.of("cells", "0001", "start.json"))).findFirst();
                    if (r.isPresent()) {
                        start = r.get();
                        break;
                    }
                }
                assertTrue(System.nanoTime() < deadline, "no cell was started");
                Thread.sleep(100);
            }
            long windowStarts = new com.fasterxml.jackson.databind.ObjectMapper().readTree(start.toFile()).get("startMillis").asLong() + 2_000;
            while (System.currentTimeMillis() < windowStarts + 1_000) Thread.sleep(100);
            List<ProcessHandle> before = harness.toHandle().descendants().toList();
            agent.get().destroyForcibly();
            assertTrue(harness.waitFor(60, TimeUnit.SECONDS), "the run ends at once when an agent dies, not at the window's end");
            assertNotEquals(0, harness.exitValue());
            String log = read(out.resolve("harness.log"));
            assertTrue(log.contains("agent 2 of 4") && log.contains("The run is invalid"), log);
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (before.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < end) Thread.sleep(200);
            for (ProcessHandle p : before) assertFalse(p.isAlive(), "left running: " + p.info().commandLine().orElse("?"));
        } finally {
            harness.destroyForcibly();
        }
    }

    @Test
    void agentsStopMidCellWhenTheirCoordinatorIsKilled(@TempDir Path out) throws Exception {
        Process harness = harness(out, "--agents", "2", "--duration", "5m");
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(600);
            List<ProcessHandle> agents = List.of();
            while (System.nanoTime() < deadline) {
                assertTrue(harness.isAlive(), () -> "harness ended early: " + read(out.resolve("harness.log")));
                agents = agentPids(out).values().stream().map(ProcessHandle::of).flatMap(Optional::stream).toList();
                if (agents.size() == 2 && read(out.resolve("harness.log")).contains("cell 1/1")) break;
                Thread.sleep(200);
            }
            assertEquals(2, agents.size(), "agents never started: " + read(out.resolve("harness.log")));
            List<ProcessHandle> all = harness.toHandle().descendants().toList();
            Thread.sleep(3_000);
            harness.destroyForcibly().waitFor(10, TimeUnit.SECONDS); // SIGKILL: no shutdown hook runs
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(45);
            while (all.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < end) Thread.sleep(200);
            for (ProcessHandle p : all) assertFalse(p.isAlive(), "outlived a killed coordinator: " + p.info().commandLine().orElse("?"));
        } finally {
            harness.destroyForcibly();
        }
    }

    /** graphperf run writes over agents in a JVM of its own (so it can be killed outright), its results and log in {@code out}. */
    private static Process harness(Path out, String... more) throws java.io.IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dgraphperf.home=" + System.getProperty("graphperf.home"), "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "run", "writes", "--load", "open", "--rate", "200", "--clients", "8", "--warmup", "2s", "--scenarios", "create-labelled-indexed",
                "--transports", "bolt", "--server-warmup", "0s", "--out", out.toString()));
        cmd.addAll(List.of(more));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.resolve("harness.log").toFile()).start();
    }

    /** The agents that joined, by index: their pids as they wrote them in the shared folder. */
    private static java.util.Map<Integer, Long> agentPids(Path out) throws Exception {
        java.util.Map<Integer, Long> pids = new java.util.TreeMap<>();
        try (Stream<Path> s = Files.walk(out)) {
            for (Path p : s.filter(p -> p.getFileName().toString().matches("agent-\\d+\\.json") && p.getParent().getFileName().toString().equals("agents")).toList()) {
                var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(p.toFile());
                pids.put(json.get("agent").asInt(), json.get("pid").asLong());
            }
        }
        return pids;
    }

    private static void assertNoAgentLeft(Path out) throws Exception {
        for (long pid : agentPids(out).values()) {
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "agent " + pid + " left running");
        }
    }

    private static Path runDir(Path out) throws Exception {
        try (Stream<Path> s = Files.list(out)) {
            return s.filter(p -> Files.isRegularFile(p.resolve("run.json"))).findFirst().orElseThrow();
        }
    }

    private static String read(Path p) {
        try {
            return Files.exists(p) ? Files.readString(p) : "";
        } catch (Exception e) {
            return "";
        }
    }
}
