package io.graphperf.cli;

import io.graphperf.core.engine.TransportName;
import io.graphperf.workloads.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A workload file's bad input, each refused before any engine starts or any byte is loaded: exit 2, the file, line and key named, no
 * results folder made. (A text that does not compile needs an engine to plan it: WorkloadIT.) And the file's options read as the
 * command line's, the command line winning, paths relative to the file.
 */
class WorkloadErrorsTest {

    @TempDir
    Path dir;

    private static final String GOOD = """
            parameters:
              people: {csv: people.csv}
              newId: {unique: {start: 100}}
            operations:
              - name: friends
                weight: 3
                cypher: "MATCH (p {id: $person})--(f) RETURN f.id ORDER BY f.id"
              - name: signup
                write: true
                cypher: "CREATE (:P {id: $newId})"
                id: {parameter: newId, label: P, property: id}
            clients: [2, 4]
            duration: 7s
            thresholds: ["friends p99 < 50ms"]
            """;

    private Path file(String yaml) throws IOException {
        Files.writeString(dir.resolve("people.csv"), "person:long\n1\n2\n");
        Path f = dir.resolve("w.yaml");
        Files.writeString(f, yaml);
        return f;
    }

    /** The run refused with exit 2 and a message holding every one of {@code expected}; nothing started, no results folder. */
    private void refused(String yaml, String... expected) throws IOException {
        refusedWith(List.of(file(yaml).toString()), expected);
    }

    private void refusedWith(List<String> extra, String... expected) throws IOException {
        Path out = dir.resolve("out");
        List<String> args = new java.util.ArrayList<>(List.of("run", "workload"));
        args.addAll(extra);
        args.addAll(List.of("--out", out.toString()));
        CliErrorsTest.Outcome o = CliErrorsTest.cli(args.toArray(String[]::new));
        assertEquals(2, o.code(), o.failure());
        for (String e : expected) assertTrue(o.err().contains(e), "expected '" + e + "' in: " + o.err());
        assertFalse(o.err().contains("\tat "), "no stack trace: " + o.err());
        assertFalse(Files.isDirectory(out) && Files.list(out).findAny().isPresent(), "nothing started: no results folder");
    }

    @Test
    void anUnknownKeyIsNamedWithItsFileAndLine() throws IOException {
        refused(GOOD.replace("    weight: 3", "    wieght: 3"), "w.yaml line 6", "unknown key 'wieght'");
        refused(GOOD + "clents: 4\n", "unknown key 'clents'", "w.yaml at line 15", "known keys: name, description, operations, parameters, schema, and the options", " clients,");
    }

    @Test
    void yamlThatDoesNotParseIsNamedWithItsLine() throws IOException {
        refused(GOOD.replace("    cypher: \"CREATE (:P {id: $newId})\"", "    cypher: CREATE (:P {id: $newId})"), "w.yaml line 10", "not valid YAML",
                "must be quoted");
    }

    @Test
    void aParameterNoSourceGivesIsNamed() throws IOException {
        refused(GOOD.replace("{id: $person}", "{id: $persn}"), "w.yaml line 5", "operation 'friends' uses parameter persn, which no parameter source gives");
    }

    @Test
    void aMissingCsvColumnAndAnEmptyParameterFileAreNamed() throws IOException {
        refused(GOOD.replace("{csv: people.csv}", "{csv: people.csv, columns: [personId]}"), "w.yaml line 2", "column 'personId' is not in",
                "people.csv (line 1 has person)");
        Files.writeString(dir.resolve("empty.csv"), "person:long\n");
        refused(GOOD.replace("people.csv", "empty.csv"), "w.yaml line 2", "empty.csv has no records below its header");
    }

    @Test
    void aWeightOfZeroOrLessIsRefused() throws IOException {
        refused(GOOD.replace("weight: 3", "weight: 0"), "w.yaml line 6", "weight 0 must be at least 1");
    }

    @Test
    void aThresholdThatDoesNotParseIsNamedWhereItWasGiven() throws IOException {
        refused(GOOD.replace("friends p99 < 50ms", "friends p99 under 50ms"), "bad threshold 'friends p99 under 50ms'", "w.yaml line 14, key 'thresholds'");
        refusedWith(List.of(file(GOOD).toString(), "--threshold", "p42 < 1ms"), "bad threshold 'p42 < 1ms' (option --threshold)");
    }

    @Test
    void aWriteAgainstYourServerWithoutResetIsRefused() throws IOException {
        refusedWith(List.of(file(GOOD).toString(), "--server", "bolt://127.0.0.1:1"), "operation 'signup'", "w.yaml line 8", "--reset delete-all");
    }

    @Test
    void theFilesOptionsAreTheCommandLinesTheCommandLineWinsAndPathsAreTheFiles() throws IOException {
        Path data = Files.createDirectories(dir.resolve("data"));
        Files.writeString(data.resolve("P-header.csv"), "id:ID(P)\n");
        Files.writeString(data.resolve("P-part-1.csv"), "1\n");
        Path f = file(GOOD + "dataset: data\ntransports: [bolt, http]\n");
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        WorkloadOptions o = (WorkloadOptions) CliErrorsTest.options("run", "workload", f.toString(), "--clients", "8", "--out", elsewhere.toString());
        assertEquals(List.of(8), o.loads().stream().map(e -> e.clients()).toList(), "the command line's --clients wins over the file's");
        assertEquals(java.time.Duration.ofSeconds(7), o.timing().duration(), "the file's duration");
        assertEquals(List.of(TransportName.BOLT, TransportName.HTTP), o.transports());
        assertEquals(data.toAbsolutePath().normalize(), o.data().folder(), "dataset: data is the folder beside the file");
        assertEquals(1, o.thresholds().size());
    }

    @Test
    void aRampIsStagesFromAStartRateAfterAFixedWarmup() throws IOException {
        Path f = file(GOOD);
        refusedWith(List.of(f.toString(), "--load", "ramping", "--rate", "50", "--warmup", "5s"), "--load ramping needs --stages");
        refusedWith(List.of(f.toString(), "--load", "ramping", "--rate", "50", "--stages", "30s:100"), "needs a fixed --warmup");
        refusedWith(List.of(f.toString(), "--load", "ramping", "--rate", "50", "--warmup", "5s", "--stages", "30s:lots"), "bad stage '30s:lots'");
        refusedWith(List.of(f.toString(), "--stages", "30s:100"), "--stages needs --load ramping");
        WorkloadOptions o = (WorkloadOptions) CliErrorsTest.options("run", "workload", f.toString(), "--load", "ramping", "--rate", "50", "--warmup", "5s",
                "--stages", "30s:100,1m:400", "--clients", "16", "--out", dir.resolve("o").toString());
        io.graphperf.core.measure.Ramping r = (io.graphperf.core.measure.Ramping) o.loads().get(0);
        assertEquals(90_000, r.windowMillis());
        assertEquals(16, r.clients());
        assertEquals(java.time.Duration.ofSeconds(90), o.plan(r).window(), "the window is the stages' total, whatever the file's duration");
    }
}
