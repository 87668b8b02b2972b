package io.graphperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.ImportFiles;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.engines.neo4j.HostSettings;
import io.graphperf.engines.neo4j.Neo4jEngine;
import io.graphperf.workloads.Experiments;
import io.graphperf.workloads.imports.ImportDatasets;
import io.graphperf.workloads.workload.BoltLoad;
import io.graphperf.workloads.workload.WorkloadData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Workload files end to end: on "your" server (a Neo4j this test starts and gives graphperf by its Bolt address only) the example's
 * data loaded over Bolt — a load cut off half-way resumed, a database holding other data refused —, a text that does not compile refused
 * before anything is loaded, thresholds met (exit 0) and not (exit 3); on engines graphperf starts, one engine's wrong text caught by the
 * answer check with its parameters and both answers; E2's parameter files still the generator's.
 */
class WorkloadIT {

    static {
        Experiments.all();
    }

    static final Path EXAMPLES = Home.get().resolve("examples/workloads");

    @Test
    void yourServerLoadedOverBoltMeasuredAndGated(@TempDir Path dir) throws Exception {
        try (Neo4jEngine yours = Neo4jEngine.embedded(new HostSettings(dir.resolve("yours"), "768m", "128m", null, null, 0, 0, Map.of()), Home.get())) {
            resumesAnInterruptedLoad(yours);
            String uri = yours.boltUri();
            long before = yours.queryLong("MATCH (n) RETURN count(n)");
            // a text the server cannot compile: refused (exit 2) before anything is loaded or emptied
            Path bad = dir.resolve("bad.yaml");
            Files.writeString(bad, Files.readString(EXAMPLES.resolve("social-app.yaml")).replace("dataset: social-app/data", "dataset: "
                    + EXAMPLES.resolve("social-app/data")).replace("RETURN p.postId, p.createdAt", "RETURN p.postId, p.createdAt,"));
            CliErrorsTest.Outcome o = run(dir, bad.toString(), "--server", uri, "--reset", "delete-all");
            assertEquals(2, o.code(), o.failure());
            assertTrue(o.err().contains("operation 'timeline'") && o.err().contains("does not compile"), o.err());
            assertEquals(before, yours.queryLong("MATCH (n) RETURN count(n)"), "nothing loaded or emptied");
            // the example: loaded over Bolt (its data replaces the one above), checked, measured; a threshold kept, then one not
            o = run(dir, EXAMPLES.resolve("social-app.yaml").toString(), "--server", uri, "--reset", "delete-all", "--threshold", "throughput > 1/s");
            assertEquals(0, o.code(), o.failure());
            RunResult r = last(dir);
            assertTrue(String.valueOf(((WorkloadData) r.data().get(0).data()).data()).contains("over Bolt"), r.data().toString());
            Cell c = r.cells().get(0);
            assertEquals("bolt", c.transport());
            assertTrue(c.verified() && c.checks().get(0).expected() > 0, "every acknowledged post is on your server: " + c.checks());
            assertTrue(r.thresholds().stream().allMatch(t -> t.met()), r.thresholds().toString());
            o = run(dir, EXAMPLES.resolve("social-app.yaml").toString(), "--server", uri, "--reset", "delete-all", "--threshold", "profile p50 < 1us");
            assertEquals(3, o.code(), o.failure());
            assertTrue(o.out().contains("THRESHOLDS NOT MET: profile p50 < 1us"), o.out());
            // a read-only workload on a database holding other data, without --reset: refused, the data left as it is
            long now = yours.queryLong("MATCH (n) RETURN count(n)");
            Path ro = dir.resolve("ro.yaml");
            Files.writeString(ro, "dataset: " + EXAMPLES.resolve("social-app/data") + "\nparameters:\n  user: {uniform: [1, 1000]}\noperations:\n"
                    + "  - name: profile\n    cypher: \"MATCH (u:User {userId: $user}) RETURN u.name\"\n");
            o = run(dir, ro.toString(), "--server", uri);
            assertEquals(2, o.code(), o.failure());
            assertTrue(o.err().contains("holds data other than this dataset") && o.err().contains("--reset delete-all"), o.err());
            assertEquals(now, yours.queryLong("MATCH (n) RETURN count(n)"));
            yours.checkHealthy();
        }
    }

