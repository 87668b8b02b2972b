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
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The requests every engine host answers alike, on a stand-in transport, each through its JSON as the line carries it: fetch and
 * long read a statement's rows, measure runs the Runner on the plan sent (its executor carried whole) and answers the measurement;
 * a request the host does not know is refused with the names of those it does.
 */
class HostRequestsTest {

    /** Answers every statement with its text and its parameters as one row; counts the operations it executed. */
    private static final class Echo implements Transport {
        final AtomicInteger executed = new AtomicInteger();

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

    /** A request no host answers. */
    @HostRequest.Op(value = "drop", reply = String.class)
    record Drop(String what) implements HostRequest<String> {
    }

    @Test
    void fetchAndLongAnswerOnTheEnginesTransportThroughTheirJson() throws Exception {
        Echo echo = new Echo();
        HostDispatch host = HostRequests.common(() -> echo);
        List<List<Object>> rows = host.answer(new HostRequests.Fetch("MATCH (n) RETURN n", Map.of("k", 1)));
        assertEquals(List.of(List.of("MATCH (n) RETURN n", Map.of("k", 1))), rows, "the statement and its parameters arrive whole");
        assertEquals(42L, host.answer(new HostRequests.LongValue("RETURN 42 AS n")), "read into the reply's type, a Long");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> host.answer(new Drop("x")));
        assertTrue(e.getMessage().contains("unknown request 'drop'; this host answers fetch, long, measure, exit"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new HostDispatch().on(HostRequests.Close.class, r -> "a").on(HostRequests.Close.class, r -> "b"),
                "one handler per request name");
    }

    @Test
    void anEnginesErrorIsMadeIntoWhatTheReplySays() {
        HostDispatch host = new HostDispatch().on(HostRequests.Close.class, r -> {
            throw new IllegalStateException("a message with hundreds of tokens after this");
        }).errors(e -> new IllegalArgumentException(e.getMessage().substring(0, 14), e));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> host.answer(new HostRequests.Close()));
        assertEquals("a message with", e.getMessage());
    }

    @Test
    void measureRunsTheRunnerOnThePlanSentAndAnswersItsMeasurement() throws Exception {
        Echo echo = new Echo();
        IdWrites writes = new IdWrites("create", "CREATE (:User {user_id: $id})", IdWrites.Shape.EACH_STATEMENT, 1, TxMode.EXPLICIT, 1);
        RunPlan plan = new RunPlan(new Closed(2), new Warmup.Fixed(Duration.ZERO), Duration.ofMinutes(1), 25, Duration.ofMillis(100), 2, null, null);
        String json = HostLine.request(new HostRequests.Measure(InProcessPlan.of(writes, plan, null)));
        assertTrue(json.startsWith("{\"op\":\"measure\",\"request\":{\"plan\":") && json.contains("\"model\":\"closed\""),
                "one line of JSON, the executor carried whole with its model: " + json);
        InProcessResult r = HostRequests.common(() -> echo, () -> List.of(1L)).answer(new HostRequests.Measure(InProcessPlan.of(writes, plan, null)));
        assertEquals(50, r.measurement().throughput().ops(), "2 clients × 25 operations in the window: " + r);
        // the zero warm-up still lasts until the window's start is set, and this transport answers at once: those operations are
        // sent too, each once and each acknowledged
        assertEquals(echo.executed.get(), r.measurement().outcomes().acknowledgedOps(), "every operation sent was accounted for, once");
        assertEquals(0, r.measurement().outcomes().errors());
    }
}
