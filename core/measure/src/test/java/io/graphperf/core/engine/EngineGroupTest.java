package io.graphperf.core.engine;

import io.graphperf.core.measure.InProcess;
import io.graphperf.core.UserError;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EngineGroupTest {

    /** A server that records what reached it. */
    static final class Recording implements Engine {
        final String name;
        final long pid;
        final List<String> statements = new ArrayList<>();
        int sessions, closedTransports;
        boolean closed;

        Recording(String name, long pid) {
            this.name = name;
            this.pid = pid;
        }

        @Override
        public String description() {
            return name;
        }

        @Override
        public List<TransportName> transports() {
            return List.of(TransportName.BOLT, TransportName.HTTP);
        }

        @Override
        public Transport transport(TransportName t) {
            return new Transport() {

                @Override
                public Session openSession() {
                    sessions++;
                    return op -> statements.add("op on " + name);
                }

                @Override
                public void close() {
                    closedTransports++;
                }
            };
        }

        @Override
        public void execute(String statement) {
            statements.add(statement);
        }

        @Override
        public long queryLong(String statement) {
            return name.length();
        }

        @Override
        public void awaitIndexesOnline() {
        }

        @Override
        public void reset() {
            statements.add("reset");
        }

        @Override
        public String resetMethod() {
            return "delete-all";
        }

        @Override
        public Map<String, Object> environment() {
            return Map.of("version", "5.26");
        }

        @Override
        public OptionalLong serverPid() {
            return OptionalLong.of(pid);
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    @Test
    void sessionsGoToEachServerInTurn() throws Exception {
        Recording a = new Recording("a", 1), b = new Recording("bb", 2), c = new Recording("ccc", 3);
        Engine g = EngineGroup.of(List.of(a, b, c));
        try (Transport t = g.transport(TransportName.BOLT)) {
            for (int i = 0; i < 7; i++) t.openSession().execute(null);
        }
        assertEquals(List.of(3, 2, 2), List.of(a.sessions, b.sessions, c.sessions), "7 clients over 3 servers: 3, 2, 2");
        assertEquals(List.of(1, 1, 1), List.of(a.closedTransports, b.closedTransports, c.closedTransports), "every server's transport closed");
        assertEquals(List.of(1L, 2L, 3L), g.serverPids(), "every server's process, for its CPU");
    }

    @Test
    void setupGoesToEveryServerQuestionsToTheFirst() throws Exception {
        Recording a = new Recording("a", 1), b = new Recording("bb", 2);
        Engine g = EngineGroup.of(List.of(a, b));
        g.execute("CREATE INDEX");
        g.reset();
        assertEquals(List.of("CREATE INDEX", "reset"), a.statements);
        assertEquals(a.statements, b.statements, "the copies stay alike");
        assertEquals(1, g.queryLong("MATCH (n) RETURN count(n)"), "asked of the first server");
        assertEquals(2, g.environment().get("servers"));
        assertThrows(UserError.class, () -> InProcess.measure(g, null), "in-process is one server's process");
        g.close();
        assertTrue(a.closed && b.closed);
    }

    @Test
    void oneServerIsNoGroup() {
        Recording a = new Recording("a", 1);
        assertSame(a, EngineGroup.of(List.of(a)));
    }
}