    /** A load whose connection fails after some batches is resumed by the next: the committed batches skipped, every row there once. */
    private static void resumesAnInterruptedLoad(Neo4jEngine yours) throws Exception {
        ImportFiles files = ImportFiles.of(ImportDatasets.integerKeys(EXAMPLES.resolve("social-app/data")).importArguments(0), "test");
        UserError cut = assertThrows(UserError.class, () -> new BoltLoad(failingAfter(yours, 12), files, 2, 500, false, ProgressListener.NONE).load());
        assertTrue(cut.getMessage().contains("connection lost"), cut.getMessage());
        long committed = yours.queryLong("MATCH (m:" + BoltLoad.MARKER + ") RETURN count(m)");
        assertTrue(committed > 0 && committed < 34, "some of the 34 batches committed: " + committed);
        BoltLoad.Outcome o = new BoltLoad(yours, files, 2, 500, false, ProgressListener.NONE).load();
        assertEquals(committed, o.resumedBatches());
        assertEquals(1000, yours.queryLong("MATCH (n:User) RETURN count(n)"));
        assertEquals(4000, yours.queryLong("MATCH (n:Post) RETURN count(n)"));
        assertEquals(8000, yours.queryLong("MATCH ()-[r:FOLLOWS]->() RETURN count(r)"));
        assertEquals(4000, yours.queryLong("MATCH ()-[r:POSTED]->() RETURN count(r)"));
        assertEquals(1000, yours.queryLong("MATCH (n:User) RETURN count(DISTINCT n.userId)"), "each row once");
        assertEquals(0, yours.queryLong("MATCH (m:" + BoltLoad.MARKER + ") RETURN count(m)"), "the markers are gone");
        assertTrue(new BoltLoad(yours, files, 2, 500, false, ProgressListener.NONE).load().alreadyLoaded(), "loaded once: left as it is");
    }

    @Test
    void oneEnginesWrongTextIsCaughtBeforeItsCellsAreMeasured(@TempDir Path dir) throws Exception {
        Path wrong = dir.resolve("wrong.yaml");
        Files.writeString(wrong, Files.readString(EXAMPLES.resolve("social-app.yaml")).replace("dataset: social-app/data", "dataset: "
                + EXAMPLES.resolve("social-app/data")).replace("RETURN u.name, u.city, u.age, count(f) AS followers\"",
                "RETURN u.name, u.city, u.age, count(f) AS followers\"\n    kuzu: \"MATCH (u:User {userId: $user}) RETURN u.name, u.city, u.age + 1, 0\""));
        CliErrorsTest.Outcome o = run(dir, wrong.toString(), "--engines", "neo4j,kuzu", "--heap", "768m");
        assertEquals(1, o.code(), o.failure());
        assertTrue(o.out().contains("wrong answer: operation profile with parameters {user=") && o.out().contains("the reference (neo4j over embedded) answered [[")
                && o.out().contains("kuzu over embedded answered"), o.out());
        RunResult r = last(dir);
        assertEquals(List.of("neo4j"), r.cells().stream().map(Cell::variant).distinct().toList(), "kuzu's cells are not measured");
        assertTrue(r.cells().get(0).verified(), "neo4j's posts all there");
    }

