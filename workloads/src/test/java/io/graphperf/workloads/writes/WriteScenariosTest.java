package io.graphperf.workloads.writes;

import io.graphperf.core.engine.TransportName;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;
import io.graphperf.workloads.Experiments;
import io.graphperf.workloads.cells.CountCheck;
import io.graphperf.workloads.cells.IdCheck;
import io.graphperf.workloads.cells.Scenario;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** E4 as data: every scenario of the spec's table plus the modern forms, with operations that agree with their checks. */
class WriteScenariosTest {

    @Test
    void everyScenarioOfTheSpecIsThere() {
        List<String> ids = WriteScenarios.all().stream().map(Scenario::id).toList();
        assertEquals(List.of("foreach-100", "create-unlabelled", "create-labelled", "create-labelled-indexed",
                "tx1000-labelled-indexed", "tx1000-labelled", "tx1000-unlabelled",
                "unwind-1", "unwind-10", "unwind-100", "unwind-1000", "unwind-10000", "call-in-tx",
                "create-labelled-indexed-c8", "unwind-1000-c8", "batch-writer-durable-c8", "batch-writer-applied-c8",
                "create-labelled-indexed-c32", "unwind-1000-c32", "batch-writer-durable-c32", "batch-writer-applied-c32",
                "create-labelled-indexed-c64", "unwind-1000-c64", "batch-writer-durable-c64", "batch-writer-applied-c64",
                "batch-writer-ws-durable", "batch-writer-ws-applied",
                "batch-writer-ws-durable-t1", "batch-writer-ws-durable-t8", "batch-writer-ws-durable-t64"), ids);
        assertInstanceOf(WritesExperiment.class, Experiments.byName("writes"), "registered under its CLI name");
    }

    /** Each operation's ids are exactly the ones its check expects: ids of (client, seq, i) for i below the check's batch. */
    @Test
    void operationsWriteTheIdsTheirChecksExpect() {
        for (Scenario s : WriteScenarios.all()) {
            Operation op = s.operations().next(3, 5);
            if (s.id().equals("call-in-tx")) assertEquals(TxMode.AUTOCOMMIT, op.txMode(), "CALL IN TRANSACTIONS needs an implicit transaction");
            if (s.id().startsWith("tx1000")) {
                assertEquals(1000, op.statements().size());
                assertTrue(s.runsOver(TransportName.of("bolt")) && !s.runsOver(TransportName.of("ws-bson")), "one transaction of 1000 statements: not over the gateway");
            }
            if (s.id().startsWith("batch-writer-ws")) {
                assertEquals(TxMode.EACH, op.txMode(), "independent submits, in flight together");
                int inFlight = s.id().contains("-t") ? 1 : WriteScenarios.PIPELINE_DEPTH; // the -tN threads keep one write in flight each
                assertEquals(inFlight, op.statements().size());
                assertEquals(inFlight, op.entities());
                assertTrue(s.runsOver(TransportName.of("ws-bson")) && s.runsOver(TransportName.of("ws-bson-linger1ms")) && !s.runsOver(TransportName.of("bolt")) && !s.runsOver(TransportName.of("http")), "through the gateway only");
            }
            if (s.id().startsWith("batch-writer-ws-durable-t")) assertEquals(Integer.parseInt(s.id().substring(s.id().lastIndexOf('t') + 1)), s.clients());
            if (s.id().endsWith("-c64")) assertEquals(64, s.clients(), s.id() + " fixes its clients");
            if (s.id().startsWith("batch-writer")) {
                assertEquals(WriteScenarios.SUBMIT_PROCEDURE, op.statements().get(0).procedure(), "a call of the writer's procedure");
                assertEquals(s.id().contains("durable") ? "durable" : "applied", op.statements().get(0).params().get("ack"));
                assertTrue(s.probe() != null, s.id() + " reads the writer's metrics and drains it before checking");
            }
            boolean indexed = s.id().contains("indexed") || s.id().startsWith("unwind") || s.id().equals("call-in-tx") || s.id().startsWith("batch-writer");
            assertEquals(indexed, s.setup().stream().anyMatch(q -> q.startsWith("CREATE INDEX")), s.id() + " index");
            if (s.id().equals("foreach-100")) {
                assertInstanceOf(CountCheck.class, s.checks().get(0), "FOREACH writes no ids: a count is all that can be checked");
                continue;
            }
            IdCheck check = (IdCheck) s.checks().get(0);
            List<Object> ids = userIds(op);
            assertEquals(check.perOperation(), ids.size(), s.id() + ": ids per operation");
            for (int i = 0; i < ids.size(); i++) assertEquals(IdCheck.id(3, 5, check.perOperation(), i), ids.get(i), s.id() + " id " + i);
        }
    }

    @Test
    void idsAreUniqueAcrossClientsAndOperations() {
        for (String id : List.of("create-labelled", "tx1000-labelled", "unwind-100", "batch-writer-applied-c8")) {
            Scenario s = WriteScenarios.all().stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
            Set<Object> seen = new HashSet<>();
            long total = 0;
            for (int client = 0; client < 8; client++) {
                for (long seq = 0; seq < 20; seq++) {
                    for (Object userId : userIds(s.operations().next(client, seq))) {
                        seen.add(userId);
                        total++;
                    }
                }
            }
            assertEquals(total, seen.size(), id + ": every created user id is distinct");
            assertTrue(total >= 160);
        }
    }

    @Test
    void theIssuesTargetsPairEachWriterScenarioWithBothBaselinesAtTheSameClients() {
        Set<String> ids = new HashSet<>(WriteScenarios.all().stream().map(Scenario::id).toList());
        assertEquals(14, WriteScenarios.targets().size());
        for (var t : WriteScenarios.targets()) {
            assertTrue(ids.contains(t.scenario()) && ids.contains(t.baseline()), t.toString());
            assertEquals(t.baseline().startsWith("unwind") ? 0.8 : 20, t.minimum());
            if (t.scenario().startsWith("batch-writer-ws")) {
                assertTrue(List.of("create-labelled-indexed", "unwind-1000").contains(t.baseline()), "the gateway's writer at the run's clients: " + t);
                continue;
            }
            assertEquals(t.scenario().substring(t.scenario().lastIndexOf('-')), t.baseline().substring(t.baseline().lastIndexOf('-')), "same clients");
        }
    }

    private static List<Object> userIds(Operation op) {
        return op.statements().stream().flatMap(st -> ids(st).stream()).toList();
    }

    private static List<Object> ids(Statement st) {
        Object rows = st.params().get("rows");
        if (rows instanceof List<?> l) return l.stream().map(r -> (Object) ((Map<?, ?>) r).get("id")).toList();
        // a batch-writer submit carries the write's own parameters under "params"
        Object params = st.params().get("params");
        return List.of(params instanceof Map<?, ?> p ? p.get("id") : st.params().get("id"));
    }
}
