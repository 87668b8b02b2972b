package io.graphperf.workloads.writes;

import io.graphperf.studies.Expressed;
import io.graphperf.core.UserError;
import io.graphperf.core.measure.OperationSource;
import io.graphperf.core.results.Cell;
import io.graphperf.workloads.agents.AgentReplay;
import io.graphperf.workloads.agents.Rendezvous;
import io.graphperf.workloads.cells.Scenario;

/** E4's cells as load agents rebuild them: the scenario by its id, in the request's dialect. */
final class WritesOverAgents implements AgentReplay {

    @Override
    public OperationSource operations(Rendezvous rv, Rendezvous.Request r) {
        return scenario(r).operations();
    }

    @Override
    public Cell.Builder cell(Rendezvous.Request r) {
        Scenario s = scenario(r);
        return Cell.builder(r.experiment(), s.id()).title(s.title()).query(s.query()).transport(r.transport()).reference(s.reference())
                .entityUnit(s.entityUnit());
    }

    private static Scenario scenario(Rendezvous.Request r) {
        Scenario s = WriteScenarios.all().stream().filter(x -> x.id().equals(r.scenario())).findFirst()
                .orElseThrow(() -> new UserError("the coordinator asked for scenario " + r.scenario() + ", which this agent's graphperf does not know: run the same"
                        + " graphperf version everywhere"));
        Expressed<Scenario> w = WriteDialects.ALL.in(s, r.dialect());
        return w.form().orElseThrow(() -> new UserError("scenario " + r.scenario() + " is not expressible in " + r.dialect() + ": " + w.whyNot().orElseThrow()));
    }
}
