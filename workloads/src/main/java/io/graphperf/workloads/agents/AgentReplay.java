package io.graphperf.workloads.agents;

import io.graphperf.core.measure.OperationSource;
import io.graphperf.core.results.Cell;

/**
 * What load agents replay of an experiment's cells ({@code Experiment.agentReplay()}): the operations a cell's request names, each
 * drawn from its client and sequence number so every agent draws what one agent would have, and the cell as the experiment's results
 * name it (for {@code graphperf merge}, which has the agents' files only).
 */
public interface AgentReplay {

    /** The operations of the cell {@code r} asks for, in its dialect. */
    OperationSource operations(Rendezvous rv, Rendezvous.Request r);

    /** The cell {@code r} measures, as results name it. */
    Cell.Builder cell(Rendezvous.Request r);
}
