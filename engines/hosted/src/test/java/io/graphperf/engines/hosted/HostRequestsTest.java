package io.graphperf.engines.hosted;

import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TxMode;
import io.graphperf.core.measure.Closed;
import io.graphperf.core.measure.IdWrites;
import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.InProcessResult;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Warmup;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The requests every engine host answers alike, on a stand-in transport: fetch and long read a statement's rows, measure runs the
 * Runner on the plan sent as JSON (its executor carried whole) and answers the measurement as JSON, exit says bye.
 */
class HostRequestsTest {

    /** Answers every statement with its text and its parameters as one row; counts the operations it executed. */
    private static final class Echo implements Transport {
        final AtomicInteger executed = new AtomicInteger();

        @Override
        public String name() {
            return "echo";
        }

        @Override
        public Session openSession() {
            return new Session() {
                @Override
                public void execute(Operation operation) {
                    executed.incrementAndGet();
                }

                @Override
                public List<List<Object>> fetch(Statement st) {
                    return st.text().startsWith("RETURN 42") ? List.of(List.of(42L)) : List.of(List.of(st.text(), st.params()));
                }
            };
        }
    }

    @Test
    void fetchLongAndExitAnswerOnTheEnginesTransport() throws Exception {
        Echo echo = new Echo();
        String rows = HostRequests.answer(new String[] {"fetch", "MATCH (n) RETURN n", "{\"k\": 1}"}, () -> echo);
        assertEquals("[[\"MATCH (n) RETURN n\",{\"k\":1}]]", rows);
        assertEquals("42", HostRequests.answer(new String[] {"long", "RETURN 42 AS n"}, () -> echo));
        assertEquals("bye", HostRequests.answer(new String[] {"exit"}, () -> { throw new AssertionError("exit needs no transport"); }));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HostRequests.answer(new String[] {"drop"}, () -> echo));
        assertTrue(e.getMessage().contains("unknown request 'drop'"), e.getMessage());
    }

    @Test
    void measureRunsTheRunnerOnThePlanSentAndAnswersItsMeasurement() throws Exception {
        Echo echo = new Echo();
        IdWrites writes = new IdWrites("create", "CREATE (:User {user_id: $id})", IdWrites.Shape.EACH_STATEMENT, 1, TxMode.EXPLICIT, 1);
        RunPlan plan = new RunPlan(new Closed(2), new Warmup.Fixed(Duration.ZERO), Duration.ofMinutes(1), 25, Duration.ofMillis(100), 2, null, null);
        String json = HostedEngine.JSON.writeValueAsString(InProcessPlan.of(writes, plan, null));
        assertTrue(json.contains("\"model\":\"closed\""), "the executor travels whole, with its model: " + json);
        InProcessResult r = HostedEngine.JSON.readValue(HostRequests.answer(new String[] {"measure", json}, () -> echo, () -> List.of(1L)),
                InProcessResult.class);
        assertEquals(50, echo.executed.get(), "2 clients × 25 operations, each sent once");
        assertEquals(50, r.measurement().ops(), "every operation measured: " + r);
        assertEquals(0, r.measurement().errors());
    }
}
