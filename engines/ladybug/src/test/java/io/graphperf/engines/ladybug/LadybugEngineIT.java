package io.graphperf.engines.ladybug;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.measure.Closed;
import io.graphperf.core.measure.InProcess;
import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.OperationMix;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Warmup;
import io.graphperf.engines.kuzu.KuzuEngineIT;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * LadybugDB's engine host and its Python server on a small dataset in the bulk-import layout: the loader, queries across the
 * boundary, the boundary's round trip measured at open, the in-process Runner, an error that leaves the server serving, and
 * neither the host nor the server left running.
 */
class LadybugEngineIT {

    static final Path HOME = Path.of(System.getProperty("graphperf.home", "../.."));

    @Test
    void loadsTheDatasetAnswersAcrossTheBoundaryMeasuresAndLeavesNothingBehind(@TempDir Path dir) throws Exception {
        Path data = Files.createDirectories(dir.resolve("data"));
        LadybugEngines engines = new LadybugEngines(new EngineDescriptor.Context(dir.resolve("trial"), dir.resolve("trial"), HOME, "256m", 64L << 20,
                Map.of(), false));
        BulkImport store = engines.bulkImport("reads", Map.of());
        BulkImport.Outcome out = store.importFiles(KuzuEngineIT.dataset(data), null);
        assertEquals(3, out.nodes(), "nodes loaded: " + out);
        assertEquals(2, out.relationships(), "relationships loaded: " + out);
        long host;
        long server;
        try (Engine e = store.start()) {
            host = e.serverPid().orElseThrow();
            server = ((Number) e.environment().get("serverPid")).longValue();
            assertTrue(ProcessHandle.of(server).map(ProcessHandle::isAlive).orElse(false), "the Python server runs: " + e.environment());
            assertEquals(LadybugPackage.VERSION, e.environment().get("version"), "the open request's reply names the package: " + e.environment());
            assertTrue(e.environment().get("noopRoundTripMicros") instanceof Map<?, ?> rt && ((Number) rt.get("p50")).doubleValue() > 0,
                    "the boundary's round trip, measured at open: " + e.environment());
            assertEquals("kuzu", e.dialect().id(), "LadybugDB speaks Kuzu's Cypher");
            assertEquals(3, e.queryLong("MATCH (p:Person) RETURN count(p)"));
            List<List<Object>> rows = e.fetchInProcess(new Statement(
                    "MATCH (a:Person {personKey: $k})-[:FRIEND_OF]-(f:Person) RETURN f.personKey AS k, f.name AS name, f.active AS active ORDER BY k",
                    Map.of("k", 2)));
            assertEquals(List.of(List.of(1, "Ann", true), Arrays.asList(3, null, true)), rows, "the empty field is no value, as Neo4j's importer makes it");
            assertEquals(List.of(List.of("Bo, \"the\" second")), e.fetchInProcess(new Statement("MATCH (p:Person) WHERE p.personKey IN $ks RETURN p.name",
                    Map.of("ks", List.of(2)))), "a quoted field and a list parameter");
            OperationMix mix = new OperationMix(List.of(new OperationMix.Type("friends", "MATCH (:Person {personKey: $k})-[:FRIEND_OF]-(f) RETURN f.personKey",
                    null, List.of(Map.of("k", 1), Map.of("k", 2)), 1, 1)));
            Measurement m = InProcess.measure(e, InProcessPlan.of(mix, new RunPlan(new Closed(2), new Warmup.Fixed(Duration.ZERO), Duration.ofMinutes(1), 100,
                    Duration.ofMillis(200), RunPlan.DEFAULT_BATCHES, null), null));
            assertEquals(200, m.throughput().ops(), "every operation of the plan measured: " + m);
            assertEquals(0, m.outcomes().errors(), "no errors: " + m.outcomes().errorSamples());
            UserError bad = assertThrows(UserError.class, () -> e.fetchInProcess(new Statement("MATCH (p:Nobody) RETURN p", Map.of())));
            assertTrue(bad.getMessage().contains("Nobody"), "LadybugDB's own message comes back: " + bad.getMessage());
            assertEquals(3, e.queryLong("MATCH (p:Person) RETURN count(p)"), "the server serves on after an error");
        }
        assertFalse(ProcessHandle.of(host).map(ProcessHandle::isAlive).orElse(false), "the engine host exited at close");
        assertFalse(ProcessHandle.of(server).map(ProcessHandle::isAlive).orElse(false), "the Python server exited at close");
        store.deleteStore();
        assertFalse(Files.exists(engines.storeDir("reads")), "the store is deleted");
    }
}
