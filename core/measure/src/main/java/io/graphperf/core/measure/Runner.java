package io.graphperf.core.measure;

import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Transport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The measuring layer: the only code in graphperf that times operations. It runs an executor (load model)
 * against a transport, records every operation in HdrHistograms (one set per operation type, shared by the
 * clients; failures and drops in their own), samples them every interval into a timeline and an HdrHistogram
 * log, decides when the warm-up ends (after a fixed time, or once the cell is steady), judges the window's
 * steadiness, measures CPU and GC during the window, and publishes the window's events to its listeners.
 *
 * <p>When {@link #run()} returns, every client thread has ended: nothing from this cell reaches the engine
 * afterwards.
 */
public final class Runner {

    /** A ramp's window, never steady by design (a flag of its own kind, {@code ramped:}). */
    static final String RAMPED = "ramped: the offered rate changes through the window by design (stages), so no figure of it is a steady state;"
            + " read each interval against its own rate (the timeline), or measure a constant --rate for a verdict";

    /** Lead before the clock starts, so every client thread is waiting by then. */
    private static final long START_LEAD_NANOS = 20_000_000;
    /** After the drain deadline, how long an operation already inside the engine may still take before its session is closed. */
    private static final long STUCK_GRACE_NANOS = 60_000_000_000L;
    private static final long WAKE_NANOS = 50_000_000;

    private final Transport transport;
    private final OperationSource source;
    private final RunPlan plan;
    private final Path histogramLog;
    private final List<Long> serverPids;
    private final List<RunListener> listeners;
    /** A common start (several agents): agreed once this process is ready, and how far this machine's clock is behind the coordinator's. */
    private StartBarrier barrier;
    private double clockOffsetMillis;
    /** The agreed start on the coordinator's clock (epoch ms), once the barrier gave it; null for a cell started here alone. */
    private Long startAtMillis;
    /** A known slowdown injected into every operation (a calibration), or null. */
    private Slowdown slowdown;
    /** Processes that run alongside on purpose (a duet's other engine), known once the start is agreed: not counted as other load. */
    private Supplier<List<Long>> besides = List::of;

    /**
     * @param histogramLog where to write the interval histograms (HdrHistogram log format), or null
     * @param serverPids   the engine's processes on this machine, for their CPU use (empty when remote)
     * @param listeners    receive the window's events (progress bar, component probes)
     */
    public Runner(Transport transport, OperationSource source, RunPlan plan, Path histogramLog, List<Long> serverPids,
                  List<? extends RunListener> listeners) {
        this.transport = transport;
        this.source = source;
        this.plan = plan;
        this.histogramLog = histogramLog;
        this.serverPids = serverPids == null ? List.of() : serverPids;
        this.listeners = listeners == null ? List.of() : List.copyOf(listeners);
    }

    /**
     * Where several processes send one cell's schedule together (load agents): each says it is ready once its sessions are open, and
     * all start from the instant the barrier then gives. The barrier returns that instant on the coordinator's clock (epoch ms).
     */
    @FunctionalInterface
    public interface StartBarrier {
        long ready() throws Exception;
    }

    /**
     * Starts the cell at a common instant agreed through {@code barrier} once this process is ready, given this machine's clock offset
     * from the coordinator's (coordinator minus local, in ms). The interval log's timestamps are then counted from that instant (its
     * BaseTime), so agents' logs line up interval by interval. A process that still misses the instant fails the cell.
     */
    public Runner startingAt(StartBarrier barrier, double clockOffsetMillis) {
        this.barrier = barrier;
        this.clockOffsetMillis = clockOffsetMillis;
        return this;
    }

    /** The engine's processes on this machine whose CPU this runner measures. */
    public List<Long> serverPids() {
        return serverPids;
    }

    /** Processes that run alongside on purpose (asked for once the start is agreed): their CPU is not counted as other load. */
    public Runner besides(Supplier<List<Long>> pids) {
        this.besides = pids;
        return this;
    }

    /** Every operation {@code s}'s fraction longer, injected in the sessions (a calibration of what a comparison detects). */
    public Runner slowedBy(Slowdown s) {
        this.slowdown = s;
        return this;
    }

    public Measurement run() throws Exception {
        Executor executor = plan.executor();
        List<Session> sessions = openSessions(executor.clients());
        ExecutionContext ctx = new ExecutionContext(sessions, source, plan.operationsPerClient(), executor.clients());
        try {
            if (barrier != null) startAtMillis = barrier.ready();
            try (Sampler sampler = new Sampler(ctx)) {
                long t0 = startNanos();
                Executor.Execution execution = executor.start(ctx);
                if (startAtMillis == null) t0 = System.nanoTime() + START_LEAD_NANOS;
                ctx.start(t0);
                boolean drained = sampler.loop(t0, execution, sessions);
                Throwable crash = ctx.crash.get();
                if (crash != null) throw new IllegalStateException("a client thread failed: " + crash, crash);
                return sampler.summarise(drained);
            }
        } finally {
            for (Session s : sessions) closeQuietly(s);
        }
    }

    /** The common start on this machine's clock; an error when it is less than the start lead away (this process is late). */
    private long startNanos() {
        if (startAtMillis == null) return 0;
        double localStart = startAtMillis - clockOffsetMillis;
        long lead = Math.round((localStart - System.currentTimeMillis()) * 1e6);
        if (lead < START_LEAD_NANOS) {
            throw new IllegalStateException(String.format(Locale.ROOT, "this agent reached the common start instant %.0f ms late"
                    + " (its client threads need %d ms before it): its schedule would not be the others'", -lead / 1e6 + START_LEAD_NANOS / 1e6,
                    START_LEAD_NANOS / 1_000_000));
        }
        return System.nanoTime() + lead;
    }

    private List<Session> openSessions(int clients) throws Exception {
        List<Session> sessions = new ArrayList<>();
        try {
            for (int c = 0; c < clients; c++) sessions.add(slowdown == null ? transport.openSession() : slowdown.wrap(transport.openSession()));
        } catch (Exception e) {
            for (Session s : sessions) closeQuietly(s);
            throw e;
        }
        return sessions;
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // closing a session after the run cannot change what was measured
        }
    }

    /** One operation type's histograms over the window: latency from the intended start, service time and its split. */
    private record TypeTotals(Histogram latency, Histogram service, Histogram server, Histogram remainder, Histogram client) {
        TypeTotals() {
            this(Histograms.newHistogram(), Histograms.newHistogram(), Histograms.newHistogram(), Histograms.newHistogram(), Histograms.newHistogram());
        }
    }

    /** The Runner's own thread: samples, moves the cell through its phases, and sums up. */
    private final class Sampler implements AutoCloseable {
        private final ExecutionContext ctx;
        private final Map<String, TypeTotals> totals = new TreeMap<>();
        private final Histogram warmupTotal = Histograms.newHistogram(), errorsTotal = Histograms.newHistogram(),
                droppedTotal = Histograms.newHistogram();
        private final List<Interval> timeline = new ArrayList<>();
        private final List<Double> warmupSignal = new ArrayList<>();
        private final PrintStream logOut;
        private final HistogramLogWriter log;
        private final CpuMeter cpu = new CpuMeter(serverPids, besides.get());
        /** the engine's and the harness's JIT compilers, when the engine runs on this machine */
        private final JitMeter jit = serverPids.isEmpty() ? null : new JitMeter(Stream.concat(serverPids.stream(),
                Stream.of(ProcessHandle.current().pid())).distinct().toList());
        private double lastJit = Double.NaN;
        private final List<Double> warmupJit = new ArrayList<>();
        private CpuMeter.Snapshot cpuAtWindowStart, cpuAtWindowEnd;
        private final long intervalNanos = plan.interval().toNanos();
        private long t0, lastSample, windowStart = -1, windowEnd = -1;
        /** the last interval's latencies, in case a sliver is joined to it */
        private Histogram previousAll;
        /** the fixed warm-up's end, the warm-up's cap, the window's length (lengthened while too short to tell), the drain's deadline */
        private long fixedEnd = Long.MAX_VALUE, cap = Long.MAX_VALUE, windowNanos, deadline = Long.MAX_VALUE;
        private boolean warmupSteady;
        private Interval.Phase phase = Interval.Phase.WARMUP;

        Sampler(ExecutionContext ctx) throws IOException {
            this.ctx = ctx;
            if (histogramLog != null) {
                Files.createDirectories(histogramLog.toAbsolutePath().getParent());
                logOut = new PrintStream(Files.newOutputStream(histogramLog), false, "UTF-8");
                log = new HistogramLogWriter(logOut);
                log.outputComment("graphperf interval histograms, values in nanoseconds; tag = operation type (window latency), service (window service time), warmup, errors, dropped");
                log.outputLogFormatVersion();
                log.outputStartTime(System.currentTimeMillis());
                if (startAtMillis != null) log.outputBaseTime(startAtMillis); // timestamps from the common start, on the coordinator's clock
                log.outputLegend();
            } else {
                logOut = null;
                log = null;
            }
        }

        /** Returns true when every client ended by itself; false when some had to be cut off after the drain deadline. */
        boolean loop(long start, Executor.Execution execution, List<Session> sessions) throws InterruptedException {
            t0 = start;
            lastSample = start;
            if (jit != null) lastJit = jit.compilerSeconds();
            for (RunListener l : listeners) l.planned(plan, serverPids);
            for (RunListener l : listeners) l.warmupStarted(start);
            if (plan.warmup() instanceof Warmup.Fixed f) fixedEnd = start + f.duration().toNanos();
            if (plan.warmup() instanceof Warmup.UntilSteady u) cap = start + u.max().toNanos();
            if (fixedEnd == start) {
                ctx.startWindowAt(start);
                startedWindow(start, false);
            }
            windowNanos = plan.window().toNanos();
            while (true) {
                long now = System.nanoTime();
                long wake = lastSample + intervalNanos;
                if (phase == Interval.Phase.WARMUP) wake = Math.min(wake, fixedEnd);
                if (phase == Interval.Phase.WINDOW) wake = Math.min(wake, windowStart + windowNanos);
                // a boundary (an interval's end, the window's) is met to the microsecond; a mere look for a crash is not worth a spin
                // (49 ms, so a boundary just beyond the next look is still met by that look's spin)
                if (wake <= now + WAKE_NANOS) sleepUntil(wake);
                else Thread.sleep(WAKE_NANOS / 1_000_000 - 1);
                now = System.nanoTime();
                boolean due = now - lastSample >= intervalNanos;
                if (ctx.crash.get() != null) {
                    ctx.endWindowNow();
                    ctx.stop();
                    execution.join(now + 10_000_000_000L);
                    return false;
                }
                switch (phase) {
                    case WARMUP -> warmupStep(now, due);
                    case WINDOW -> windowStep(now, due);
                    case DRAIN -> {
                        Boolean joined = drainStep(now, due, execution, sessions);
                        if (joined != null) return joined;
                    }
                }
            }
        }

        /** The warm-up's look: the window starts at the fixed warm-up's end, or once the signal is steady and the JIT quiet (or at the cap). */
        private void warmupStep(long now, boolean due) {
            if (now >= fixedEnd) {
                sample(startWindow(false), Interval.Phase.WARMUP);
            } else if (due) {
                sample(now);
                boolean ready = plan.warmup() instanceof Warmup.UntilSteady u
                        && Steadiness.readyForWindow(signalArray(warmupSignal), plan.interval().toNanos() / 1e9, u.criterion())
                        && jitQuiet(u.criterion());
                if (ready || now >= cap) sample(startWindow(ready), Interval.Phase.WARMUP); // what ended since the look
            }
        }

        /** The window's look: it ends at its length (lengthened while too short to tell) or when every client's count is done. */
        private void windowStep(long now, boolean due) {
            boolean countDone = plan.operationsPerClient() > 0 && ctx.allDone();
            if (now >= windowStart + windowNanos && !countDone && plan.windowMax().toNanos() > windowNanos) {
                sample(now); // the window so far, judged: lengthened while it is too short to tell
                long longer = lengthened(now);
                if (longer > 0) {
                    windowNanos = longer;
                    return;
                }
                sample(endWindow(), Interval.Phase.WINDOW); // what ended since the judgement
                deadline = ctx.deadline();
            } else if (now >= windowStart + windowNanos || countDone) {
                // the window's end first, so clients see it as soon as possible; the interval still belongs to the window
                sample(endWindow(), Interval.Phase.WINDOW);
                deadline = ctx.deadline();
            } else if (due) {
                sample(now);
            }
        }

        /**
         * The drain's look: whether every client ended by itself (true) or had to be cut off (false) once the drain is over; null while
         * it goes on.
         */
        private Boolean drainStep(long now, boolean due, Executor.Execution execution, List<Session> sessions) throws InterruptedException {
            if (ctx.allDone()) {
                sample(now);
                boolean joined = execution.join(now + 10_000_000_000L);
                for (RunListener l : listeners) l.drained(System.nanoTime());
                return joined;
            }
            if (now >= deadline) ctx.stop(); // nothing may start any more; what is scheduled is dropped
            if (due) sample(now);
            if (now < deadline + STUCK_GRACE_NANOS) return null;
            // an operation has been inside the engine for a minute past the deadline: close the sessions to abort it, so that nothing
            // from this cell runs on into the next
            for (Session s : sessions) closeQuietly(s);
            boolean joined = execution.join(System.nanoTime() + 10_000_000_000L);
            sample(System.nanoTime());
            for (RunListener l : listeners) l.drained(System.nanoTime());
            if (!joined) throw new IllegalStateException("client threads are still inside the engine "
                    + (STUCK_GRACE_NANOS / 1_000_000_000L + 10) + " s after the drain deadline, even after closing their sessions");
            return false;
        }

        /**
         * The window's new length when what it measured so far is too short to tell whether the cell is steady: at least half as long
         * again, as long as the verdict says would tell (with a tenth more), at most the plan's longest; 0 when it is not lengthened
         * (it was told, or it is at its longest).
         */
        private long lengthened(long now) {
            long current = now - windowStart, max = plan.windowMax().toNanos();
            double interval = plan.interval().toNanos() / 1e9;
            List<Interval> window = timeline.stream().filter(i -> i.phase() == Interval.Phase.WINDOW && i.seconds() >= interval / 2).toList();
            double[] signal = new double[window.size()];
            for (int i = 0; i < signal.length; i++) signal[i] = signal(window.get(i));
            for (double v : signal) if (Double.isNaN(v)) return 0;
            Steadiness.Verdict v = Steadiness.judge(signal, interval, plan.executor().signal().text, plan.criterion());
            if (v.state() != Steadiness.State.UNDECIDED || current >= max) return 0;
            double wanted = Double.isFinite(v.decidingSeconds()) ? v.decidingSeconds() * 1.1e9 : max;
            long next = Math.min(max, Math.max((long) (current * 1.5), (long) wanted));
            if (next - current < plan.interval().toNanos()) return 0;
            for (RunListener l : listeners) l.windowExtended(next / 1e9, v.reason());
            return next;
        }

        /** Starts the window now; returns when that is. */
        private long startWindow(boolean steady) {
            long now = ctx.startWindow();
            startedWindow(now, steady);
            return now;
        }

        private void startedWindow(long now, boolean steady) {
            windowStart = now;
            warmupSteady = steady;
            phase = Interval.Phase.WINDOW;
            cpuAtWindowStart = cpu.snapshot();
            RunListener.WarmupEnd why = steady ? RunListener.WarmupEnd.STEADY
                    : plan.warmup() instanceof Warmup.UntilSteady ? RunListener.WarmupEnd.CAP : RunListener.WarmupEnd.FIXED;
            for (RunListener l : listeners) l.windowStarted(now, (now - t0) / 1e9, why);
        }

        /** Ends the window now; returns when that is. */
        private long endWindow() {
            long now = ctx.endWindow(plan.drainLimit().toNanos());
            windowEnd = now;
            phase = Interval.Phase.DRAIN;
            cpuAtWindowEnd = cpu.snapshot();
            for (RunListener l : listeners) l.windowEnded(now);
            return now;
        }

        /** Sleeps, then spins the last millisecond: phase boundaries should be where the plan puts them. */
        private void sleepUntil(long at) throws InterruptedException {
            long left = at - System.nanoTime() - 1_000_000;
            if (left > 0) Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
            while (System.nanoTime() < at) Thread.onSpinWait();
        }

        private void sample(long now) {
            sample(now, phase);
        }

        private void sample(long now, Interval.Phase intervalPhase) {
            double seconds = (now - lastSample) / 1e9;
            if (seconds <= 0) return;
            Interval previous = timeline.isEmpty() ? null : timeline.get(timeline.size() - 1);
            // a boundary set a moment after a look (the judgement's time): joined to the look's interval, not a sliver whose rate means nothing
            boolean sliver = previous != null && previous.phase() == intervalPhase && previousAll != null && now - lastSample < intervalNanos / 10;
            // what ended in this phase, and any operation of an earlier phase recorded after that phase's last interval (a client that
            // lost its core between the end of its call and the recording): at most one a client, counted where it is seen
            Histogram all = ctx.recorders.interval[intervalPhase.ordinal()].getIntervalHistogram();
            for (int earlier = 0; earlier < intervalPhase.ordinal(); earlier++) all.add(ctx.recorders.interval[earlier].getIntervalHistogram());
            long errors = ctx.recorders.intervalErrors.sumThenReset();
            addToTotals((lastSample - t0) / 1_000_000, (now - t0) / 1_000_000);
            double jitCores = Double.NaN;
            if (jit != null) {
                double c = jit.compilerSeconds();
                jitCores = round3((c - lastJit) / seconds);
                lastJit = c;
            }
            if (sliver) {
                all.add(previousAll);
                errors += previous.errors();
                if (!Double.isNaN(jitCores)) jitCores = round3((jitCores * seconds + previous.jitCores() * previous.seconds()) / (seconds + previous.seconds()));
                seconds += previous.seconds();
                dropLastInterval(intervalPhase);
            }
            long ok = all.getTotalCount();
            Interval i = new Interval(round3((now - t0) / 1e9), round3(seconds), intervalPhase, ok, round3(ok / seconds),
                    ok == 0 ? Double.NaN : all.getValueAtPercentile(50) / 1e6, ok == 0 ? Double.NaN : all.getValueAtPercentile(99) / 1e6, errors,
                    jitCores);
            timeline.add(i);
            if (intervalPhase == Interval.Phase.WARMUP) {
                warmupSignal.add(signal(i));
                warmupJit.add(jitCores);
            }
            lastSample = now;
            previousAll = all;
            if (!sliver) for (RunListener l : listeners) l.interval(i); // listeners saw the look's interval: the sliver's few operations are not shown live
        }

        /** Adds the interval's histograms to the cell's totals and to the interval log ({@code tsStart}, {@code tsEnd}: ms since the start). */
        private void addToTotals(long tsStart, long tsEnd) {
            Histogram service = Histograms.newHistogram();
            ctx.recorders.byType.forEach((type, r) -> {
                TypeTotals total = totals.computeIfAbsent(type, t -> new TypeTotals());
                Histogram latency = r.latency.getIntervalHistogram();
                total.latency.add(latency);
                Histogram svc = r.service.getIntervalHistogram();
                total.service.add(svc);
                service.add(svc);
                total.server.add(r.server.getIntervalHistogram());
                total.remainder.add(r.remainder.getIntervalHistogram());
                total.client.add(r.client.getIntervalHistogram());
                logInterval(latency, type, tsStart, tsEnd);
            });
            logInterval(service, HistogramTag.SERVICE.tag, tsStart, tsEnd); // every type's service time: a merge of agents' logs needs it
            Histogram warm = ctx.recorders.warmup.getIntervalHistogram();
            warmupTotal.add(warm);
            logInterval(warm, HistogramTag.WARMUP.tag, tsStart, tsEnd);
            Histogram err = ctx.recorders.errors.getIntervalHistogram();
            errorsTotal.add(err);
            logInterval(err, HistogramTag.ERRORS.tag, tsStart, tsEnd);
            Histogram drop = ctx.recorders.dropped.getIntervalHistogram();
            droppedTotal.add(drop);
            logInterval(drop, HistogramTag.DROPPED.tag, tsStart, tsEnd); // part of the latency (a lower bound each): a merge of agents' logs needs them
        }

        /** Takes the last interval off the timeline (a sliver is joined to it). */
        private void dropLastInterval(Interval.Phase phase) {
            timeline.remove(timeline.size() - 1);
            if (phase == Interval.Phase.WARMUP) {
                warmupSignal.remove(warmupSignal.size() - 1);
                warmupJit.remove(warmupJit.size() - 1);
            }
        }

        private void logInterval(Histogram h, String tag, long startMs, long endMs) {
            if (log == null || h.getTotalCount() == 0) return;
            h.setStartTimeStamp(startMs);
            h.setEndTimeStamp(endMs);
            h.setTag(tag);
            log.outputIntervalHistogram(h);
        }

        /** Over the criterion's last k intervals, the JIT compilers used less than its bound (true when not measurable). */
        private boolean jitQuiet(Steadiness.Criterion c) {
            if (warmupJit.size() < c.k()) return warmupJit.isEmpty() || Double.isNaN(warmupJit.get(0));
            double sum = 0;
            for (double v : warmupJit.subList(warmupJit.size() - c.k(), warmupJit.size())) {
                if (Double.isNaN(v)) return true;
                sum += v;
            }
            return sum / c.k() < c.quietJitCores();
        }

        private double signal(Interval i) {
            return plan.executor().signal() == Executor.Signal.THROUGHPUT ? i.opsPerSecond() : i.p50Ms();
        }

        private double[] signalArray(List<Double> values) {
            double[] a = new double[values.size()];
            for (int i = 0; i < a.length; i++) a[i] = values.get(i);
            for (double v : a) if (Double.isNaN(v)) return new double[0];
            return a;
        }

        Measurement summarise(boolean drained) {
            if (windowStart < 0) windowStart = lastSample;
            if (windowEnd < 0) windowEnd = lastSample;
            if (cpuAtWindowStart == null) cpuAtWindowStart = cpu.snapshot();
            if (cpuAtWindowEnd == null) cpuAtWindowEnd = cpu.snapshot();
            WorkerTotals w = WorkerTotals.of(ctx.workers());
            double windowSeconds = (windowEnd - windowStart) / 1e9;
            if (plan.operationsPerClient() > 0) windowSeconds = (Math.min(Math.max(w.lastEnd, windowStart), windowEnd) - windowStart) / 1e9;
            windowSeconds = Math.max(1e-9, windowSeconds);
            Histogram all = Histograms.newHistogram(), service = Histograms.newHistogram(), server = Histograms.newHistogram(),
                    remainder = Histograms.newHistogram(), client = Histograms.newHistogram();
            Map<String, LatencySummary> byType = new TreeMap<>();
            totals.forEach((type, t) -> {
                all.add(t.latency);
                service.add(t.service);
                server.add(t.server);
                remainder.add(t.remainder);
                client.add(t.client);
                byType.put(type, LatencySummary.of(t.latency));
            });
            all.add(droppedTotal);
            Resources resources = cpu.usage(cpuAtWindowStart, cpuAtWindowEnd);
            if (serverPids.contains(ProcessHandle.current().pid())) resources = resources.inProcess();
            double interval = plan.interval().toNanos() / 1e9;
            List<Interval> window = timeline.stream().filter(i -> i.phase() == Interval.Phase.WINDOW && i.seconds() >= interval / 2).toList();
            double[] signal = new double[window.size()];
            for (int i = 0; i < signal.length; i++) signal[i] = signal(window.get(i));
            boolean hasNaN = false;
            for (double v : signal) hasNaN |= Double.isNaN(v);
            Steadiness.Verdict verdict = plan.executor() instanceof Ramping
                    ? Steadiness.Verdict.undecided(plan.executor().signal().text, RAMPED)
                    : hasNaN ? Steadiness.Verdict.undecided(plan.executor().signal().text, "too short to tell: some intervals of the window completed no operation")
                    : Steadiness.judge(signal, interval, plan.executor().signal().text, plan.criterion());
            Executor e = plan.executor();
            double lateShare = w.scheduled == 0 ? 0 : (double) (w.late + w.dropped) / w.scheduled;
            LatencySummary serverTime = server.getTotalCount() == 0 ? null : LatencySummary.of(server);
            LatencySummary remainderTime = remainder.getTotalCount() == 0 ? null : LatencySummary.of(remainder);
            LatencySummary clientTime = client.getTotalCount() == 0 ? null : LatencySummary.of(client);
            WireBytes wire = WireBytes.of(ctx.recorders.wireRequests.sum(), ctx.recorders.sent.sum(), ctx.recorders.sentUncompressed.sum(),
                    ctx.recorders.received.sum(), ctx.recorders.receivedUncompressed.sum());
            return new Measurement(Measurement.LoadModel.of(e), new Measurement.WarmupEnd((windowStart - t0) / 1e9, warmupSteady, plan.warmup().describe()),
                    w.throughput(windowSeconds, plan.operationsPerClient() > 0, timeline, batchRates(window, plan.batches())),
                    new Measurement.Latencies(LatencySummary.of(all), LatencySummary.of(service), serverTime, remainderTime, clientTime, wire, byType,
                            histogramLog == null ? null : histogramLog.getFileName().toString()),
                    new Measurement.Outcomes(w.scheduled, w.errors, w.errorSamples, LatencySummary.of(errorsTotal), w.dropped, lateShare, w.clamped, w.acked, w.ackedEntities,
                            drained),
                    verdict, resources, ctx.accounting());
        }

        @Override
        public void close() {
            if (logOut != null) logOut.close();
        }
    }

    /** Rates of {@code batches} consecutive, near-equal groups of the window's intervals (batch means). */
    static List<Double> batchRates(List<Interval> window, int batches) {
        List<Double> out = new ArrayList<>();
        int n = window.size(), b = Math.min(batches, n);
        for (int k = 0; k < b; k++) {
            int from = k * n / b, to = (k + 1) * n / b;
            long ops = 0;
            double seconds = 0;
            for (int i = from; i < to; i++) {
                ops += window.get(i).ops();
                seconds += window.get(i).seconds();
            }
            if (seconds > 0) out.add(round3(ops / seconds));
        }
        return out;
    }

    private static double round3(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
