package io.graphperf.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input gets one clear message, a non-zero exit and no stack trace. */
class CliErrorsTest {

    record Outcome(int code, String out, String err) {
    }

    static synchronized Outcome cli(String... args) {
        PrintStream oldOut = System.out, oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true));
        System.setErr(new PrintStream(err, true));
        try {
            int code = Main.execute(args);
            return new Outcome(code, out.toString(), err.toString());
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    static void assertCleanError(Outcome o, String expected) {
        assertTrue(o.code() != 0, "non-zero exit");
        assertTrue(o.err().contains(expected), "expected '" + expected + "' in: " + o.err());
        assertFalse(o.err().contains("\tat "), "no stack trace without --verbose: " + o.err());
    }

    @Test
    void unknownExperiment(@TempDir Path dir) {
        assertCleanError(cli("run", "nonsense", "--out", dir.toString()), "unknown experiment 'nonsense'; known: import, reads, writes");
    }

    @Test
    void unknownScenario(@TempDir Path dir) {
        assertCleanError(cli("run", "writes", "--scenarios", "create-labelled,bogus", "--out", dir.toString()), "unknown scenario 'bogus'");
    }

    @Test
    void badDuration(@TempDir Path dir) {
        Outcome o = cli("run", "writes", "--duration", "soon", "--out", dir.toString());
        assertEquals(2, o.code());
        assertTrue(o.err().contains("bad duration 'soon'"), o.err());
    }

    @Test
    void openModelNeedsARate(@TempDir Path dir) {
        assertCleanError(cli("run", "writes", "--load", "open", "--out", dir.toString()), "--load open needs --rate");
    }

    @Test
    void unknownConfigKeyNamesTheFileAndLine(@TempDir Path dir) throws Exception {
        Path config = dir.resolve("run.yaml");
        Files.writeString(config, "experiment: writes\nclients: 4\nclinets: 8\n");
        assertCleanError(cli("run", "--config", config.toString(), "--out", dir.toString()), "unknown config key 'clinets' in " + config + " at line 3");
    }

    @Test
    void badConfigValue(@TempDir Path dir) throws Exception {
        Path config = dir.resolve("run.yaml");
        Files.writeString(config, "duration: forever\n");
        assertCleanError(cli("run", "--config", config.toString(), "--out", dir.toString()), "bad duration 'forever' for config key 'duration'");
    }

    @Test
    void unreachableTarget(@TempDir Path dir) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort(); // free once closed: nothing listens there
        }
        Outcome o = cli("run", "writes", "--target", "bolt://127.0.0.1:" + port, "--reset", "delete-all", "--out", dir.toString());
        assertCleanError(o, "cannot reach Neo4j at bolt://127.0.0.1:" + port);
    }

    @Test
    void portInUse(@TempDir Path dir) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Outcome o = cli("run", "writes", "--bolt-port", Integer.toString(taken.getLocalPort()), "--out", dir.toString());
            assertCleanError(o, "port " + taken.getLocalPort() + " on 127.0.0.1 is in use (setting bolt-port)");
        }
    }

    @Test
    void everySubcommandHasHelp() {
        for (String sub : new String[]{"run", "list", "report", "overhead"}) {
            Outcome o = cli(sub, "--help");
            assertEquals(0, o.code(), sub);
            assertTrue(o.out().contains("Usage: graphperf " + sub), o.out());
        }
    }

    @Test
    void verboseShowsTheStackTrace(@TempDir Path dir) {
        Outcome o = cli("run", "nonsense", "--verbose", "--out", dir.toString());
        assertTrue(o.err().contains("unknown experiment") && o.err().contains("\tat "), o.err());
    }

    @Test
    void theReadmeExampleConfigIsValid() {
        RunCommand cmd = new RunCommand();
        cmd.config = Path.of(System.getProperty("graphperf.home"), "examples", "writes-open-model.yaml");
        RunSettings s = cmd.resolve();
        assertEquals("writes", s.name);
        assertEquals(3, s.scenarios.size());
        assertEquals("open", s.plan.model().name());
        assertEquals(30, s.plan.duration().toSeconds());
        assertEquals("15m", s.settings.get("db.checkpoint.interval.time"));
    }

    @Test
    void theImportExampleConfigIsValid() {
        RunCommand cmd = new RunCommand();
        cmd.config = Path.of(System.getProperty("graphperf.home"), "examples", "import-before-after.yaml");
        RunSettings s = cmd.resolve();
        assertEquals("import", s.name);
        assertEquals(java.util.List.of(0.001, 0.003), s.scales);
        assertEquals(3, s.repeat);
        assertEquals(java.util.List.of("baseline", "small-cache"), s.variants.stream().map(Variant::name).toList());
        assertEquals("64m", s.with(s.variants.get(1)).pageCache);
    }

    @Test
    void datagenThroughTheCli(@TempDir Path dir) throws Exception {
        assertCleanError(cli("datagen", "b2b", "--scale", "0", "--out", dir.resolve("x").toString()), "bad scale 0.0 (option --scale)");
        Path out = dir.resolve("social");
        Outcome ok = cli("datagen", "social", "--scale", "0.05", "--out", out.toString(), "--gzip");
        assertEquals(0, ok.code(), ok.err());
        assertTrue(ok.out().contains("Import:   neo4j-admin database import full neo4j "), ok.out());
        assertCleanError(cli("datagen", "social", "--scale", "0.05", "--out", out.toString()), "is not empty (option --out); pass --force");
        Outcome stats = cli("datagen", "stats", out.toString());
        assertEquals(0, stats.code(), stats.err());
        assertTrue(stats.out().contains("FRIEND_OF degree of Person (either end)"), stats.out());
        assertCleanError(cli("datagen", "stats", dir.resolve("nothing").toString()), "is not a folder");
    }
}