    @Test
    void e2sParameterFilesAreWhatTheGeneratorGivesAtScale1Seed1(@TempDir Path dir) throws Exception {
        var ds = ImportDatasets.generated("social", 1, 1, 0, 2, dir, List.of(), ProgressListener.NONE);
        JsonNode p = new ObjectMapper().readTree(ds.dir().resolve("read-parameters.json").toFile());
        Path e2 = EXAMPLES.resolve("e2-reads");
        assertEquals(csv("person:long", p.get("people"), n -> n.asText()), Files.readString(e2.resolve("people.csv")));
        assertEquals(csv("group:long", p.get("groups"), n -> n.asText()), Files.readString(e2.resolve("groups.csv")));
        assertEquals(csv("a:long,b:long", p.get("personPairs"), n -> n.get(0).asText() + "," + n.get(1).asText()), Files.readString(e2.resolve("pairs.csv")));
        assertEquals(csv("people:long[]", p.get("peopleBatches"), WorkloadIT::items), Files.readString(e2.resolve("batches.csv")));
        assertEquals(csv("person:long,activity:long", p.get("personActivities"), n -> n.get("person").asText() + "," + n.get("activities").get(0).asText()),
                Files.readString(e2.resolve("person-activity.csv")));
        assertEquals(csv("person:long,activities:long[]", p.get("personActivities"), n -> n.get("person").asText() + "," + items(n.get("activities"))),
                Files.readString(e2.resolve("person-activities.csv")));
        assertEquals(csv("person:long,message:long", p.get("personMessages"), n -> n.get("person").asText() + "," + n.get("messages").get(0).asText()),
                Files.readString(e2.resolve("person-message.csv")), "examples/workloads/e2-reads/make-parameters.py remakes them");
    }

    private static String items(JsonNode list) {
        List<String> out = new ArrayList<>();
        list.forEach(x -> out.add(x.asText()));
        return String.join(";", out);
    }

    private static String csv(String header, JsonNode rows, java.util.function.Function<JsonNode, String> row) {
        StringBuilder b = new StringBuilder(header).append('\n');
        rows.forEach(r -> b.append(row.apply(r)).append('\n'));
        return b.toString();
    }

    private static CliErrorsTest.Outcome run(Path dir, String file, String... more) {
        List<String> args = new ArrayList<>(List.of("run", "workload", file, "--clients", "2", "--warmup", "500ms", "--duration", "2s", "--server-warmup", "0s",
                "--check-samples", "5", "--out", dir.resolve("out").toString()));
        args.addAll(List.of(more));
        return CliErrorsTest.cli(args.toArray(String[]::new));
    }

    private static RunResult last(Path dir) throws Exception {
        try (var l = Files.list(dir.resolve("out"))) {
            return JsonExporter.read(l.filter(p -> p.getFileName().toString().contains("-workload")).max(Path::compareTo).orElseThrow());
        }
    }

    /** {@code real} with its Bolt transport failing after {@code n} statements: a load cut off (the connection lost) part-way. */
    private static Engine failingAfter(Neo4jEngine real, int n) {
        AtomicInteger left = new AtomicInteger(n);
        return new Engine() {
            @Override
            public String description() {
                return real.description();
            }

            @Override
            public List<TransportName> transports() {
                return real.transports();
            }

            @Override
            public Transport transport(TransportName name) {
                Transport t = real.transport(name);
                return new Transport() {

                    @Override
                    public Session openSession() throws Exception {
                        Session s = t.openSession();
                        return new Session() {
                            @Override
                            public void execute(io.graphperf.core.engine.Operation operation) throws Exception {
                                s.execute(operation);
                            }

                            @Override
                            public List<List<Object>> fetch(Statement st) throws Exception {
                                if (left.decrementAndGet() < 0) throw new IllegalStateException("connection lost (the test cut it)");
                                return s.fetch(st);
                            }

                            @Override
                            public void close() throws Exception {
                                s.close();
                            }
                        };
                    }

                    @Override
                    public void close() throws Exception {
                        t.close();
                    }
                };
            }

            @Override
            public void execute(String statement) {
                real.execute(statement);
            }

            @Override
            public List<Object> queryColumn(String statement, Map<String, Object> parameters) {
                return real.queryColumn(statement, parameters);
            }

            @Override
            public long queryLong(String statement) {
                return real.queryLong(statement);
            }

            @Override
            public void awaitIndexesOnline() {
                real.awaitIndexesOnline();
            }

            @Override
            public void reset() {
                real.reset();
            }

            @Override
            public String resetMethod() {
                return real.resetMethod();
            }

            @Override
            public Map<String, Object> environment() {
                return real.environment();
            }

            @Override
            public OptionalLong serverPid() {
                return real.serverPid();
            }

            @Override
            public void close() {
            }
        };
    }
}
