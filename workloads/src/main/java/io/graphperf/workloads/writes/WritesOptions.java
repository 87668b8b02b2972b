package io.graphperf.workloads.writes;

import io.graphperf.workloads.agents.Agents;
import io.graphperf.workloads.cells.ScenarioCells;

import java.util.Optional;

/**
 * E4's validated options: which scenarios on which transports, and how each cell is loaded and measured.
 *
 * @param agents the load agents that send each cell's operations; empty: this process
 */
public record WritesOptions(ScenarioCells.Plan plan, Optional<Agents> agents) {

    /** The same options with each cell's measured window {@code factor} times as long. */
    public WritesOptions withLongerWindows(double factor) {
        return new WritesOptions(plan.withLongerWindows(factor), agents);
    }
}
