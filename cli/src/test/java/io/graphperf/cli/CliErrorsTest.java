package io.graphperf.cli;

import io.graphperf.core.engine.TransportName;
import io.graphperf.workloads.imports.ImportOptions;
import io.graphperf.workloads.options.ExperimentCommand;
import io.graphperf.workloads.writes.WritesOptions;
import io.graphperf.core.measure.Open;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input gets one clear message naming the option, file or line, a non-zero exit and no stack trace; no engine starts. */
class CliErrorsTest {

    record Outcome(int code, String out, String err) {
        /**
         * For an assertion's message: the exit code and the last lines of stderr first (where the error is, and what a CI log that
         * shows only the message's head keeps), then both streams whole.
         */
        String failure() {
            List<String> lines = err.lines().toList();
            return "exit " + code + "; stderr ends:\n" + String.join("\n", lines.subList(Math.max(0, lines.size() - 25), lines.size()))
                    + "\n--- stdout ---\n" + out + "\n--- stderr ---\n" + err;
        }
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

    /** Parses a command line as graphperf would (config file included) and returns the experiment's validated options. */
    static Object options(String... args) {
        CommandLine cl = Main.commandLine();
        String[] resolved = Main.resolveRun(cl, args);
        CommandLine.ParseResult pr = cl.parseArgs(resolved);
        while (pr.hasSubcommand()) pr = pr.subcommand();
        return ((ExperimentCommand<?>) pr.commandSpec().userObject()).options();
    }

    @Test
    void unknownExperiment(@TempDir Path dir) {
        assertCleanError(cli("run", "nonsense", "--out", dir.toString()), "unknown experiment 'nonsense'; known: quick, import, reads, writes");
    }

    @Test
    void serveChecksTheChangeSourcesOptionsBeforeStartingAnything(@TempDir Path dir) {
        assertCleanError(cli("serve", "--key-strategy", "delete", "--dir", dir.toString()), "--key-strategy applies to the change source: add --cdc-source");
        assertCleanError(cli("serve", "--cdc-source", "127.0.0.1:9", "--key-strategy", "streams", "--dir", dir.toString()),
                "bad value 'streams' for --key-strategy: entity, delete, compact");
        assertCleanError(cli("serve", "--cdc-source", "127.0.0.1:9", "--event-ids", "internal", "--dir", dir.toString()),
                "bad value 'internal' for --event-ids: element, numeric");
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs("--cdc-source", "127.0.0.1:9", "--key-strategy", "compact", "--event-ids", "numeric");
        Map<String, String> settings = serve.settings();
        assertEquals("compact", settings.get("graphperf.cdc.source.key_strategy"));
        assertEquals("numeric", settings.get("graphperf.cdc.source.ids"));
    }

    @Test
    void anOptionThatDoesNotApplyIsAnErrorNamingIt(@TempDir Path dir) {
        Outcome o = cli("run", "import", "--clients", "8", "--out", dir.toString());
        assertEquals(2, o.code(), "bad usage");
        assertTrue(o.err().contains("Unknown option") && o.err().contains("'--clients'"), o.err());
        assertCleanError(cli("run", "import", "--rate", "500", "--out", dir.toString()), "'--rate'");
        assertCleanError(cli("run", "import", "--server", "bolt://x:7687", "--out", dir.toString()), "'--server'");
    }

    @Test
    void enginesAreCheckedBeforeAnythingStarts(@TempDir Path dir) {
        assertCleanError(cli("run", "reads", "--engines", "memgraph", "--out", dir.toString()), "engine 'memgraph' (option --engines) cannot run here: no package");
        assertCleanError(cli("run", "reads", "--engines", "neo4j,arcadedb:26.7", "--out", dir.toString()), "does not drive arcadedb 26.7; the versions it drives: 25.3.1, 26.10.2");
        assertCleanError(cli("run", "reads", "--engine", "dgraph", "--out", dir.toString()),
                "unknown engine 'dgraph' (option --engine); known: neo4j, neo4j:2025, neo4j:2026, kuzu, ladybug, arcadedb, orientdb, falkordb");
        assertCleanError(cli("run", "reads", "--engines", "neo4j,kuzu", "--variant", "big:heap=2g", "--out", dir.toString()),
                "--variant and --matrix compare configurations of one");
        assertCleanError(cli("run", "reads", "--engine", "kuzu", "--server", "bolt://x:7687", "--out", dir.toString()), "--server is your own Neo4j");
        assertCleanError(cli("run", "writes", "--engine", "kuzu", "--server", "bolt://x:7687", "--reset", "delete-all", "--out", dir.toString()),
                "--server is your own Neo4j");
        assertCleanError(cli("run", "import", "--engine", "memgraph", "--out", dir.toString()), "engine 'memgraph' (option --engine) cannot run here");
        // the batch writer's operations are made in graphperf's process: they cannot be shipped into an engine's
        assertCleanError(cli("run", "writes", "--engines", "neo4j,kuzu", "--scenarios", "batch-writer-durable-c8", "--out", dir.toString()),
                "scenario batch-writer-durable-c8 runs over any transport but embedded");
        assertCleanError(cli("run", "writes", "--transports", "embedded", "--server", "bolt://x:7687", "--reset", "delete-all", "--out", dir.toString()),
                "transport embedded (option --transports) runs on the engine graphperf starts");
    }

