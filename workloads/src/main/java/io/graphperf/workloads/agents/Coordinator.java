package io.graphperf.workloads.agents;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.measure.CpuMeter;
import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.MeasurementMerge;
import io.graphperf.core.measure.Resources;
import io.graphperf.core.measure.RunListener;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Warmup;
import io.graphperf.core.measure.Segment;
import io.graphperf.workloads.cells.CellLoad;
import io.graphperf.workloads.cells.Scenario;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The coordinator of load agents: it starts them (on this machine) or waits for them to join (elsewhere), checks their
 * clocks, and measures each cell through them — one request with a common start instant, every agent's segment of the schedule,
 * their results merged exactly ({@link MeasurementMerge}) — while it watches the engine's CPU during the window. An agent that
 * fails, dies or does not deliver in time makes the run invalid: the coordinator aborts every agent and says which one.
 */
public final class Coordinator implements CellLoad, AutoCloseable {

    /**
     * Once every agent is ready, how far ahead the common start is set at least: an agent's polling, its first reading of the start and
     * its client threads' start, on a machine whose cores the engine's JIT compilers may hold for a second or more (with one second, an
     * agent on a busy 2-core machine reached the start 465 ms late). It is also at least three times the longest any agent's ready
     * message took to reach the coordinator through the folder.
     */
    static final long START_LEAD_MILLIS = 3_000;
    /** Beyond the drain limit, how long agents may still take to write their results (the Runner's own grace for a stuck operation). */
    static final long RESULT_GRACE_MILLIS = 75_000;

    private final Agents spec;
    private final Rendezvous rv;
    private final String experiment;
    private final ClockServer clock;
    private final List<Process> local = new ArrayList<>();
    private final List<Rendezvous.Joined> joined = new ArrayList<>();
    private final Thread killer;
    private int cell;
    private boolean aborted;
    /** Each agent's last heartbeat as read, and when (this machine's clock) it last changed. */
    private final Map<Integer, String> beats = new HashMap<>();
    private final Map<Integer, Long> beatChanged = new HashMap<>();
    /** A request's detail: the file name of the cell's interval log in the results' histograms/. */
    static final String LOG = "log";
    /** An agent whose heartbeat has not changed for this long is gone (its beat is every second). */
    static final long SILENCE_MILLIS = 20_000;

    private Coordinator(Agents spec, Rendezvous rv, String experiment, ClockServer clock) {
        this.spec = spec;
        this.rv = rv;
        this.experiment = experiment;
        this.clock = clock;
        this.killer = new Thread(this::destroyLocal, "graphperf-agents-stop");
    }

    /**
     * Starts (or waits for) the agents and checks their clocks.
     *
     * @param trialDir where local agents' rendezvous folder is made
     */
    public static Coordinator start(Agents spec, Path trialDir, String experiment) throws Exception {
        Path dir = spec.external() ? spec.rendezvous() : trialDir.resolve("agents");
        if (Files.isDirectory(dir.resolve("cells")) || Files.exists(dir.resolve("done")) || Files.exists(dir.resolve("abort"))) {
            throw new UserError("the agents' folder " + dir + " holds an earlier run (option --rendezvous): give an empty folder for each run");
        }
        Files.createDirectories(dir);
        String host = spec.external() ? (spec.advertise() != null ? spec.advertise() : InetAddress.getLocalHost().getHostAddress()) : "127.0.0.1";
        ClockServer clock = new ClockServer(spec.external() ? "0.0.0.0" : "127.0.0.1", host);
        Coordinator c = new Coordinator(spec, new Rendezvous(dir), experiment, clock);
        try {
            Rendezvous.write(c.rv.coordinator(), new Rendezvous.Coordinator(experiment, spec.count(), clock.address(), spec.maxClockOffsetMs(),
                    InetAddress.getLocalHost().getHostName(), ProcessHandle.current().pid()));
            if (!spec.external()) c.launchLocal();
            c.awaitJoined();
            return c;
        } catch (Exception e) {
            c.abort(e.getMessage());
            c.close();
            throw e;
        }
    }

