package io.graphperf.workloads.writes;

import io.graphperf.workloads.cells.ScenarioCells;

/** E4's validated options: which scenarios on which transports, and how each cell is loaded and measured. */
public record WritesOptions(ScenarioCells.Plan plan) {
}
