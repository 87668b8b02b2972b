package io.graphperf.workloads.agents;

import io.graphperf.core.UserError;
import io.graphperf.core.report.Format;
import io.graphperf.core.measure.OperationSource;
import io.graphperf.core.results.Cell;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.Experiments;

import java.util.List;

/** The operations an agent is asked to send and the cells it measured, from the experiment a request names ({@link AgentReplay}). */
public final class AgentScenarios {

    private AgentScenarios() {
    }

    /** Whether {@code experiment}'s cells can be sent by load agents. */
    public static boolean supports(String experiment) {
        Experiment<?> e = Experiments.all().get(experiment);
        return e != null && e.agentReplay().isPresent();
    }

    /** The experiments whose cells load agents can send. */
    public static List<String> supported() {
        return Experiments.all().values().stream().filter(e -> e.agentReplay().isPresent()).map(Experiment::name).toList();
    }

    /** The operations of the cell {@code r} asks for. */
    public static OperationSource operations(Rendezvous rv, Rendezvous.Request r) {
        return replay(r).operations(rv, r);
    }

    /** The cell {@code r} measures, as results name it (for {@code graphperf merge}, which has the agents' files only). */
    public static Cell.Builder cell(Rendezvous.Request r) {
        return replay(r).cell(r);
    }

    private static AgentReplay replay(Rendezvous.Request r) {
        if (!supports(r.experiment())) {
            throw new UserError("load agents send the cells of " + Format.list(supported()) + " only, not " + r.experiment() + "'s");
        }
        return Experiments.all().get(r.experiment()).agentReplay().orElseThrow();
    }
}
