package io.graphperf.workloads.agents;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.measure.Accounting;
import io.graphperf.core.measure.IdWrites;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Warmup;
import io.graphperf.core.measure.Open;
import io.graphperf.core.measure.Segment;
import io.graphperf.core.results.AgentShare;
import io.graphperf.workloads.StandInEngine;
import io.graphperf.workloads.cells.CellLoad;
import io.graphperf.workloads.cells.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A coordinator and four agents (threads here, processes in use) over the shared folder, without a database: a transport records
 * every operation it is handed. The agents together send each client's operations exactly once, without gaps; the merged
 * measurement offers the whole rate and accounts every operation; an agent that fails is named and the cell is refused.
 */
class CoordinatorTest {

    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @Test
    void fourAgentsSendTheSingleAgentScheduleOnceAndTheirMergeAccountsForIt(@TempDir Path dir) throws Exception {
        Set<Long> ids = ConcurrentHashMap.newKeySet();
        List<Long> duplicates = new ArrayList<>();
        Transport recording = transport(op -> {
            long id = ((Number) op.statements().get(0).params().get("id")).longValue();
            if (!ids.add(id)) synchronized (duplicates) {
                duplicates.add(id);
            }
            Thread.sleep(1);
        });
        int agents = 4, clients = 8;
        double rate = 400;
        List<Thread> threads = startAgents(dir, agents, recording);
        RunPlan plan = new RunPlan(new Open(rate, clients), new Warmup.Fixed(Duration.ofSeconds(1)), Duration.ofSeconds(3));
        CellLoad.Measured measured;
        try (Coordinator c = Coordinator.start(new Agents(agents, dir.resolve("rv"), "127.0.0.1", 50, Duration.ofSeconds(60)), dir, "writes")) {
            Scenario s = io.graphperf.workloads.writes.WriteScenarios.all().stream().filter(x -> x.id().equals("create-labelled-indexed")).findFirst().orElseThrow();
            measured = c.measure(new StubEngine(), s, TransportName.BOLT, null, plan, dir.resolve("histograms/create-labelled-indexed-bolt.hlog"), List.of());
        }
        for (Thread t : threads) t.join(30_000);
        var m = measured.measurement();
        assertTrue(duplicates.isEmpty(), "operations sent twice: " + duplicates);
        assertEquals(rate, m.loadModel().offeredPerSecond(), 1e-9, "the agents together offer the whole rate");
        assertEquals(agents, measured.agents().size());
        for (AgentShare a : measured.agents()) {
            assertEquals(rate / agents, a.offeredPerSecond(), 1e-9, "agent " + a.agent() + " offers its segment's share");
            assertTrue(a.ops() > 0, "agent " + a.agent() + " sent nothing");
        }
        assertEquals(m.throughput().ops(), measured.agents().stream().mapToLong(AgentShare::ops).sum(), "the window's operations are the agents' added");
        // each client's operations are 0 .. n-1, each once, and the merged accounting says so
        Map<Integer, TreeSet<Long>> byClient = new TreeMap<>();
        for (long id : ids) byClient.computeIfAbsent((int) (id >>> IdWrites.CLIENT_BITS), k -> new TreeSet<>()).add(id & ((1L << IdWrites.CLIENT_BITS) - 1));
        assertEquals(clients, byClient.size(), "every client sent operations: " + byClient.keySet());
        Accounting acc = m.accounting();
        assertTrue(acc != null && acc.exact());
        long acknowledged = 0;
        for (var e : byClient.entrySet()) {
            TreeSet<Long> seqs = e.getValue();
            assertEquals(0L, seqs.first());
            assertEquals(seqs.size() - 1L, seqs.last(), "client " + e.getKey() + " has gaps");
            Accounting.Client ac = acc.clients().get(e.getKey());
            assertEquals(seqs.size(), ac.issued(), "client " + e.getKey() + "'s accounting");
            acknowledged += ac.acknowledged();
        }
        assertEquals(ids.size(), acknowledged, "every operation sent was acknowledged, and only those");
        assertEquals(ids.size(), m.outcomes().acknowledgedOps());
        // the window's schedule: rate × window, whichever agent sent it (the window's ends are sampled: a few operations either way)
        assertEquals(rate * 3, m.outcomes().scheduled(), rate * 3 * 0.1, "scheduled in the window");
        assertTrue(Files.isRegularFile(dir.resolve("histograms/create-labelled-indexed-bolt.agent-3.hlog")), "each agent's log kept");
        assertTrue(Files.isRegularFile(dir.resolve("rv/done")), "the agents were told the run is done");
        for (Thread t : threads) assertFalse(t.isAlive(), "agent threads end with the run");
    }

