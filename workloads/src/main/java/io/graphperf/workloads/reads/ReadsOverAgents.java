package io.graphperf.workloads.reads;

import io.graphperf.core.engine.DialectName;
import io.graphperf.studies.reads.SocialQuery;
import io.graphperf.core.UserError;
import io.graphperf.core.measure.OperationSource;
import io.graphperf.core.results.Cell;
import io.graphperf.workloads.agents.AgentReplay;
import io.graphperf.workloads.agents.AgentWork;
import io.graphperf.workloads.agents.Rendezvous;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The reads' cells as load agents rebuild them: the query mix from the dataset's parameter file, which the coordinator
 * shares through the agents' folder, and the queries and form the request names — so each agent's operation {@code seq} of client
 * {@code c} is the coordinator's own. The cell's title and dimensions travel too, for {@code graphperf merge}.
 */
public final class ReadsOverAgents implements AgentReplay {

    static final String QUERIES = "queries", FORM = "form", TITLE = AgentWork.TITLE, DIMENSION = "dimension.";

    @Override
    public OperationSource operations(Rendezvous rv, Rendezvous.Request r) {
        return operations(rv.shared(), r.details(), r.dialect());
    }

    @Override
    public Cell.Builder cell(Rendezvous.Request r) {
        return cell(r.scenario(), r.transport(), r.details());
    }

    /** What agents send for a mix cell of {@code queries} in {@code form}, titled {@code title}, with these extra dimensions. */
    static AgentWork work(List<SocialQuery> queries, String form, String title, Map<String, Object> dimensions) {
        Map<String, String> d = new LinkedHashMap<>();
        d.put(QUERIES, String.join(",", queries.stream().map(SocialQuery::id).toList()));
        d.put(FORM, form);
        d.put(TITLE, title);
        dimensions.forEach((k, v) -> d.put(DIMENSION + k, String.valueOf(v)));
        return new AgentWork("mix", d, 0);
    }

    /** The operations a request's details name, in {@code dialect}, from the parameter file in {@code sharedDir}. */
    public static OperationSource operations(Path sharedDir, Map<String, String> details, DialectName dialect) {
        String queries = details.get(QUERIES), form = details.get(FORM);
        if (queries == null || form == null) throw new UserError("a reads request without its queries or form: run the same graphperf version everywhere");
        if (!Files.isRegularFile(sharedDir.resolve(ReadParameterSets.FILE))) {
            throw new UserError("the coordinator's parameter file " + sharedDir.resolve(ReadParameterSets.FILE) + " is missing from the agents' folder");
        }
        return ReadWorkload.agentMix(sharedDir, Arrays.asList(queries.split(",")), form, dialect);
    }

    /** The cell a request measured, named as the study names it (values of its own left to the coordinator's results). */
    public static Cell.Builder cell(String scenario, String transport, Map<String, String> details) {
        String form = details.getOrDefault(FORM, ReadWorkload.CYPHER);
        Cell.Builder b = Cell.builder(ReadsExperiment.NAME, scenario).title(details.getOrDefault(TITLE, scenario)).transport(transport).dimension("form", form)
                .query("(mix)").entityUnit("requests");
        details.forEach((k, v) -> {
            if (k.startsWith(DIMENSION)) b.dimension(k.substring(DIMENSION.length()), v.matches("-?[0-9]+") ? (Object) Long.parseLong(v) : v);
        });
        return b;
    }
}
