package io.graphperf.workloads.writes;

import io.graphperf.core.engine.Engines;
import io.graphperf.workloads.cells.Scenario;

import java.util.Collection;
import java.util.Map;

/**
 * How graphperf's own batch-writer scenarios run the writer: two appliers, partitioned by the written id ({@code $id}), unless the run
 * sets the writer's layout itself ({@code --setting graphperf.batch_writer.appliers=1}, or a variant). Measured on the 2-core machine:
 * through the gateway a second applier used CPU the first left idle (docs/results.md, "The batch writer's appliers").
 */
public final class WriterLayout {

    static final String APPLIERS = "graphperf.batch_writer.appliers", PARTITION_BY = "graphperf.batch_writer.partition_by";
    static final Map<String, String> DEFAULT = Map.of(APPLIERS, "2", PARTITION_BY, "id");

    private WriterLayout() {
    }

    /** The writer settings to start an engine with for these scenarios: the default layout, or none when no scenario uses the writer or the run sets it. */
    public static Map<String, String> settings(Engines engines, Collection<Scenario> scenarios) {
        if (!engines.embedded() || scenarios.stream().noneMatch(WriteScenarios::viaBatchWriter)) return Map.of();
        if (engines.settings().get("settings") instanceof Map<?, ?> run && (run.containsKey(APPLIERS) || run.containsKey(PARTITION_BY))) return Map.of();
        return DEFAULT;
    }

    /** What run.json says of the writer's layout. */
    public static String describe(Map<String, String> applied) {
        return applied.isEmpty() ? "as the run's settings say (or the writer's own default, one applier)"
                : "two appliers partitioned by $id (graphperf's default for its scenarios; --setting " + APPLIERS + "=1 for one)";
    }
}