    @Test
    void aWrongTransportIsRefusedBeforeAnyEngineStartsEveryWrongNameSaid(@TempDir Path dir) {
        // each experiment reads --transports the same way, before a dataset is made or an engine started (an unreachable
        // server proves it: the refusal comes first)
        for (String experiment : List.of("reads", "writes")) {
            CliErrorsTest.Outcome o = cli("run", experiment, "--transports", "bolt,ws-bsno,ws-bson-gzip,ws-json-linger2s,grpc", "--out", dir.toString());
            assertCleanError(o, "unknown format 'bsno'");
            for (String said : List.of("unknown compression 'gzip'", "linger '2s'", "unknown transport 'grpc'", "(option --transports)")) {
                assertTrue(o.err().contains(said), experiment + ": " + said + " in " + o.err());
            }
        }
        assertCleanError(cli("run", "workload", DocsCommandsTest.ROOT.resolve("examples/workloads/e2-reads.yaml").toString(), "--transports",
                "ws-bson-zst", "--out", dir.toString()), "unknown compression 'zst'");
        assertCleanError(cli("run", "writes", "--server", "bolt://127.0.0.1:1", "--reset", "delete-all", "--transports", "ws-bson", "--out", dir.toString()),
                "transport ws-bson (option --transports) runs on the engine graphperf starts");
        assertTrue(dir.toFile().list().length == 0, "nothing written for a refused run: " + List.of(dir.toFile().list()));
    }

    @Test
    void safetyAndArrivalsOptionsAreCheckedBeforeAnythingStarts(@TempDir Path dir) {
        for (String[] c : new String[][]{{"--tx-sizes: 7 is not one of [1, 10, 100, 1000, 10000]", "run", "safety", "--tx-sizes", "1,7"},
                {"--kills must be 0 or more", "run", "safety", "--kills", "-1"}, {"--clients must be at least 1", "run", "safety", "--clients", "0"},
                {"Unknown option: '--rate=5'", "run", "safety", "--rate=5"},
                {"unknown arrivals 'sometimes' (option --arrivals); known: fixed, poisson", "run", "writes", "--load", "open", "--rate", "50", "--arrivals", "sometimes"},
                {"--arrivals poisson spaces an open model's operations", "run", "writes", "--arrivals", "poisson"},
                {"--arrivals poisson spaces an open model's operations", "run", "workload", WorkloadIT.EXAMPLES.resolve("social-app.yaml").toString(), "--arrivals", "poisson"}}) {
            List<String> args = new ArrayList<>(List.of(c).subList(1, c.length));
            args.addAll(List.of("--out", dir.toString()));
            Outcome o = cli(args.toArray(String[]::new));
            assertEquals(2, o.code(), String.join(" ", args) + ": " + o.err());
            assertCleanError(o, c[0]);
        }
        assertEquals(0, dir.toFile().list().length, "nothing started, no results folder");
    }

    @Test
    void everyProblemWithTheOptionsIsNamedAtOnce(@TempDir Path dir) {
        Outcome o = cli("run", "reads", "--queries", "q99", "--repeat", "0", "--variant", "x:no-equals-sign", "--out", dir.toString());
        assertEquals(2, o.code(), "bad usage: " + o.err());
        assertCleanError(o, "3 problems with the options");
        assertCleanError(o, "unknown query 'q99' (option --queries)");
        assertCleanError(o, "--repeat must be at least 1, not 0");
        assertCleanError(o, "bad --variant 'x:no-equals-sign'");
        Outcome one = cli("run", "reads", "--queries", "q99", "--out", dir.toString());
        assertCleanError(one, "unknown query 'q99' (option --queries)");
        assertFalse(one.err().contains("problems with the options"), "one problem is said as it is: " + one.err());
        // an unknown engine refuses the options and the engine choice, both of which read it: said once
        Outcome engine = cli("run", "reads", "--engines", "neo4j,foo", "--out", dir.toString());
        assertCleanError(engine, "unknown engine 'foo' (option --engines)");
        assertEquals(1, engine.err().split("unknown engine 'foo'", -1).length - 1, "said once: " + engine.err());
    }

