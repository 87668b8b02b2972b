package io.graphperf.core.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.core.report.JsonExporter;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Records of run.json held in named parts ({@code @JsonUnwrapped}) are written flat, as results-format.md lists their fields, and read
 * back whole: the parts are the code's, the format stays the users'.
 */
class RecordPartsTest {

    private static final ObjectMapper JSON = JsonExporter.mapper();

    @Test
    void anAgentsShareIsOneFlatObjectAndReadsBackTheSame() throws Exception {
        AgentShare a = new AgentShare(1, "host-b", 4242, new AgentShare.Work(900, 0.5, 50.0, 49.5, 0.01, 2),
                new AgentShare.Client(0.3, true, -1.25, 0.125));
        JsonNode tree = JSON.readTree(JSON.writeValueAsString(a));
        assertFlat(tree, List.of("agent", "host", "pid", "ops", "share", "offeredPerSecond", "opsPerSecond", "lateShare", "errors", "cpuCores",
                "clientBound", "clockOffsetMs", "clockErrorMs"), List.of("work", "client"));
        assertEquals(-1.25, tree.get("clockOffsetMs").asDouble());
        assertEquals(a, JSON.treeToValue(tree, AgentShare.class));
        AgentShare closed = new AgentShare(0, "h", 1, new AgentShare.Work(1, 1, null, 1, 0, 0), new AgentShare.Client(0, false, 0, 0));
        assertEquals(closed, JSON.readValue(JSON.writeValueAsString(closed), AgentShare.class), "a null inside a part reads back as null");
    }

    @Test
    void aCellAndARunAreFlatAndReadBackTheSame() throws Exception {
        Cell c = Cell.builder("import", "schema").title("constraints").query("CREATE CONSTRAINT …").transport("bolt").scale(0.01)
                .dimension("form", "cypher").variant("encrypted", 2, java.util.Map.of("filesystem", "ext4")).phase(3.5).value("rows_per_s", 12.5)
                .check(Check.equal("nodes", 10, 10)).build();
        JsonNode cell = JSON.readTree(JSON.writeValueAsString(c));
        for (String f : List.of("experiment", "scenario", "transport", "clients", "load", "scale", "dimensions", "variant", "repeat", "axes", "seconds",
                "values", "checks", "validity", "figures", "entityUnit")) {
            assertTrue(cell.has(f), f + " at the cell's top: " + cell);
        }
        for (String part : List.of("key", "tag", "measured")) assertFalse(cell.has(part), "no nested " + part + ": " + cell);
        assertEquals(c, JSON.treeToValue(cell, Cell.class));
        RunResult r = new RunResult(new RunResult.About(RunResult.SCHEMA_VERSION, "r1", "import", "E1", "s", "f"),
                new RunResult.Setup(java.util.Map.of(), java.util.Map.of(), "neo4j", "", null, 1), List.of(), List.of(c), List.of(),
                new RunResult.Findings(List.of(), List.of(), List.of(), List.of(), List.of("a warning"), List.of()));
        JsonNode run = JSON.readTree(JSON.writeValueAsString(r));
        for (String f : List.of("schemaVersion", "runId", "experiment", "engine", "variants", "repeats", "cells", "warnings", "failures")) {
            assertTrue(run.has(f), f + " at the run's top");
        }
        RunResult back = JSON.treeToValue(run, RunResult.class);
        assertEquals(r.cells(), back.cells());
        assertEquals(List.of("a warning"), back.warnings());
        assertEquals(r.variants(), back.variants(), "the baseline named when none was given");
    }

    static void assertFlat(JsonNode tree, List<String> fields, List<String> parts) {
        for (String f : fields) assertTrue(tree.has(f), f + " at the top: " + tree);
        for (String p : parts) assertFalse(tree.has(p), "no nested " + p + ": " + tree);
        assertEquals(fields.size(), tree.size(), "only these fields: " + tree);
    }
}
