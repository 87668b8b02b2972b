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

    static void assertFlat(JsonNode tree, List<String> fields, List<String> parts) {
        for (String f : fields) assertTrue(tree.has(f), f + " at the top: " + tree);
        for (String p : parts) assertFalse(tree.has(p), "no nested " + p + ": " + tree);
        assertEquals(fields.size(), tree.size(), "only these fields: " + tree);
    }
}
