package io.graphperf.core.measure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A measurement in named parts is written flat, one field per figure (run.json's form, read by users' scripts), and read back whole. */
class MeasurementJsonTest {

    @Test
    void writtenFlatAndReadBackWhole() throws Exception {
        Measurement m = RunnerTest.run(SyntheticTransport.fixed(200_000), new Open(200, 2), 0.2, 0.5, null);
        ObjectMapper json = new ObjectMapper();
        JsonNode tree = json.valueToTree(m);
        for (String field : List.of("load", "loadDescription", "clients", "offeredPerSecond", "warmupSeconds", "warmupSteady", "warmup",
                "windowSeconds", "ops", "opsPerSecond", "errors", "scheduled", "lateShare", "acknowledgedOps", "latency", "serviceTime",
                "latencyByType", "timeline", "batchRates", "steadiness", "resources", "drained")) {
            assertTrue(tree.has(field), field + " in " + tree.fieldNames().next() + "…");
        }
        for (String part : List.of("loadModel", "warmupEnd", "throughput", "latencies", "outcomes", "accounting")) assertFalse(tree.has(part), part);
        assertEquals(m.throughput().opsPerSecond(), tree.get("opsPerSecond").asDouble(), 1e-9);
        assertEquals(m.latencies().all().p99Ms(), tree.get("latency").get("p99Ms").asDouble(), 1e-9);
        assertEquals("open", tree.get("load").asText());

        Measurement back = json.treeToValue(tree, Measurement.class);
        assertNull(back.accounting(), "the accounting of operations is not part of run.json");
        assertEquals(tree, json.valueToTree(back), "written again, the same fields");
        assertEquals(List.of(m.loadModel(), m.warmupEnd(), m.throughput(), m.latencies(), m.outcomes(), m.resources()),
                List.of(back.loadModel(), back.warmupEnd(), back.throughput(), back.latencies(), back.outcomes(), back.resources()), "each part read back");
    }
}