    @Override
    public String describe() {
        return spec.describe() + "; clocks: " + String.join(", ", joined.stream().map(j -> String.format(Locale.ROOT, "agent %d %+.3f ms (± %.3f)",
                j.agent(), j.clockOffsetMs(), j.clockErrorMs())).toList());
    }

    private void launchLocal() throws IOException {
        Runtime.getRuntime().addShutdownHook(killer);
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (int i = 0; i < spec.count(); i++) {
            Files.createDirectories(rv.console(i).getParent());
            List<String> cmd = List.of(java, "-cp", System.getProperty("java.class.path"), Agents.MAIN, "agent", "--rendezvous", rv.dir().toString(),
                    "--segment", i + "/" + spec.count(), "--parent-pid", Long.toString(ProcessHandle.current().pid()));
            local.add(new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(rv.console(i).toFile()).start());
        }
    }

    private void awaitJoined() throws Exception {
        long deadline = System.currentTimeMillis() + spec.joinTimeout().toMillis();
        while (true) {
            List<Integer> missing = new ArrayList<>();
            for (int i = 0; i < spec.count(); i++) if (!Files.isRegularFile(rv.joined(i))) missing.add(i);
            if (missing.isEmpty()) break;
            checkAlive(missing, "while joining");
            if (System.currentTimeMillis() > deadline) {
                throw new UserError("agents " + missing + " of " + spec.count() + " did not join within " + spec.joinTimeout().toSeconds()
                        + " s (option --agents-timeout)" + (spec.external() ? "; each agent runs graphperf agent --rendezvous " + rv.dir()
                        + " --segment I/" + spec.count() : ""));
            }
            Thread.sleep(50);
        }
        for (int i = 0; i < spec.count(); i++) {
            Rendezvous.Joined j = Rendezvous.read(rv.joined(i), Rendezvous.Joined.class);
            if (Math.abs(j.clockOffsetMs()) + j.clockErrorMs() > spec.maxClockOffsetMs()) {
                throw new UserError(String.format(Locale.ROOT, "agent %d on %s: its clock is %+.3f ms (± %.3f ms) from the coordinator's, beyond"
                        + " --max-clock-offset %s ms: synchronise the machines' clocks (NTP, chrony) or allow more", i, j.host(), j.clockOffsetMs(),
                        j.clockErrorMs(), spec.maxClockOffsetMs()));
            }
            joined.add(j);
        }
    }

    @Override
    public Measured measure(Engine engine, Scenario s, TransportName transportName, Transport transport, RunPlan plan, Path histogramLog,
                            List<RunListener> listeners) throws Exception {
        return measure(engine, new AgentWork(s.id(), Map.of(), s.clients()), transportName, plan, histogramLog);
    }

    /** How many agents send each cell. */
    public int count() {
        return spec.count();
    }

    /** Whether a cell run by {@code clients} clients over {@code transportName} on {@code engine} can be split over the agents. */
    public boolean splits(Engine engine, TransportName transportName, int clients) {
        return engine.addresses().containsKey(transportName) && clients % spec.count() == 0;
    }

    /** Gives every agent a copy of {@code file} (in the folder's shared/), before a request needs it. */
    public void share(Path file) throws IOException {
        Rendezvous.write(rv.shared().resolve(file.getFileName().toString()), file);
    }

