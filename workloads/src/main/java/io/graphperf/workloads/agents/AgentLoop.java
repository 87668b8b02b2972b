package io.graphperf.workloads.agents;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.measure.Executor;
import io.graphperf.core.measure.InProcessResult;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.OperationSource;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Runner;
import io.graphperf.core.measure.Segment;
import io.graphperf.core.report.Format;

import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One load agent ({@code graphperf agent}): it joins the coordinator's folder with its clock's offset, then for each cell the
 * coordinator asks for sends its segment of the schedule from the common start, measured by the same {@link Runner} as any cell,
 * and writes its measurement (with its accounting) and interval log back. It ends when the coordinator says done (exit 0), aborts,
 * or is gone (exit 1): a local agent whose coordinator died, or one that waited longer than its idle limit.
 */
public final class AgentLoop {

    /** Opens transports to the engine the coordinator names (the CLI's Neo4j client). */
    public interface Connector extends AutoCloseable {
        Transport transport(Map<TransportName, String> addresses, TransportName transport) throws Exception;

        @Override
        void close();
    }

    private static final long POLL_MILLIS = 10;
    static final long HEARTBEAT_MILLIS = 1_000;

    private final Rendezvous rv;
    private final Segment segment;
    private final Long parentPid;
    private final Duration idle;
    private final PrintStream out;
    private final Runnable halt;

    /**
     * @param parentPid the coordinator's process when it started this agent (it stops when that process is gone), or null
     * @param idle      how long it waits for the coordinator's next word before giving up
     * @param halt      ends this agent at once when the run is aborted or the coordinator is gone mid-cell (a process exits; a test's
     *                  thread may finish its cell)
     */
    public AgentLoop(Path dir, Segment segment, Long parentPid, Duration idle, PrintStream out, Runnable halt) {
        this.rv = new Rendezvous(dir);
        this.segment = segment;
        this.parentPid = parentPid;
        this.idle = idle;
        this.out = out;
        this.halt = halt;
    }

    /** Runs until the coordinator ends the run; returns the exit code. */
    public int run(Connector connector) throws Exception {
        int me = segment.index();
        String host = InetAddress.getLocalHost().getHostName();
        long pid = ProcessHandle.current().pid();
        if (!await(rv.coordinator())) return gone("no coordinator in " + rv.dir());
        Rendezvous.Coordinator co = Rendezvous.read(rv.coordinator(), Rendezvous.Coordinator.class);
        if (co.agents() != segment.of()) {
            throw new UserError("the coordinator in " + rv.dir() + " runs " + co.agents() + " agents, and --segment " + segment + " says " + segment.of());
        }
        ClockProbe.Offset clock = ClockProbe.measure(co.clockAddress(), 2_000, 5_000);
        Rendezvous.write(rv.joined(me), new Rendezvous.Joined(me, host, pid, clock.offsetMs(), clock.errorMs()));
        out.printf(Locale.ROOT, "agent %s on %s (pid %d): joined %s; clock %+.3f ms (± %.3f ms) from the coordinator's%n", segment, host, pid, rv.dir(),
                clock.offsetMs(), clock.errorMs());
        Map<String, Transport> transports = new LinkedHashMap<>();
        Thread beat = heartbeat(me);
        try {
            for (int cell = 1; ; cell++) {
                if (!await(rv.request(cell))) {
                    if (Files.exists(rv.done())) {
                        out.println("agent " + segment + ": the coordinator is done");
                        return 0;
                    }
                    return gone(rv.aborted() != null ? "the coordinator aborted the run: " + rv.aborted() : "the coordinator is gone");
                }
                Rendezvous.Request r = Rendezvous.read(rv.request(cell), Rendezvous.Request.class);
                Rendezvous.Result result;
                try {
                    OperationSource operations = AgentScenarios.operations(rv, r);
                    String key = r.transport() + " " + r.addresses().get(r.transport());
                    Transport t = transports.get(key);
                    if (t == null) transports.put(key, t = connector.transport(r.reachable(), TransportName.of(r.transport())));
                    RunPlan plan = r.plan().runPlan();
                    plan = plan.withExecutor(plan.executor().withSegment(segment));
                    int c = cell;
                    Measurement m = new Runner(t, operations, plan, rv.log(cell, me), List.of(), List.of())
                            .startingAt(() -> awaitStart(c, me), clock.offsetMs()).run();
                    result = new Rendezvous.Result(me, host, pid, InProcessResult.of(m), null);
                    out.printf(Locale.ROOT, "cell %d, %s over %s: %d ops in the window, %s ops/s, p99 %s ms, %d errors%n", cell, r.scenario(), r.transport(),
                            m.throughput().ops(), Format.rate(m.throughput().opsPerSecond()), Format.ms(m.latencies().all().p99Ms()), m.outcomes().errors());
                } catch (Exception e) {
                    result = new Rendezvous.Result(me, host, pid, null, e.getMessage() == null ? e.toString() : e.getMessage());
                    out.println("cell " + cell + ": failed: " + result.failure());
                }
                Rendezvous.write(rv.result(cell, me), result);
            }
        } finally {
            beat.interrupt();
            for (Transport t : transports.values()) {
                try {
                    t.close();
                } catch (Exception ignored) {
                    // the run is over
                }
            }
            connector.close();
        }
    }

