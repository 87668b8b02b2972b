package io.graphperf.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** kill -9 of the harness mid-run must not leave an engine host (Neo4j's, Kuzu's) running. */
class NoOrphanIT {

    @Test
    void engineHostEndsWhenTheHarnessIsKilled(@TempDir Path out) throws Exception {
        Process harness = harness(out, "run", "writes", "--scenarios", "create-labelled", "--transports", "bolt", "--server-warmup", "0s", "--duration", "5m");
        try {
            long hostPid = awaitHostPid(out, harness);
            assertTrue(ProcessHandle.of(hostPid).isPresent(), "host running");
            harness.destroyForcibly().waitFor(10, TimeUnit.SECONDS); // SIGKILL: no shutdown hook runs
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(45);
            while (ProcessHandle.of(hostPid).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertFalse(ProcessHandle.of(hostPid).map(ProcessHandle::isAlive).orElse(false), "engine host outlived a killed harness");
        } finally {
            harness.destroyForcibly();
        }
    }

    /**
     * An embedded engine's host (engine name, host main class) ends when the harness is killed while it measures: one of each kind
     * of host — a JVM alone (Kuzu's; ArcadeDB's and OrientDB's are the same {@code HostLoop}, ended the same way), a JVM with a
     * server of its own (FalkorDB's redis-server and its watchdog), a JVM with a Python process (LadybugDB's).
     */
    @ParameterizedTest
    @CsvSource({"kuzu,KuzuHostMain", "falkordb,FalkorDbHostMain", "ladybug,LadybugHostMain"})
    void anEmbeddedEnginesHostEndsWhenTheHarnessIsKilled(String engine, String mainClass, @TempDir Path out) throws Exception {
        Process harness = harness(out, "run", "reads", "--engine", engine, "--scale", "0.05", "--check-samples", "1", "--server-warmup", "0s",
                "--duration", "5m");
        try {
            // the host measuring (a long cell in progress): found by the trial folder on its command line
            String mark = "-Dgraphperf.trial=" + out.toAbsolutePath();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(600);
            Optional<ProcessHandle> host = Optional.empty();
            while (host.isEmpty() && System.nanoTime() < deadline) {
                assertTrue(harness.isAlive(), () -> "harness ended early: " + read(out.resolve("harness.log")));
                host = ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains(mark)
                        && p.info().commandLine().orElse("").contains(mainClass)).findFirst();
                if (host.isEmpty() || !read(out.resolve("harness.log")).contains("latency q01")) {
                    host = Optional.empty();
                    Thread.sleep(200);
                }
            }
            assertTrue(host.isPresent(), "the " + engine + " host never started measuring: " + read(out.resolve("harness.log")));
            List<ProcessHandle> started = host.get().descendants().toList(); // a server the host started (FalkorDB's and its watchdog, LadybugDB's)
            if (engine.equals("falkordb")) {
                assertTrue(started.stream().anyMatch(p -> p.info().command().orElse("").endsWith("redis-server")), "the FalkorDB host's server is found: "
                        + started.stream().map(p -> p.info().commandLine().orElse("?")).toList());
            }
            if (engine.equals("ladybug")) {
                assertTrue(started.stream().anyMatch(p -> p.info().commandLine().orElse("").contains("ladybug_server.py")), "the LadybugDB host's server is found: "
                        + started.stream().map(p -> p.info().commandLine().orElse("?")).toList());
            }
            harness.destroyForcibly().waitFor(10, TimeUnit.SECONDS); // SIGKILL: no shutdown hook runs
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(45);
            while ((host.get().isAlive() || started.stream().anyMatch(ProcessHandle::isAlive)) && System.nanoTime() < end) Thread.sleep(200);
            assertFalse(host.get().isAlive(), engine + "'s engine host outlived a killed harness");
            assertTrue(started.stream().noneMatch(ProcessHandle::isAlive), engine + ": a process its host started outlived a killed harness: "
                    + started.stream().filter(ProcessHandle::isAlive).map(p -> p.info().commandLine().orElse("?")).toList());

        } finally {
            harness.destroyForcibly();
        }
    }

    /** graphperf in a JVM of its own (so it can be killed outright), its results and log in {@code out}. */
    private static Process harness(Path out, String... args) throws java.io.IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dgraphperf.home=" + System.getProperty("graphperf.home"), "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        cmd.addAll(List.of("--out", out.toString()));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.resolve("harness.log").toFile()).start();
    }

    private static long awaitHostPid(Path out, Process harness) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(600);
        while (System.nanoTime() < deadline) {
            assertTrue(harness.isAlive(), () -> "harness ended early: " + read(out.resolve("harness.log")));
            Optional<Path> ready;
            try (Stream<Path> s = Files.walk(out, 3)) {
                ready = s.filter(p -> p.getFileName().toString().equals("ready.properties")).findFirst();
            }
            if (ready.isPresent()) {
                Properties p = new Properties();
                try (Reader r = Files.newBufferedReader(ready.get())) {
                    p.load(r);
                }
                return Long.parseLong(p.getProperty("pid"));
            }
            Thread.sleep(200);
        }
        throw new AssertionError("engine host never became ready: " + read(out.resolve("harness.log")));
    }

    private static String read(Path p) {
        try {
            return String.join("\n", Files.readAllLines(p));
        } catch (Exception e) {
            return "";
        }
    }

}