    /** Measures one cell through the agents: {@code work} is what each rebuilds and sends its segment of. */
    public Measured measure(Engine engine, AgentWork work, TransportName transportName, RunPlan plan, Path histogramLog) throws Exception {
        String addr = engine.addresses().get(transportName);
        if (addr == null) {
            throw new UserError("load agents reach the engine over bolt or http; " + engine.description() + " offers no address for "
                    + transportName + " to other processes (options --agents, --transports)");
        }
        if (!(plan.warmup() instanceof Warmup.Fixed fixed)) throw new UserError("load agents need a fixed warm-up (option --warmup)");
        if (plan.operationsPerClient() > 0) throw new UserError("load agents split a cell's schedule over its window (--duration), not a count of operations");
        int clients = plan.executor().clients();
        if (clients % spec.count() != 0) {
            throw new UserError("scenario " + work.label() + " runs " + clients + " client(s), which do not split over " + spec.count() + " agents: give"
                    + " --clients as a multiple of " + spec.count() + (work.fixedClients() > 0 ? " (this scenario fixes its clients: leave it out)" : ""));
        }
        cell++;
        String label = work.label() + " over " + transportName;
        Rendezvous.Request request = new Rendezvous.Request(cell, experiment, work.scenario(), engine.dialect(), transportName.id(),
                Rendezvous.Request.onTheWire(engine.addresses()),
                InProcessPlan.of(null, plan, null), withLog(work.details(), histogramLog));
        Rendezvous.write(rv.request(cell), request);
        long start = awaitReady(label, addr);
        if (cell == 1 && spec.startAt() != null) {
            if (spec.startAt().toEpochMilli() < start) {
                fail("--start-at " + spec.startAt() + " had passed (or was less than " + START_LEAD_MILLIS / 1000 + " s away) when every agent was"
                        + " ready for the first cell: the agents could not start together then; give a later instant");
            }
            start = spec.startAt().toEpochMilli();
        }
        Rendezvous.write(rv.start(cell), new Rendezvous.Start(cell, start));
        long windowStart = start + fixed.duration().toMillis(), windowEnd = windowStart + plan.window().toMillis();
        CpuMeter cpu = new CpuMeter(engine.serverPids());
        sleepUntil(windowStart, label);
        CpuMeter.Snapshot a = cpu.snapshot();
        sleepUntil(windowEnd, label);
        CpuMeter.Snapshot b = cpu.snapshot();
        List<Rendezvous.Result> results = awaitResults(label, windowEnd + plan.drainLimit().toMillis() + RESULT_GRACE_MILLIS);
        Measurement merged = AgentsMerge.measurement(rv, request, start, results, resources(cpu.usage(a, b), results),
                histogramLog == null ? null : histogramLog.getFileName().toString());
        if (histogramLog != null) keepLogs(AgentsMerge.parts(rv, request, results), histogramLog, plan.interval().toMillis(), windowStart);
        return new Measured(merged, AgentsMerge.shares(results, joined, merged));
    }

    /**
     * Waits until every agent says it is ready for the current cell (its sessions open), at most {@code --agents-timeout}; returns the
     * common start to set: far enough ahead for the slowest agent's way through the folder.
     */
    private long awaitReady(String label, String address) throws Exception {
        long deadline = System.currentTimeMillis() + spec.joinTimeout().toMillis(), slowest = 0;
        boolean[] seen = new boolean[spec.count()];
        while (true) {
            List<Integer> missing = new ArrayList<>();
            for (int i = 0; i < spec.count(); i++) {
                if (seen[i]) continue;
                Path ready = rv.ready(cell, i);
                if (!Files.isRegularFile(ready)) {
                    missing.add(i);
                    continue;
                }
                seen[i] = true;
                long sent = Long.parseLong(Files.readString(ready).trim()) + Math.round(joined.get(i).clockOffsetMs());
                slowest = Math.max(slowest, System.currentTimeMillis() - sent);
            }
            if (missing.isEmpty()) return System.currentTimeMillis() + Math.max(START_LEAD_MILLIS, 3 * slowest);
            checkAgents(label);
            if (System.currentTimeMillis() > deadline) {
                fail("agent" + (missing.size() == 1 ? " " + missing.get(0) : "s " + missing) + " of " + spec.count() + " did not get ready for cell "
                        + label + " within " + spec.joinTimeout().toSeconds() + " s (option --agents-timeout): " + (missing.size() == 1 ? "its" : "their")
                        + " sessions to " + address + " are not open" + (spec.external() ? "" : "; see " + rv.console(missing.get(0))));
            }
            Thread.sleep(10);
        }
    }

