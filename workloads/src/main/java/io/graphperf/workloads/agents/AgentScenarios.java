package io.graphperf.workloads.agents;

import io.graphperf.core.UserError;
import io.graphperf.core.measure.OperationSource;
import io.graphperf.core.results.Cell;
import io.graphperf.workloads.cells.Scenario;
import io.graphperf.workloads.cells.ScenarioDialects;
import io.graphperf.workloads.reads.ReadsOverAgents;
import io.graphperf.workloads.reads.ReadsExperiment;
import io.graphperf.workloads.writes.WriteDialects;
import io.graphperf.workloads.writes.WriteScenarios;
import io.graphperf.workloads.writes.WritesExperiment;

/**
 * The operations an agent is asked to send, rebuilt from a cell's request: each operation's parameters are drawn from its client and
 * sequence number, so every agent draws what one agent would have. The writes (E4) find their scenario by id; the reads (E2) rebuild
 * their query mix from the dataset's parameter file, which the coordinator shares through the folder.
 */
public final class AgentScenarios {

    private AgentScenarios() {
    }

    /** Whether {@code experiment}'s cells can be sent by load agents. */
    public static boolean supports(String experiment) {
        return WritesExperiment.NAME.equals(experiment) || ReadsExperiment.NAME.equals(experiment);
    }

    /** The operations of the cell {@code r} asks for. */
    public static OperationSource operations(Rendezvous rv, Rendezvous.Request r) {
        if (ReadsExperiment.NAME.equals(r.experiment())) return ReadsOverAgents.operations(rv.shared(), r.details(), r.dialect());
        return writes(r).operations();
    }

    /** The cell {@code r} measures, as results name it (for {@code graphperf merge}, which has the agents' files only). */
    public static Cell.Builder cell(Rendezvous.Request r) {
        if (ReadsExperiment.NAME.equals(r.experiment())) return ReadsOverAgents.cell(r.scenario(), r.transport(), r.details());
        Scenario s = writes(r);
        return Cell.builder(r.experiment(), s.id()).title(s.title()).query(s.query()).transport(r.transport()).reference(s.reference())
                .entityUnit(s.entityUnit());
    }

    private static Scenario writes(Rendezvous.Request r) {
        if (!supports(r.experiment())) throw new UserError("load agents send the writes' and the reads' cells only, not " + r.experiment() + "'s");
        Scenario s = WriteScenarios.all().stream().filter(x -> x.id().equals(r.scenario())).findFirst()
                .orElseThrow(() -> new UserError("the coordinator asked for scenario " + r.scenario() + ", which this agent's graphperf does not know: run the same"
                        + " graphperf version everywhere"));
        ScenarioDialects.Written w = WriteDialects.ALL.in(s, r.dialect());
        if (w.scenario() == null) throw new UserError("scenario " + r.scenario() + " is not expressible in " + r.dialect() + ": " + w.whyNot());
        return w.scenario();
    }
}
