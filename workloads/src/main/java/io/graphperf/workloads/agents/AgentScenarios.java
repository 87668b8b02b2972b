package io.graphperf.workloads.agents;

import io.graphperf.core.UserError;
import io.graphperf.workloads.cells.Scenario;
import io.graphperf.workloads.cells.ScenarioDialects;
import io.graphperf.workloads.writes.WriteDialects;
import io.graphperf.workloads.writes.WriteScenarios;
import io.graphperf.workloads.writes.WritesExperiment;

/**
 * The scenario an agent is asked to send, found by the coordinator's ids: its operations draw each operation's parameters from its
 * client and sequence number, so every agent draws what one agent would have. The writes experiment (E4) runs over agents; the
 * others' operations depend on data the coordinator holds (a generated dataset's parameters) and do not yet.
 */
public final class AgentScenarios {

    private AgentScenarios() {
    }

    /** Whether {@code experiment}'s cells can be sent by load agents. */
    public static boolean supports(String experiment) {
        return WritesExperiment.NAME.equals(experiment);
    }

    public static Scenario find(String experiment, String id, String dialect) {
        if (!supports(experiment)) throw new UserError("load agents send the writes experiment's cells only, not " + experiment + "'s");
        Scenario s = WriteScenarios.all().stream().filter(x -> x.id().equals(id)).findFirst()
                .orElseThrow(() -> new UserError("the coordinator asked for scenario " + id + ", which this agent's graphperf does not know: run the same"
                        + " graphperf version everywhere"));
        ScenarioDialects.Written w = WriteDialects.ALL.in(s, dialect);
        if (w.scenario() == null) throw new UserError("scenario " + id + " is not expressible in " + dialect + ": " + w.whyNot());
        return w.scenario();
    }
}
