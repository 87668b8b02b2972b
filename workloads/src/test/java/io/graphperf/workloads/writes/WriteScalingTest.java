package io.graphperf.workloads.writes;

import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;
import io.graphperf.workloads.CountCheck;
import io.graphperf.workloads.Experiments;
import io.graphperf.workloads.Scenario;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** E4 as data: every scenario of the spec's table plus the modern forms, with operations that agree with their checks. */
class WriteScalingTest {

    @Test
    void everyScenarioOfTheSpecIsThere() {
        List<String> ids = new WriteScaling().scenarios().stream().map(Scenario::id).toList();
        assertEquals(List.of("foreach-100", "create-unlabelled", "create-labelled", "create-labelled-indexed",
                "tx1000-labelled-indexed", "tx1000-labelled", "tx1000-unlabelled",
                "unwind-1", "unwind-10", "unwind-100", "unwind-1000", "unwind-10000", "call-in-tx",
                "create-labelled-indexed-c8", "unwind-1000-c8", "batch-writer-durable-c8", "batch-writer-applied-c8",
                "create-labelled-indexed-c32", "unwind-1000-c32", "batch-writer-durable-c32", "batch-writer-applied-c32",
                "create-labelled-indexed-c64", "unwind-1000-c64", "batch-writer-durable-c64", "batch-writer-applied-c64"), ids);
        assertEquals(WriteScaling.class, Experiments.byName("writes").getClass(), "registered under its CLI name");
    }

    @Test
    void operationsCreateWhatTheCountChecksExpect() {
        for (Scenario s : new WriteScaling().scenarios()) {
            Operation op = s.operations().next(3, 5);
            long nodesPerOp = s.checks().stream().filter(c -> c.what().contains("nodes")).mapToLong(CountCheck::perOperation).sum();
            long rows = op.statements().stream().mapToLong(WriteScalingTest::createdNodes).sum();
            assertEquals(nodesPerOp, rows, s.id() + ": nodes created per operation");
            if (s.id().equals("call-in-tx")) assertEquals(TxMode.AUTOCOMMIT, op.txMode(), "CALL IN TRANSACTIONS needs an implicit transaction");
            if (s.id().startsWith("tx1000")) assertEquals(1000, op.statements().size());
            boolean indexed = s.id().contains("indexed") || s.id().startsWith("unwind") || s.id().equals("call-in-tx")
                    || s.id().startsWith("batch-writer");
            if (s.id().endsWith("-c64")) assertEquals(64, s.clients(), s.id() + " fixes its clients");
            if (s.id().startsWith("batch-writer")) {
                assertEquals(io.graphperf.core.engine.BatchWriterCall.SUBMIT, op.statements().get(0).text());
                assertEquals(s.id().contains("durable") ? "durable" : "applied", op.statements().get(0).params().get("ack"));
                assertTrue(s.component() != null, s.id() + " reads the writer's metrics and drains it before counting");
            }
            assertEquals(indexed, s.setup().stream().anyMatch(q -> q.startsWith("CREATE INDEX")), s.id() + " index");
        }
    }

    @Test
    void userIdsAreUniqueAcrossClientsAndOperations() {
        for (String id : List.of("create-labelled", "tx1000-labelled", "unwind-100", "batch-writer-applied-c8")) {
            Scenario s = new WriteScaling().scenarios().stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
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
        WriteScaling w = new WriteScaling();
        Set<String> ids = new HashSet<>(w.scenarios().stream().map(Scenario::id).toList());
        assertEquals(12, w.targets().size());
        for (var t : w.targets()) {
            assertTrue(ids.contains(t.scenario()) && ids.contains(t.baseline()), t.toString());
            assertEquals(t.scenario().substring(t.scenario().lastIndexOf('-')), t.baseline().substring(t.baseline().lastIndexOf('-')), "same clients");
            assertEquals(t.baseline().startsWith("unwind") ? 0.8 : 20, t.minimum());
        }
    }

    private static long createdNodes(Statement st) {
        if (st.text().startsWith("FOREACH")) return 100;
        Object rows = st.params().get("rows");
        return rows instanceof List<?> l ? l.size() : 1;
    }

    private static List<Object> userIds(Operation op) {
        return op.statements().stream().flatMap(st -> {
            Object rows = st.params().get("rows");
            if (rows instanceof List<?> l) return l.stream().map(r -> ((Map<?, ?>) r).get("id"));
            // a batch-writer submit carries the write's own parameters under "params"
            Object params = st.params().get("params");
            return java.util.stream.Stream.of(params instanceof Map<?, ?> p ? p.get("id") : st.params().get("id"));
        }).toList();
    }
}