    @Test
    void anAgentThatFailsIsNamedAndTheCellRefused(@TempDir Path dir) throws Exception {
        Transport ok = transport(op -> Thread.sleep(1));
        Transport broken = new Transport() {

            @Override
            public io.graphperf.core.engine.Session openSession() {
                throw new IllegalStateException("connection refused by the test");
            }

            @Override
            public String clientWork() {
                return "none";
            }
        };
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Transport t = i == 1 ? broken : ok;
            threads.add(agent(dir.resolve("rv"), new Segment(i, 2), t));
        }
        RunPlan plan = new RunPlan(new Open(100, 2), new Warmup.Fixed(Duration.ofSeconds(1)), Duration.ofSeconds(2));
        try (Coordinator c = Coordinator.start(new Agents(2, dir.resolve("rv"), "127.0.0.1", 50, Duration.ofSeconds(60)), dir, "writes")) {
            Scenario s = io.graphperf.workloads.writes.WriteScenarios.all().stream().filter(x -> x.id().equals("create-labelled-indexed")).findFirst().orElseThrow();
            Exception e = assertThrows(Coordinator.AgentFailure.class, () -> c.measure(new StubEngine(), s, TransportName.BOLT, null, plan, null, List.of()));
            assertTrue(e.getMessage().contains("agent 1 of 2") && e.getMessage().contains("connection refused by the test")
                    && e.getMessage().contains("The run is invalid"), e.getMessage());
        }
        for (Thread t : threads) t.join(30_000);
        assertTrue(Files.readString(dir.resolve("rv/abort")).contains("agent 1 of 2"), "the agents are told why the run was aborted");
        for (Thread t : threads) assertFalse(t.isAlive(), "agent threads end when the run is aborted");
    }

    /** An agent that takes longer to open its sessions than any fixed lead would allow: the start waits for it, the cell is measured. */
    @Test
    void theCommonStartWaitsForTheSlowestAgentToBeReady(@TempDir Path dir) throws Exception {
        Transport fast = transport(op -> { });
        Transport slow = new Transport() {

            @Override
            public io.graphperf.core.engine.Session openSession() throws Exception {
                Thread.sleep(4_000); // a driver's first connection on a busy machine, a slow pod
                return op -> { };
            }

            @Override
            public String clientWork() {
                return "none";
            }
        };
        List<Thread> threads = List.of(agent(dir.resolve("rv"), new Segment(0, 2), fast), agent(dir.resolve("rv"), new Segment(1, 2), slow));
        RunPlan plan = new RunPlan(new Open(100, 2), new Warmup.Fixed(Duration.ofMillis(500)), Duration.ofSeconds(1));
        CellLoad.Measured measured;
        try (Coordinator c = Coordinator.start(new Agents(2, dir.resolve("rv"), "127.0.0.1", 50, Duration.ofSeconds(60)), dir, "writes")) {
            measured = c.measure(new StubEngine(), createLabelledIndexed(), TransportName.BOLT, null, plan, null, List.of());
        }
        for (Thread t : threads) t.join(30_000);
        assertEquals(2, measured.agents().size());
        for (AgentShare a : measured.agents()) assertTrue(a.ops() > 0, "agent " + a.agent() + " measured its segment");
        long ready = Long.parseLong(Files.readString(dir.resolve("rv/cells/0001/agent-1.ready")).trim());
        long start = new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve("rv/cells/0001/start.json").toFile()).get("startMillis").asLong();
        assertTrue(start >= ready + Coordinator.START_LEAD_MILLIS, "the start is set only after the slow agent was ready: " + (start - ready) + " ms");
    }

    /** An agent that never gets its sessions open: after --agents-timeout the run fails naming it, and every agent is told. */
    @Test
    void anAgentThatNeverGetsReadyIsNamedAfterTheTimeout(@TempDir Path dir) throws Exception {
        Transport ok = transport(op -> { });
        java.util.concurrent.CountDownLatch released = new java.util.concurrent.CountDownLatch(1);
        Transport stuck = new Transport() {

            @Override
            public io.graphperf.core.engine.Session openSession() throws Exception {
                released.await();
                throw new IllegalStateException("released by the test");
            }

            @Override
            public String clientWork() {
                return "none";
            }
        };
        List<Thread> threads = List.of(agent(dir.resolve("rv"), new Segment(0, 2), ok), agent(dir.resolve("rv"), new Segment(1, 2), stuck));
        RunPlan plan = new RunPlan(new Open(100, 2), new Warmup.Fixed(Duration.ofMillis(500)), Duration.ofSeconds(1));
        try (Coordinator c = Coordinator.start(new Agents(2, dir.resolve("rv"), "127.0.0.1", 50, Duration.ofSeconds(3)), dir, "writes")) {
            Exception e = assertThrows(Coordinator.AgentFailure.class, () -> c.measure(new StubEngine(), createLabelledIndexed(), TransportName.BOLT, null, plan, null, List.of()));
            assertTrue(e.getMessage().contains("agent 1 of 2 did not get ready") && e.getMessage().contains("--agents-timeout")
                    && e.getMessage().contains("bolt://127.0.0.1:1"), e.getMessage());
        } finally {
            released.countDown();
        }
        for (Thread t : threads) t.join(30_000);
        assertFalse(Files.exists(dir.resolve("rv/cells/0001/start.json")), "no start was set");
        assertTrue(Files.readString(dir.resolve("rv/abort")).contains("agent 1 of 2"));
        for (Thread t : threads) assertFalse(t.isAlive(), "agent threads end when the run is aborted");
    }

    private static Scenario createLabelledIndexed() {
        return io.graphperf.workloads.writes.WriteScenarios.all().stream().filter(x -> x.id().equals("create-labelled-indexed")).findFirst().orElseThrow();
    }

    @Test
    void anAgentWhoseClockIsOffIsRefused(@TempDir Path dir) throws Exception {
        // a bound no real probe can meet (the round trip alone is more)
        Transport ok = transport(op -> { });
        Thread t = agent(dir.resolve("rv"), new Segment(0, 1), ok);
        Exception e = assertThrows(io.graphperf.core.UserError.class,
                () -> Coordinator.start(new Agents(1, dir.resolve("rv"), "127.0.0.1", 1e-6, Duration.ofSeconds(60)), dir, "writes"));
        assertTrue(e.getMessage().contains("--max-clock-offset"), e.getMessage());
        t.join(30_000);
        assertFalse(t.isAlive());
    }

    private static List<Thread> startAgents(Path dir, int agents, Transport transport) {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < agents; i++) threads.add(agent(dir.resolve("rv"), new Segment(i, agents), transport));
        return threads;
    }

    private static Thread agent(Path rv, Segment segment, Transport transport) {
        Thread t = new Thread(() -> {
            try {
                Files.createDirectories(rv);
                new AgentLoop(rv, segment, null, Duration.ofSeconds(60), QUIET, () -> { }).run(new AgentLoop.Connector() {
                    @Override
                    public Transport transport(Map<TransportName, String> addresses, TransportName name) {
                        return transport;
                    }

                    @Override
                    public void close() {
                    }
                });
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, "agent-" + segment);
        t.start();
        return t;
    }

    @FunctionalInterface
    interface Send {
        void send(Operation op) throws Exception;
    }

    private static Transport transport(Send send) {
        return new Transport() {

            @Override
            public io.graphperf.core.engine.Session openSession() {
                return send::send;
            }

            @Override
            public String clientWork() {
                return "none";
            }
        };
    }

    /** An engine the coordinator only asks for its addresses and processes. */
    private static final class StubEngine extends StandInEngine {
        @Override
        public Map<TransportName, String> addresses() {
            return Map.of(TransportName.BOLT, "bolt://127.0.0.1:1");
        }

        @Override
        public List<TransportName> transports() {
            return List.of(TransportName.BOLT);
        }
    }
}