    @Test
    void unknownScenario(@TempDir Path dir) {
        assertCleanError(cli("run", "writes", "--scenarios", "create-labelled,bogus", "--out", dir.toString()), "unknown scenario 'bogus' (option --scenarios)");
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
    void matrixFilesAreCheckedBeforeAnythingStarts(@TempDir Path dir) throws Exception {
        assertCleanError(cli("run", "import", "--matrix", dir.resolve("none.yaml").toString(), "--out", dir.toString()), "none.yaml (option --matrix) does not exist");
        Path m = dir.resolve("m.yaml");
        java.nio.file.Files.writeString(m, "experiment: import\naxes: {cache: {small: {settings: {page-cache: 64m}}, big: {settings: {page-cache: 512m}}}}\n");
        assertCleanError(cli("run", "writes", "--matrix", m.toString(), "--out", dir.toString()), "is for experiment 'import', not 'writes'");
        assertCleanError(cli("run", "import", "--matrix", m.toString(), "--variant", "x:page-cache=1m", "--out", dir.toString()),
                "--matrix and --variant do not go together");
        java.nio.file.Files.writeString(m, "axes: {cache: {small: {settings: {disk-cache: 64}}}}\n");
        assertCleanError(cli("run", "import", "--matrix", m.toString(), "--out", dir.toString()), "unknown setting 'disk-cache'");
        java.nio.file.Files.writeString(m, "axes: {cache: {small: {settings: {page-cache: 64m}}}}\noptions: {scael: 1}\n");
        assertCleanError(cli("run", "import", "--matrix", m.toString(), "--out", dir.toString()), "unknown config key 'scael'");
        java.nio.file.Files.writeString(m, "axes: {fs: {a: {data: {kind: zfs, recordsize: 3k}}}}\n");
        assertCleanError(cli("run", "import", "--matrix", m.toString(), "--out", dir.toString()), "power of two from 512 to 128k");
        assertCleanError(cli("run", "import", "--dataset", "export", "--index", "Item.name", "--out", dir.toString()), "--index applies to CSV datasets");
        try (var runs = java.nio.file.Files.list(dir)) {
            assertTrue(runs.noneMatch(java.nio.file.Files::isDirectory), "no results folder: nothing was started");
        }
    }

    /** E3 needs an engine with an export format of its own; OrientDB's settings are checked; nothing is generated or started first. */
    @Test
    void anExportImportIsCheckedBeforeAnythingStarts(@TempDir Path dir) {
        assertCleanError(cli("run", "import", "--dataset", "export", "--scale", "0.01", "--out", dir.toString()), "has no import of an export of its own");
        assertCleanError(cli("run", "import", "--engine", "orientdb", "--setting", "orientdb.storage.diskCache.bufferSize=64", "--dataset", "export",
                "--out", dir.toString()), "its disk cache is the run's page cache");
        assertCleanError(cli("run", "import", "--engine", "orientdb", "--setting", "orientdb.cache=64", "--dataset", "export", "--out", dir.toString()),
                "'cache' is not an OrientDB setting");
        assertCleanError(cli("run", "import", "--dataset", "no-such-thing", "--out", dir.toString()), "neither b2b, social, export");
    }

    @Test
    void engineOptionsDoNotApplyToAUsersServer(@TempDir Path dir) {
        assertCleanError(cli("run", "writes", "--server", "bolt://127.0.0.1:1", "--heap", "2g", "--reset", "delete-all", "--out", dir.toString()),
                "--heap applies to the engine graphperf starts, not to --server");
        assertCleanError(cli("run", "writes", "--reset", "delete-all", "--out", dir.toString()), "--reset applies to --server");
    }

    @Test
    void whatCannotBeDoneOnYourServersIsRefusedByName(@TempDir Path dir) {
        assertCleanError(cli("run", "reads", "--server", "bolt://127.0.0.1:1", "--transports", "bolt,embedded", "--out", dir.toString()),
                "transport embedded (option --transports) runs on the engine graphperf starts");
        assertCleanError(cli("run", "reads", "--server", "bolt://127.0.0.1:1", "--cache", "cold", "--out", dir.toString()), "--cache cold restarts the server");
        assertCleanError(cli("run", "reads", "--server", "bolt://127.0.0.1:1", "--servers", "3", "--out", dir.toString()), "list your servers instead");
        assertCleanError(cli("run", "reads", "--reset", "delete-all", "--out", dir.toString()), "Unknown options: '--reset'");
        assertCleanError(cli("run", "writes", "--server", "bolt://127.0.0.1:1,bolt://127.0.0.1:2", "--reset", "delete-all", "--server-warmup", "0s",
                "--out", dir.toString()), "a round-robin group is for experiments that only read");
    }

    @Test
    void unknownConfigKeyNamesTheFileAndLine(@TempDir Path dir) throws Exception {
        Path config = dir.resolve("run.yaml");
        Files.writeString(config, "experiment: writes\nclients: 4\nclinets: 8\n");
        assertCleanError(cli("run", "--config", config.toString(), "--out", dir.toString()), "unknown config key 'clinets' in " + config + " at line 3");
        // a key of another experiment is unknown to this one
        Files.writeString(config, "experiment: import\nclients: 4\n");
        assertCleanError(cli("run", "--config", config.toString(), "--out", dir.toString()), "unknown config key 'clients' in " + config + " at line 2");
    }

    @Test
    void badConfigValue(@TempDir Path dir) throws Exception {
        Path config = dir.resolve("run.yaml");
        Files.writeString(config, "experiment: writes\nduration: forever\n");
        assertCleanError(cli("run", "--config", config.toString(), "--out", dir.toString()), "bad duration 'forever'");
    }

    @Test
    void theCommandLineWinsOverTheConfigFile(@TempDir Path dir) throws Exception {
        Path config = dir.resolve("run.yaml");
        Files.writeString(config, "experiment: writes\nclients: 4\ntransports: [bolt]\nscenarios: [create-labelled, unwind-10]\n");
        WritesOptions o = (WritesOptions) options("run", "--config", config.toString(), "--clients", "6", "--transports", "http");
        assertEquals(6, o.plan().run().executor().clients());
        assertEquals(List.of(TransportName.HTTP), o.plan().transports(), "a list option is replaced, not appended to");
        assertEquals(2, o.plan().scenarios().size());
    }

    @Test
    void unreachableServer(@TempDir Path dir) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort(); // free once closed: nothing listens there
        }
        Outcome o = cli("run", "writes", "--server", "bolt://127.0.0.1:" + port, "--reset", "delete-all", "--server-warmup", "0s", "--out", dir.toString());
        assertCleanError(o, "cannot reach Neo4j at bolt://127.0.0.1:" + port);
    }

