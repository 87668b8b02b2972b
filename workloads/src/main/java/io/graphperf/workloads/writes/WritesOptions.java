package io.graphperf.workloads.writes;

import io.graphperf.workloads.cells.ScenarioCells;

/** E4's validated options: which scenarios on which transports, and how each cell is loaded and measured. */
public record WritesOptions(ScenarioCells.Plan plan) {

    /** The same options with each cell's measured window {@code factor} times as long. */
    public WritesOptions withLongerWindows(double factor) {
        return new WritesOptions(plan.withLongerWindows(factor));
    }
}