    /** The details with the name of the cell's interval log (where {@code graphperf merge} writes the merged one). */
    private static Map<String, String> withLog(Map<String, String> details, Path histogramLog) {
        if (histogramLog == null) return details;
        Map<String, String> m = new LinkedHashMap<>(details);
        m.put(LOG, histogramLog.getFileName().toString());
        return m;
    }

    /** The engine's CPU as measured here; the harness's as the sum of the agents' (and this process's, when they run here). */
    private Resources resources(Resources here, List<Rendezvous.Result> results) {
        Resources agents = AgentsMerge.agentsOnly(results);
        if (spec.external()) {
            return new Resources(agents.harnessCores(), here.serverCores(), here.machineBusy(), here.cores(), here.otherLoadCores(), 0, agents.clientBound());
        }
        double harness = here.harnessCores() + agents.harnessCores();
        double other = Double.isNaN(here.otherLoadCores()) ? Double.NaN : Math.max(0, here.otherLoadCores() - agents.harnessCores());
        return new Resources(harness, here.serverCores(), here.machineBusy(), here.cores(), other, here.harnessGcMillis(),
                agents.clientBound() || Resources.isClientBound(harness, here.serverCores(), here.machineBusy(), here.cores()));
    }

    /** Each agent's log beside the merged one in the trial's histograms (the merged log written by {@link MeasurementMerge#writeLog}). */
    private void keepLogs(List<MeasurementMerge.Agent> parts, Path histogramLog, long intervalMillis, long windowStart) throws Exception {
        String base = histogramLog.getFileName().toString().replaceAll("\\.hlog$", "");
        Files.createDirectories(histogramLog.toAbsolutePath().getParent());
        for (int i = 0; i < parts.size(); i++) {
            Files.copy(parts.get(i).histogramLog(), histogramLog.resolveSibling(base + ".agent-" + i + ".hlog"), StandardCopyOption.REPLACE_EXISTING);
        }
        MeasurementMerge.writeLog(parts, histogramLog, intervalMillis, windowStart);
    }

    private void sleepUntil(long millis, String label) throws Exception {
        while (System.currentTimeMillis() < millis) {
            checkAgents(label);
            Thread.sleep(Math.max(1, Math.min(50, millis - System.currentTimeMillis())));
        }
    }

    private List<Rendezvous.Result> awaitResults(String label, long deadline) throws Exception {
        List<Rendezvous.Result> results = new ArrayList<>();
        for (int i = 0; i < spec.count(); i++) results.add(null);
        while (true) {
            List<Integer> missing = new ArrayList<>();
            for (int i = 0; i < spec.count(); i++) {
                if (results.get(i) != null) continue;
                if (Files.isRegularFile(rv.result(cell, i))) {
                    Rendezvous.Result r = Rendezvous.read(rv.result(cell, i), Rendezvous.Result.class);
                    if (r.failure() != null) fail("agent " + i + " of " + spec.count() + " (" + r.host() + ", pid " + r.pid() + ") failed cell " + label + ": " + r.failure());
                    results.set(i, r);
                } else {
                    missing.add(i);
                }
            }
            if (missing.isEmpty()) return results;
            checkAlive(missing, "during cell " + label);
            if (System.currentTimeMillis() > deadline) {
                fail("agents " + missing + " of " + spec.count() + " delivered no result for cell " + label + " by its deadline (the window's end, the drain"
                        + " limit and " + RESULT_GRACE_MILLIS / 1000 + " s)");
            }
            Thread.sleep(20);
        }
    }