    @Test
    void portInUse(@TempDir Path dir) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Outcome o = cli("run", "writes", "--bolt-port", Integer.toString(taken.getLocalPort()), "--out", dir.toString());
            assertCleanError(o, "port " + taken.getLocalPort() + " on 127.0.0.1 is in use (setting bolt-port)");
        }
    }

    /** Every command's --help renders, lists only its own options, and picocli has nothing to warn about. */
    @Test
    void everyCommandsHelpRendersWithoutWarnings() {
        List<List<String>> paths = new ArrayList<>(List.of(List.of(), List.of("run"), List.of("compare"), List.of("report"), List.of("list"), List.of("engines"),
                List.of("overhead"), List.of("datagen"), List.of("datagen", "social"), List.of("datagen", "b2b"), List.of("datagen", "export"),
                List.of("datagen", "stats")));
        for (String e : io.graphperf.workloads.Experiments.all().keySet()) paths.add(List.of("run", e));
        for (List<String> p : paths) {
            List<String> args = new ArrayList<>(p);
            args.add("--help");
            Outcome o = cli(args.toArray(String[]::new));
            assertEquals(0, o.code(), p.toString());
            assertTrue(o.out().contains("Usage: graphperf" + (p.isEmpty() ? "" : " " + String.join(" ", p))), p + ": " + o.out());
            assertEquals("", o.err(), p + ": help must render without warnings");
        }
        String importHelp = cli("run", "import", "--help").out();
        assertTrue(importHelp.contains("--scale") && importHelp.contains("--variant"), importHelp);
        assertFalse(importHelp.contains("--clients") || importHelp.contains("--rate") || importHelp.contains("--server "), importHelp);
        String writesHelp = cli("run", "writes", "--help").out();
        assertTrue(writesHelp.contains("--clients") && writesHelp.contains("--server"), writesHelp);
        assertFalse(writesHelp.contains("--scale") || writesHelp.contains("--bolt-threads"), writesHelp);
        String cdcHelp = cli("run", "cdc", "--help").out();
        assertTrue(cdcHelp.contains("--multipliers") && cdcHelp.contains("--fault") && cdcHelp.contains("--bootstrap-servers"), cdcHelp);
        assertFalse(cdcHelp.contains("--server ") || cdcHelp.contains("--data-dir"), cdcHelp);
        assertTrue(cdcHelp.contains("--clients") && cdcHelp.contains("Clients committing in the open"), "cdc's own --clients: " + cdcHelp);
    }

    @Test
    void anIniConfigIsCdcsAlone(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path ini = dir.resolve("x.ini");
        java.nio.file.Files.writeString(ini, "[producer]\nunit = 5\n");
        Outcome o = cli("run", "writes", "--config", ini.toString());
        assertEquals(2, o.code(), "bad input: " + o.err());
        assertTrue(o.err().contains("ini files are for cdc"), o.err());
        java.nio.file.Files.writeString(ini, "[producer]\nunits = 5\n");
        o = cli("run", "cdc", "--config", ini.toString());
        assertEquals(2, o.code(), "bad input: " + o.err());
        assertTrue(o.err().contains(ini + ":2") && o.err().contains("units"), o.err());
    }

    @Test
    void verboseShowsTheStackTrace(@TempDir Path dir) {
        Outcome o = cli("run", "writes", "--scenarios", "bogus", "--verbose", "--out", dir.toString());
        assertTrue(o.err().contains("unknown scenario") && o.err().contains("\tat "), o.err());
    }

    @Test
    void theReadmeExampleConfigsAreValid() {
        Path home = Path.of(System.getProperty("graphperf.home"));
        WritesOptions w = (WritesOptions) options("run", "--config", home.resolve("examples/writes-open-model.yaml").toString());
        assertEquals(3, w.plan().scenarios().size());
        assertEquals(100.0, ((Open) w.plan().run().executor()).ratePerSecond());
        assertEquals(30, w.plan().run().window().toSeconds());
        ImportOptions i = (ImportOptions) options("run", "--config", home.resolve("examples/import-before-after.yaml").toString());
        assertEquals(List.of(0.001, 0.003), i.scales());
    }

    @Test
    void badVariantsAreNamed(@TempDir Path dir) {
        String out = dir.toString();
        assertCleanError(cli("run", "import", "--variant", "x:colour=blue", "--out", out), "bad --variant 'x:colour=blue': unknown key 'colour'");
        assertCleanError(cli("run", "import", "--variant", "nocolon", "--out", out), "expected NAME:key=value");
        assertCleanError(cli("run", "import", "--variant", "a:heap=1g", "--variant", "a:heap=2g", "--out", out), "is used twice");
        assertCleanError(cli("run", "import", "--repeat", "0", "--out", out), "--repeat must be at least 1");
        assertCleanError(cli("run", "import", "--dataset", "/no/such/folder", "--out", out), "is neither b2b, social, export, an existing folder nor an export file");
    }

    @Test
    void datagenThroughTheCli(@TempDir Path dir) throws Exception {
        assertCleanError(cli("datagen", "b2b", "--scale", "0", "--out", dir.resolve("x").toString()), "bad scale 0.0 (option --scale)");
        Path out = dir.resolve("social");
        Outcome ok = cli("datagen", "social", "--scale", "0.05", "--out", out.toString(), "--gzip");
        assertEquals(0, ok.code(), ok.failure());
        assertTrue(ok.out().contains("Import:   neo4j-admin database import full neo4j "), ok.out());
        assertCleanError(cli("datagen", "social", "--scale", "0.05", "--out", out.toString()), "is not empty (option --out); pass --force");
        Outcome stats = cli("datagen", "stats", out.toString());
        assertEquals(0, stats.code(), stats.failure());
        assertTrue(stats.out().contains("FRIEND_OF degree of Person (either end)"), stats.out());
        assertCleanError(cli("datagen", "stats", dir.resolve("nothing").toString()), "is not a folder");
        assertCleanError(cli("datagen", "export", "--engine", "nosuch", "--out", dir.resolve("e").toString()), "unknown engine 'nosuch' (option --engine)");
        assertCleanError(cli("datagen", "export", "--engine", "kuzu", "--out", dir.resolve("e").toString()), "--engine kuzu has no export format of its own");
    }
}
