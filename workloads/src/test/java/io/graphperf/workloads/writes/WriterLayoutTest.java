package io.graphperf.workloads.writes;

import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Engines;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The writer's layout for graphperf's scenarios: two appliers by id, unless no scenario writes through it or the run sets it. */
class WriterLayoutTest {

    private static Engines engines(boolean embedded, Map<String, String> runSettings) {
        return new Engines() {
            @Override public boolean embedded() { return embedded; }
            @Override public Engine start(String store, Map<String, String> settings, int connections) { throw new UnsupportedOperationException(); }
            @Override public BulkImport bulkImport(String store, Map<String, String> options) { throw new UnsupportedOperationException(); }
            @Override public void deleteStore(String store) { }
            @Override public String describe() { return "test"; }
            @Override public Map<String, Object> settings() { return Map.of("settings", runSettings); }
        };
    }

    @Test
    void theScenariosRunTwoAppliersUnlessTheRunSaysOtherwise() {
        var all = WritesExperiment.scenarios();
        var withoutWriter = all.stream().filter(s -> !s.id().startsWith("batch-writer")).toList();
        assertEquals(Map.of("graphperf.batch_writer.appliers", "2", "graphperf.batch_writer.partition_by", "id"),
                WriterLayout.settings(engines(true, Map.of()), all));
        assertEquals(Map.of(), WriterLayout.settings(engines(true, Map.of()), withoutWriter), "no batch-writer scenario: nothing to set");
        assertEquals(Map.of(), WriterLayout.settings(engines(true, Map.of("graphperf.batch_writer.appliers", "1")), all), "the run's setting wins");
        assertEquals(Map.of(), WriterLayout.settings(engines(false, Map.of()), all), "a user's server is left as it is");
    }
}
