package io.graphperf.workloads.workload;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.core.UserError;
import io.graphperf.core.measure.OperationSource;
import io.graphperf.core.measure.PortableOperations;
import io.graphperf.core.results.Cell;
import io.graphperf.workloads.agents.AgentReplay;
import io.graphperf.workloads.agents.AgentWork;
import io.graphperf.workloads.agents.Rendezvous;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A workload's cells as load agents rebuild them: the cell's mix, which the coordinator writes into the agents' shared folder (its
 * operations, its parameter sources with their records, its phase and clients), so each agent's operation {@code seq} of client
 * {@code c} is the coordinator's own. The cell's title and form travel too, for {@code graphperf merge}.
 */
final class WorkloadOverAgents implements AgentReplay {

    static final String MIX = "mix", FORM = "form";

    @Override
    public OperationSource operations(Rendezvous rv, Rendezvous.Request r) {
        String name = r.details().get(MIX);
        if (name == null) throw new UserError("a workload request without its mix: run the same graphperf version everywhere");
        Path f = rv.shared().resolve(name);
        if (!Files.isRegularFile(f)) throw new UserError("the coordinator's mix " + f + " is missing from the agents' folder");
        try {
            return new ObjectMapper().readValue(f.toFile(), PortableOperations.class);
        } catch (IOException e) {
            throw new UserError("cannot read the coordinator's mix " + f + ": " + e.getMessage());
        }
    }

    @Override
    public Cell.Builder cell(Rendezvous.Request r) {
        Map<String, String> d = r.details();
        return Cell.builder(WorkloadExperiment.NAME, r.scenario()).title(d.getOrDefault(AgentWork.TITLE, r.scenario())).transport(r.transport())
                .dimension(FORM, d.getOrDefault(FORM, "cypher")).query("(mix)").entityUnit("operations");
    }
}
