package io.graphperf.dist;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The release archive as a user meets it: unpacked into an empty folder, away from the source tree, with a home of its own (so no
 * Maven repository to borrow jars from), bin/graphperf runs the quick suite — Neo4j's engine host, its importer and plugins, all
 * from the archive, every classpath entry inside it — and leaves no process behind.
 */
class ReleaseArchiveIT {

    static final Path ROOT = Path.of(System.getProperty("graphperf.home", "..")).toAbsolutePath().normalize();

    @Test
    void theArchiveRunsTheQuickSuiteWithJavaAlone(@TempDir Path dir) throws Exception {
        Path archive;
        try (Stream<Path> files = Files.list(ROOT.resolve("dist"))) {
            archive = files.filter(f -> f.getFileName().toString().matches("graphperf-.+\\.tar\\.gz")).findFirst().orElseThrow();
        }
        Path unpacked = Files.createDirectories(dir.resolve("unpacked"));
        assertEquals(0, new ProcessBuilder("tar", "-xzf", archive.toString(), "-C", unpacked.toString()).inheritIO().start().waitFor());
        Path home;
        try (Stream<Path> top = Files.list(unpacked)) {
            home = top.findFirst().orElseThrow();
        }
        assertTrue(Files.isExecutable(home.resolve("bin/graphperf")) && Files.isRegularFile(home.resolve("docs/gateway.md")), "bin and docs");
        for (String list : List.of("lib/cli-classpath.txt", "engines/neo4j-host/target/host-classpath.txt", "engines/kuzu/target/kuzu-classpath.txt",
                "engines/orientdb/target/orientdb-classpath.txt", "engines/kafka-broker/target/broker-classpath.txt", "engines/falkordb/target/falkordb-classpath.txt",
                "engines/ladybug/target/ladybug-classpath.txt")) {
            for (String entry : Files.readString(home.resolve(list)).trim().split(File.pathSeparator)) {
                assertFalse(Path.of(entry).isAbsolute(), list + " names " + entry + " outside the archive");
                assertTrue(Files.isRegularFile(home.resolve(entry)), list + ": " + entry + " is in the archive");
            }
        }
        // one lib/ with every jar once: no artifact twice, whatever its folder (a jar's name is its artifact and version)
        try (Stream<Path> jars = Files.walk(home).filter(p -> p.toString().endsWith(".jar") && !p.startsWith(home.resolve("engines")))) {
            List<String> names = jars.map(p -> p.getFileName().toString()).toList();
            assertEquals(names.size(), new HashSet<>(names).size(), "a jar twice in the archive: " + names);
        }
        Path work = Files.createDirectories(dir.resolve("work")), userHome = Files.createDirectories(dir.resolve("home"));
        ProcessBuilder pb = new ProcessBuilder(home.resolve("bin/graphperf").toString(), "run", "--server-warmup", "6s", "--duration", "3s",
                "--warmup-max", "4s", "--out", work.resolve("results").toString())
                .directory(work.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("run.log").toFile());
        pb.environment().put("HOME", userHome.toString());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("PATH", "/usr/bin:/bin");
        Process run = pb.start();
        assertTrue(run.waitFor(15, TimeUnit.MINUTES), "the quick suite ends");
        String log = Files.readString(dir.resolve("run.log"), StandardCharsets.UTF_8);
        assertEquals(0, run.exitValue(), log);
        assertTrue(log.contains("Report:") && log.contains("UNWIND 1000 vs one write per transaction"), log);
        try (Stream<Path> results = Files.walk(work.resolve("results"))) {
            assertTrue(results.anyMatch(p -> p.getFileName().toString().equals("report.html")), "the report is written");
        }
        assertFalse(Files.exists(userHome.resolve(".m2")), "nothing fetched with Maven");
        String mine = dir.toAbsolutePath().toString();
        assertFalse(ProcessHandle.allProcesses().anyMatch(p -> p.isAlive() && p.info().commandLine().orElse("").contains(mine)), "no process left");
    }
}