    /**
     * Rewrites this agent's heartbeat every second, so a coordinator elsewhere notices an agent that is gone without waiting out a
     * cell; and halts this agent when the run was aborted or its coordinator is gone, even in the middle of a cell.
     */
    private Thread heartbeat(int me) {
        Thread t = new Thread(() -> {
            for (long n = 0; !Thread.currentThread().isInterrupted(); n++) {
                try {
                    if (Files.exists(rv.abort()) || parentGone()) {
                        out.println("agent " + segment + ": " + (parentGone() ? "the coordinator is gone" : "the coordinator aborted the run: " + rv.aborted())
                                + "; stopping");
                        out.flush();
                        halt.run();
                        return;
                    }
                    Rendezvous.write(rv.heartbeat(me), Long.toString(n));
                    Thread.sleep(HEARTBEAT_MILLIS);
                } catch (InterruptedException e) {
                    return;
                } catch (Exception e) {
                    // a shared volume's hiccup: the next beat may pass
                }
            }
        }, "graphperf-agent-heartbeat");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Says this agent is ready for {@code cell} (its sessions are open) and waits for the common start the coordinator then sets. */
    private long awaitStart(int cell, int me) throws Exception {
        Rendezvous.write(rv.ready(cell, me), Long.toString(System.currentTimeMillis()));
        if (!await(rv.start(cell))) {
            throw new UserError(rv.aborted() != null ? "the coordinator aborted the run: " + rv.aborted() : "no common start for cell " + cell + " came");
        }
        return Rendezvous.read(rv.start(cell), Rendezvous.Start.class).startMillis();
    }

    /** Waits for {@code file}; false when the run ended (done, abort), the coordinator is gone, or the idle limit passed first. */
    private boolean await(Path file) throws Exception {
        long deadline = System.currentTimeMillis() + idle.toMillis();
        while (!Files.isRegularFile(file)) {
            if (Files.exists(rv.done()) || Files.exists(rv.abort())) return false;
            if (parentGone()) return false;
            if (System.currentTimeMillis() > deadline) {
                out.println("agent " + segment + ": nothing from the coordinator for " + idle.toSeconds() + " s (option --idle)");
                return false;
            }
            Thread.sleep(POLL_MILLIS);
        }
        return true;
    }

    private boolean parentGone() {
        return parentPid != null && !ProcessHandle.of(parentPid).map(ProcessHandle::isAlive).orElse(false);
    }

    private int gone(String why) {
        out.println("agent " + segment + ": " + why);
        return 1;
    }
}
