package io.graphperf.workloads.agents;

import java.util.Map;

/**
 * What a cell asks its load agents to send, as they can rebuild it: the experiment's scenario by id, and the details its operations
 * and its cell need (for the reads, the queries, the form and the cell's title), and the clients the scenario fixes (0: the run's).
 */
public record AgentWork(String scenario, Map<String, String> details, int fixedClients) {

    /** The detail that titles the cell, when its scenario's id does not (the reads' "mix" cells). */
    public static final String TITLE = "title";

    public AgentWork {
        details = details == null ? Map.of() : Map.copyOf(details);
    }

    /** The cell in words, for messages. */
    public String label() {
        return details.getOrDefault(TITLE, scenario);
    }
}
