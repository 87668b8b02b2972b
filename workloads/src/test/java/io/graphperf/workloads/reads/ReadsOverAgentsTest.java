package io.graphperf.workloads.reads;

import io.graphperf.core.engine.DialectName;
import io.graphperf.studies.reads.SocialQuery;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.measure.OperationMix;
import io.graphperf.core.measure.OperationSource;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.results.Cell;
import io.graphperf.workloads.agents.AgentWork;
import io.graphperf.workloads.imports.ImportDataset;
import io.graphperf.workloads.imports.ImportDatasets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A load agent rebuilds the reads' query mix from the parameter file its coordinator shares, and sends, operation by operation, what the
 * coordinator's own mix would (the agents together draw what one process would have).
 */
class ReadsOverAgentsTest {

    @Test
    void anAgentsMixFromTheSharedParameterFileIsTheCoordinatorsOperationForOperation(@TempDir Path dir) throws Exception {
        ImportDataset ds = ImportDatasets.generated("social", 0.01, 1, 0, 2, dir.resolve("ds"), List.of(), ProgressListener.NONE);
        Path shared = Files.createDirectories(dir.resolve("agents/shared"));
        Files.copy(ds.dir().resolve(ReadParameterSets.FILE), shared.resolve(ReadParameterSets.FILE));
        List<SocialQuery> queries = SocialQueries.all();
        for (String form : List.of(ReadWorkload.CYPHER, ReadWorkload.PROCEDURE)) {
            OperationMix here = new ReadWorkload(ds.dir()).mix(queries, form, DialectName.NEO4J);
            AgentWork work = ReadsOverAgents.work(queries, form, "all queries mixed", Map.of());
            OperationSource there = ReadsOverAgents.operations(shared, work.details(), DialectName.NEO4J);
            int types = 0;
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (int client = 0; client < 8; client++) {
                for (long seq = 0; seq < 2_000; seq++) {
                    Operation a = here.next(client, seq), b = there.next(client, seq);
                    assertEquals(a, b, form + ": client " + client + ", operation " + seq);
                    if (seen.add(a.type())) types++;
                }
            }
            assertEquals(queries.size(), types, form + ": every query drawn");
        }
    }

    @Test
    void theMergedCellIsNamedAsTheStudyNamesIt() {
        AgentWork w = ReadsOverAgents.work(SocialQueries.all().subList(0, 2), ReadWorkload.CYPHER, "all queries mixed, 8 clients, server Bolt pool of 4 threads",
                Map.of("serverThreads", 4));
        assertEquals("mix", w.scenario());
        assertEquals("q01,q02", w.details().get("queries"));
        Cell c = ReadsOverAgents.cell(w.scenario(), "bolt", w.details()).build();
        assertEquals(ReadsExperiment.NAME, c.experiment());
        assertEquals("all queries mixed, 8 clients, server Bolt pool of 4 threads", c.title());
        assertEquals("cypher", c.dimensions().get("form"));
        assertEquals(4L, c.dimensions().get("serverThreads"));
    }

    @Test
    void aMissingParameterFileOrAnUnknownQueryIsAClearError(@TempDir Path dir) {
        AgentWork w = ReadsOverAgents.work(SocialQueries.all().subList(0, 1), ReadWorkload.CYPHER, "t", Map.of());
        UserError e = assertThrows(UserError.class, () -> ReadsOverAgents.operations(dir, w.details(), DialectName.NEO4J));
        assertTrue(e.getMessage().contains("read-parameters.json") && e.getMessage().contains("missing"), e.getMessage());
        e = assertThrows(UserError.class, () -> ReadWorkload.agentMix(dir, List.of("q99"), ReadWorkload.CYPHER, DialectName.NEO4J));
        assertTrue(e.getMessage().contains("q99") && e.getMessage().contains("same graphperf version"), e.getMessage());
    }
}