    /** Before the window ends: an agent that already failed or died fails the cell now. */
    private void checkAgents(String label) throws IOException {
        for (int i = 0; i < spec.count(); i++) {
            if (Files.isRegularFile(rv.result(cell, i))) {
                Rendezvous.Result r = Rendezvous.read(rv.result(cell, i), Rendezvous.Result.class);
                if (r.failure() != null) fail("agent " + i + " of " + spec.count() + " (" + r.host() + ", pid " + r.pid() + ") failed cell " + label + ": " + r.failure());
            }
        }
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < spec.count(); i++) if (!Files.isRegularFile(rv.result(cell, i))) all.add(i);
        checkAlive(all, "during cell " + label);
    }

    /** A local agent among {@code which} that ended, or any whose heartbeat stopped, fails the run (a local one with its console's end). */
    private void checkAlive(List<Integer> which, String when) throws IOException {
        long now = System.currentTimeMillis();
        for (int i : which) {
            Path beat = rv.heartbeat(i);
            String content = Files.isRegularFile(beat) ? Files.readString(beat) : null;
            if (content == null) continue; // not joined yet: the join's own timeout applies
            if (!content.equals(beats.get(i))) {
                beats.put(i, content);
                beatChanged.put(i, now);
            } else if (now - beatChanged.get(i) > SILENCE_MILLIS && (i >= local.size() || !local.get(i).isAlive())) {
                fail("agent " + i + " of " + spec.count() + " has not been heard from for " + (now - beatChanged.get(i)) / 1000 + " s " + when
                        + " (its heartbeat " + beat + " stopped)");
            } else if (now - beatChanged.get(i) > SILENCE_MILLIS) {
                fail("agent " + i + " of " + spec.count() + " (pid " + local.get(i).pid() + ") is alive but its heartbeat stopped "
                        + (now - beatChanged.get(i)) / 1000 + " s ago " + when + " (a stalled process or a full disk?)");
            }
        }
        for (int i : which) {
            if (i >= local.size() || local.get(i).isAlive()) continue;
            Process p = local.get(i);
            String console = Files.isRegularFile(rv.console(i)) ? tail(Files.readString(rv.console(i)), 600) : "";
            fail("agent " + i + " of " + spec.count() + " (pid " + p.pid() + ") ended " + when + " with exit code " + p.exitValue()
                    + (console.isBlank() ? "" : "; its console (" + rv.console(i) + ") ends: " + console));
        }
    }

    private static String tail(String s, int n) {
        String t = s.strip();
        return t.length() <= n ? t : "…" + t.substring(t.length() - n);
    }

    private void fail(String why) {
        String message = why + ". The run is invalid: every agent's segment is part of each cell's schedule.";
        abort(message);
        throw new AgentFailure(message);
    }

    private void abort(String why) {
        if (aborted) return;
        aborted = true;
        try {
            Rendezvous.write(rv.abort(), why == null ? "aborted" : why);
        } catch (IOException ignored) {
            // the agents also stop when this process ends (local) or their idle time runs out (elsewhere)
        }
    }

    /** An agent failed: the run cannot be measured. */
    public static final class AgentFailure extends UserError {
        AgentFailure(String message) {
            super(message);
        }
    }

    @Override
    public void close() {
        if (!aborted) {
            try {
                Rendezvous.write(rv.done(), "done");
            } catch (IOException ignored) {
                // local agents stop with this process anyway
            }
        }
        long deadline = System.currentTimeMillis() + 10_000;
        for (Process p : local) {
            try {
                if (!p.waitFor(Math.max(1, deadline - System.currentTimeMillis()), TimeUnit.MILLISECONDS)) p.destroyForcibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        destroyLocal();
        if (!local.isEmpty()) {
            try {
                Runtime.getRuntime().removeShutdownHook(killer);
            } catch (IllegalStateException ignored) {
                // the JVM is shutting down: the hook runs anyway
            }
        }
        clock.close();
    }

    private void destroyLocal() {
        for (Process p : local) {
            p.destroyForcibly();
            try {
                p.waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
