package io.graphperf.dist;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * from the archive, every classpath entry inside it — with headlines first, five cells measured and checked and the validity columns on
 * every row of results.csv (QuickSuiteResults), and leaves no process behind; its Neo4j 2025/2026 add-on unpacked over it
 * completes those versions' class paths (run in .ci/run's container image).
 */
class ReleaseArchiveIT {

    static final Path ROOT = Path.of(System.getProperty("graphperf.home", "..")).toAbsolutePath().normalize();

    @Test
    void theArchiveRunsTheQuickSuiteWithJavaAlone(@TempDir Path dir) throws Exception {
        Path archive = dist("graphperf-[^-]+(-SNAPSHOT)?\\.tar\\.xz");
        // lean: every jar once, stored, the whole compressed as one xz stream (gzip over each jar's own deflate made 189 MB)
        assertTrue(Files.size(archive) <= 127_000_000L, archive + ": " + Files.size(archive) + " bytes");
        Path home = unpack(dir, archive);
        assertTrue(Files.isExecutable(home.resolve("bin/graphperf")) && Files.isRegularFile(home.resolve("docs/gateway.md")), "bin and docs");
        assertListedJarsInside(home, "lib/cli-classpath.txt", "engines/neo4j/host/target/host-classpath.txt", "engines/kuzu/target/kuzu-classpath.txt",
                "engines/orientdb/target/orientdb-classpath.txt", "services/kafka-broker/target/broker-classpath.txt", "engines/falkordb/target/falkordb-classpath.txt",
                "engines/ladybug/target/ladybug-classpath.txt");
        // one lib/ with every jar once: no artifact twice, whatever its folder (a jar's name is its artifact and version)
        try (Stream<Path> jars = Files.walk(home).filter(p -> p.toString().endsWith(".jar") && !p.startsWith(home.resolve("engines")))) {
            List<String> names = jars.map(p -> p.getFileName().toString()).toList();
            assertEquals(names.size(), new HashSet<>(names).size(), "a jar twice in the archive: " + names);
        }
        // the quick suite with short phases (what `./graphperf run` does, faster); 3 s of 0.4 s intervals: the 5 a steadiness verdict
        // needs on a quiet machine (a busy one may leave fewer: flagged, checked in QuickSuiteResults)
        String log = graphperf(home, dir, "run", "--server-warmup", "6s", "--duration", "3s", "--warmup-max", "4s");
        assertTrue(log.contains("Report:"), log);
        try (Stream<Path> runs = Files.list(dir.resolve("work/results"))) {
            List<Path> found = runs.filter(p -> Files.isRegularFile(p.resolve("run.json"))).toList();
            assertEquals(1, found.size(), "one run folder: " + found);
            assertTrue(Files.isRegularFile(found.get(0).resolve("report.html")), "the report is written");
            QuickSuiteResults.check(log, found.get(0), ROOT.resolve("cli/src/test/resources/contract/quick-results-csv-header.txt"));
        }
    }

    /**
     * The add-on unpacked over the archive completes Neo4j 2025's and 2026's class paths from inside it. Neo4j 2026 is run from them,
     * with Java alone and no network, by .ci/run's container image step (built from these two archives); graphperf's plugins on 2026
     * are Neo4jVersionsIT's: a third start of Neo4j 2026 here would check nothing more.
     */
    @Test
    void theAddOnUnpackedOverTheArchiveCompletesNeo4j2025And2026(@TempDir Path dir) throws Exception {
        Path home = unpack(dir, dist("graphperf-[^-]+(-SNAPSHOT)?\\.tar\\.xz"), dist("graphperf-.+-neo4j-2025-2026\\.tar\\.xz"));
        assertListedJarsInside(home, "engines/neo4j/host-2025/target/host-classpath.txt", "engines/neo4j/host-2026/target/host-classpath.txt");
    }

    /** The one file in dist/ whose name matches. */
    private static Path dist(String name) throws Exception {
        try (Stream<Path> files = Files.list(ROOT.resolve("dist"))) {
            List<Path> found = files.filter(f -> f.getFileName().toString().matches(name)).toList();
            assertEquals(1, found.size(), "dist/ " + name + ": " + found);
            return found.get(0);
        }
    }

    /** Unpacks the archives, in order, into one empty folder and returns the one folder they make there. */
    private static Path unpack(Path dir, Path... archives) throws Exception {
        Path unpacked = Files.createDirectories(dir.resolve("unpacked"));
        for (Path a : archives) {
            assertEquals(0, new ProcessBuilder("tar", "-xJf", a.toString(), "-C", unpacked.toString()).inheritIO().start().waitFor(), a.toString());
        }
        try (Stream<Path> top = Files.list(unpacked)) {
            List<Path> folders = top.toList();
            assertEquals(1, folders.size(), "one folder: " + folders);
            return folders.get(0);
        }
    }

    /** Every entry of each classpath list is relative and inside the unpacked archive. */
    private static void assertListedJarsInside(Path home, String... lists) throws Exception {
        for (String list : lists) {
            for (String entry : Files.readString(home.resolve(list)).trim().split(File.pathSeparator)) {
                assertFalse(Path.of(entry).isAbsolute(), list + " names " + entry + " outside the archive");
                assertTrue(Files.isRegularFile(home.resolve(entry)), list + ": " + entry + " is in the archive");
            }
        }
    }

    /**
     * Runs the unpacked bin/graphperf with Java alone (a home of its own, JAVA_HOME, PATH /usr/bin:/bin) in dir/work, results in
     * dir/work/results; asserts exit 0, no Maven repository made and no process left, and returns what it printed.
     */
    private static String graphperf(Path home, Path dir, String... args) throws Exception {
        Path work = Files.createDirectories(dir.resolve("work")), userHome = Files.createDirectories(dir.resolve("home"));
        List<String> cmd = new ArrayList<>(List.of(home.resolve("bin/graphperf").toString()));
        cmd.addAll(List.of(args));
        cmd.addAll(List.of("--out", work.resolve("results").toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("run.log").toFile());
        pb.environment().put("HOME", userHome.toString());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("PATH", "/usr/bin:/bin");
        Process run = pb.start();
        assertTrue(run.waitFor(15, TimeUnit.MINUTES), "graphperf ends");
        String log = Files.readString(dir.resolve("run.log"), StandardCharsets.UTF_8);
        assertEquals(0, run.exitValue(), log);
        assertFalse(Files.exists(userHome.resolve(".m2")), "nothing fetched with Maven");
        String mine = dir.toAbsolutePath().toString();
        assertFalse(ProcessHandle.allProcesses().anyMatch(p -> p.isAlive() && p.info().commandLine().orElse("").contains(mine)), "no process left");
        return log;
    }
}
