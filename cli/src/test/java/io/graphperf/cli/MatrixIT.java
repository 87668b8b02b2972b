package io.graphperf.cli;

import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.storage.Requirements;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * E3 end to end as root: a matrix over filesystems graphperf makes (ext4; xfs data with a btrfs log) and a cell whose setup hook
 * fails, run on OrientDB; then a ZFS run stopped by a signal half-way. After both, no mount, loop device, image file or zfs-fuse
 * daemon is left. Skipped without root (CI runs as root).
 */
class MatrixIT {

    @BeforeEach
    void needsRoot() {
        Assumptions.assumeTrue(Requirements.isRoot(), "needs root (loop devices, mkfs, mount)");
        for (String tool : List.of("mkfs.xfs", "mkfs.btrfs", "zfs-fuse")) Assumptions.assumeTrue(Requirements.onPath(tool), "needs " + tool + " (see .ci/run)");
    }

    @Test
    void aMatrixOfFilesystemsWithAFailingHook(@TempDir Path out) throws Exception {
        Path matrix = out.resolve("m.yaml");
        Files.writeString(matrix, """
                experiment: import
                options: {engine: orientdb, dataset: export, scale: 0.02, page-cache: 64m}
                repeat: 1
                size: 256m
                axes:
                  fs:
                    ext4: {data: {kind: ext4}}
                    xfs:  {data: {kind: xfs, size: 320m}, log: {kind: btrfs, compress: zstd, size: 320m}}
                    hook: {data: {kind: ext4}, setup: "echo failing on purpose; exit 7"}
                """);
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "--matrix", matrix.toString(), "--out", out.resolve("results").toString());
        assertEquals(1, o.code(), "a failed cell fails the run: " + o.failure());
        Path run = WritesIT.onlyRun(out.resolve("results"));
        RunResult r = JsonExporter.read(run);
        assertEquals(3, r.trials().size());
        assertTrue(r.trials().get(0).passed() && r.trials().get(1).passed(), r.trials().toString());
        RunResult.Trial hook = r.trials().get(2);
        assertFalse(hook.passed());
        assertTrue(hook.failures().get(0).contains("setup hook") && hook.failures().get(0).contains("exit 7")
                && hook.failures().get(0).contains("failing on purpose"), hook.failures().toString());
        assertTrue(Files.readString(run.resolve("trials").resolve("03-hook-1").resolve("hooks").resolve("setup.log")).contains("failing on purpose"));
        for (String variant : List.of("ext4", "xfs")) {
            Cell count = r.cells().stream().filter(c -> c.variant().equals(variant) && c.scenario().equals("count")).findFirst().orElseThrow();
            assertTrue(count.verified() && count.checks().size() == 2, count.checks().toString());
            Cell imp = r.cells().stream().filter(c -> c.variant().equals(variant) && c.scenario().equals("import")).findFirst().orElseThrow();
            assertTrue(imp.values().get("write_bytes") > 1e6 && imp.values().get("device_write_bytes") > 1e6 && imp.values().get("mean_write_bytes") > 0,
                    imp.values().toString());
            Cell close = r.cells().stream().filter(c -> c.variant().equals(variant) && c.scenario().equals("close")).findFirst().orElseThrow();
            assertTrue(close.values().get("disk_bytes") > 1e6, close.values().toString());
        }
        Cell xfsClose = r.cells().stream().filter(c -> c.variant().equals("xfs") && c.scenario().equals("close")).findFirst().orElseThrow();
        assertTrue(xfsClose.values().get("log_disk_bytes") > 0, "the WAL went to the log filesystem: " + xfsClose.values());
        assertTrue(r.trials().get(1).storage().get("log").toString().contains("btrfs compress=zstd"), r.trials().get(1).storage().toString());
        List<String> csv = Files.readAllLines(run.resolve("results.csv"));
        for (String col : List.of("axis_fs", "disk_bytes", "write_bytes", "mean_write_bytes", "device_write_bytes")) {
            assertTrue(List.of(csv.get(0).split(",")).contains(col), col + " in " + csv.get(0));
        }
        for (String line : csv) assertEquals(csv.get(0).split(",", -1).length, line.split(",", -1).length, "every row has every column: " + line);
        String html = Files.readString(run.resolve("report.html"));
        assertTrue(html.contains("Matrix: fs") && html.contains("class=\"heat\""), "the report has the matrix");
        assertNothingLeft(out);
    }

    @Test
    void aSignalHalfWayLeavesNothingMounted(@TempDir Path out) throws Exception {
        Path matrix = out.resolve("z.yaml");
        Files.writeString(matrix, """
                experiment: import
                options: {engine: orientdb, dataset: export, scale: 0.5, page-cache: 64m}
                size: 512m
                axes:
                  fs:
                    zfs: {data: {kind: zfs, recordsize: 16k, compression: gzip}, log: {kind: ext4}}
                """);
        Path home = Path.of(System.getProperty("graphperf.home"));
        Path cli = home.resolve("cli").resolve("target");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Dgraphperf.home=" + home, "-cp",
                cli.resolve("graphperf-cli.jar") + ":" + Files.readString(cli.resolve("cli-classpath.txt")).trim(), "io.graphperf.cli.Main",
                "run", "--matrix", matrix.toString(), "--out", out.resolve("results").toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        StringBuilder log = new StringBuilder();
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        for (String line = r.readLine(); line != null; line = r.readLine()) {
            log.append(line).append('\n');
            if (line.contains("export import: import ...")) break;
        }
        assertTrue(log.toString().contains("export import: import ..."), log.toString());
        assertTrue(mounts().stream().anyMatch(m -> m.contains(out.toString())), "mounted while it runs");
        Thread drain = new Thread(() -> {
            try {
                while (r.readLine() != null) {
                    // until it ends
                }
            } catch (IOException ignored) {
                // closed
            }
        });
        drain.setDaemon(true);
        drain.start();
        p.destroy(); // SIGTERM: the same shutdown hooks as Ctrl-C
        boolean ended = p.waitFor(90, TimeUnit.SECONDS);
        if (!ended) p.destroyForcibly();
        assertTrue(ended, "graphperf ended within 90 s of the signal");
        assertNothingLeft(out);
    }

    static List<String> mounts() throws IOException {
        return Files.readAllLines(Path.of("/proc/self/mounts"));
    }

    /** No mount, loop device or image under the folder, no zfs-fuse daemon, no process of the run. */
    static void assertNothingLeft(Path out) throws Exception {
        String dir = out.toAbsolutePath().toString();
        assertEquals(List.of(), mounts().stream().filter(m -> m.contains(dir)).toList(), "mounts left");
        Process losetup = new ProcessBuilder("losetup", "-a").redirectErrorStream(true).start();
        String loops = new String(losetup.getInputStream().readAllBytes());
        losetup.waitFor();
        assertFalse(loops.contains(dir), "loop devices left: " + loops);
        try (var files = Files.walk(out)) {
            assertEquals(List.of(), files.filter(f -> f.toString().endsWith(".img")).toList(), "image files left");
        }
        assertEquals(List.of(), ProcessHandle.allProcesses().filter(h -> h.info().command().map(c -> c.endsWith("zfs-fuse")).orElse(false))
                .map(h -> h.pid() + " " + h.info().commandLine().orElse("")).toList(), "zfs-fuse left running");
        CdcIT.assertNothingLeft(out);
    }
}
