package io.graphperf.engines.kuzu;

import io.graphperf.core.measure.InProcess;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.OperationMix;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Warmup;
import io.graphperf.core.measure.Closed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Kuzu's engine host on a small dataset in the bulk-import layout: its loader, queries, the in-process Runner, and nothing left behind. */
public class KuzuEngineIT {

    static final Path HOME = Path.of(System.getProperty("graphperf.home", "../.."));

    /** Three people (one with quotes and a comma in a name, one with an empty field) and two friendships, in two part files. */
    public static List<String> dataset(Path d) throws Exception {
        Files.writeString(d.resolve("Person-header.csv"), "personKey:ID(Person),name,born:long,active:boolean\n");
        Files.writeString(d.resolve("Person-part-00000.csv"), "1,Ann,1990,true\n2,\"Bo, \"\"the\"\" second\",1985,false\n");
        Files.writeString(d.resolve("Person-part-00001.csv"), "3,,2001,true\n");
        Files.writeString(d.resolve("FRIEND_OF-header.csv"), ":START_ID(Person),:END_ID(Person),since:long\n");
        Files.writeString(d.resolve("FRIEND_OF-part-00000.csv"), "1,2,2020\n2,3,2021\n");
        return List.of("--id-type=integer", "--nodes=Person=" + d.resolve("Person-header.csv") + "," + d.resolve("Person-part-[0-9]+\\.csv"),
                "--relationships=FRIEND_OF=" + d.resolve("FRIEND_OF-header.csv") + "," + d.resolve("FRIEND_OF-part-[0-9]+\\.csv"));
    }

    static KuzuEngines engines(Path dir) {
        return new KuzuEngines(new EngineDescriptor.Context(dir, dir, HOME, "256m", 64L << 20, Map.of(), false));
    }

    @Test
    void loadsTheDatasetAnswersQueriesMeasuresInsideTheHostAndLeavesNothingBehind(@TempDir Path dir) throws Exception {
        Path data = Files.createDirectories(dir.resolve("data"));
        KuzuEngines engines = engines(dir.resolve("trial"));
        BulkImport store = engines.bulkImport("reads", Map.of());
        BulkImport.Outcome out = store.importFiles(dataset(data), null);
        assertEquals(3, out.nodes(), "nodes loaded: " + out);
        assertEquals(2, out.relationships(), "relationships loaded: " + out);
        assertTrue(store.storeFiles().values().stream().mapToLong(Long::longValue).sum() > 0, "the store has files: " + store.storeFiles());
        long pid;
        try (Engine e = store.start()) {
            pid = e.serverPid().orElseThrow();
            assertEquals("kuzu", e.dialect().id());
            assertEquals(3, e.queryLong("MATCH (p:Person) RETURN count(p)"));
            List<List<Object>> rows = e.fetchInProcess(new Statement(
                    "MATCH (a:Person {personKey: $k})-[:FRIEND_OF]-(f:Person) RETURN f.personKey AS k, f.name AS name, f.active AS active ORDER BY k",
                    Map.of("k", 2)));
            assertEquals(List.of(List.of(1, "Ann", true), java.util.Arrays.asList(3, null, true)), rows, "the empty field is no value, as Neo4j's importer makes it");
            assertEquals(List.of(List.of("Bo, \"the\" second")), e.fetchInProcess(new Statement("MATCH (p:Person) WHERE p.personKey IN $ks RETURN p.name",
                    Map.of("ks", List.of(2)))), "a quoted field and a list parameter");
            OperationMix mix = new OperationMix(List.of(new OperationMix.Type("friends", "MATCH (:Person {personKey: $k})-[:FRIEND_OF]-(f) RETURN f.personKey", null,
                    List.of(Map.of("k", 1), Map.of("k", 2)), 1, 1)));
            Measurement m = InProcess.measure(e, InProcessPlan.of(mix, new RunPlan(new Closed(2), new Warmup.Fixed(Duration.ZERO), Duration.ofMinutes(1), 200,
                    Duration.ofMillis(200), RunPlan.DEFAULT_BATCHES, null), null));
            assertEquals(400, m.throughput().ops(), "every operation of the plan measured: " + m);
            assertEquals(0, m.outcomes().errors(), "no errors: " + m.outcomes().errorSamples());
            UserError bad = assertThrows(UserError.class, () -> e.fetchInProcess(new Statement("MATCH (p:Nobody) RETURN p", Map.of())));
            assertTrue(bad.getMessage().contains("Nobody"), "Kuzu's own message comes back: " + bad.getMessage());
            assertEquals(3, e.queryLong("MATCH (p:Person) RETURN count(p)"), "the host serves on after an error");
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the engine host exited at close");
        store.deleteStore();
        assertFalse(Files.exists(engines.storeDir("reads")), "the store is deleted");
    }

    @Test
    void aHostWithoutKuzusJarSaysWhatToInstall(@TempDir Path dir) throws Exception {
        Path target = Files.createDirectories(dir.resolve("engines/kuzu/target"));
        Files.writeString(target.resolve("graphperf-kuzu.jar"), "");
        Files.writeString(target.resolve("kuzu-classpath.txt"), "/nowhere/jackson-databind.jar");
        UserError e = assertThrows(UserError.class, () -> new KuzuEngines(new EngineDescriptor.Context(dir.resolve("trial"), dir.resolve("trial"),
                dir, "256m", 64L << 20, Map.of(), false)).start("x"));
        assertTrue(e.getMessage().contains("com.kuzudb:kuzu:" + KuzuEngines.VERSION) && e.getMessage().contains("native library"), e.getMessage());
    }
}
