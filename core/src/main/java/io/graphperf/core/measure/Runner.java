package io.graphperf.core.measure;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineSession;
import io.graphperf.core.progress.ProgressListener;
import io.graphperf.core.results.CpuUsage;
import io.graphperf.core.results.Measurement;
import io.graphperf.core.stats.Histograms;
import io.graphperf.core.stats.LatencySummary;
import io.graphperf.core.system.CpuMeter;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The measuring layer: the only code in graphperf that times operations. It runs a load model against
 * an engine, records every operation in HdrHistograms (one per operation type, shared by the clients),
 * samples them once a second into an HdrHistogram log and a throughput series, and measures CPU during
 * the window.
 */
public final class Runner {

    private static final long SAMPLE_NANOS = 1_000_000_000L;

    private final Engine engine;
    private final OperationSource source;
    private final RunPlan plan;
    private final Path histogramLog;
    private final OptionalLong serverPid;
    private final ProgressListener progress;

    /**
     * @param histogramLog where to write the interval histograms (HdrHistogram log format), or null
     * @param serverPid    the database server's process, for its CPU use, when local
     */
    /** How long after {@link #run()} is called the clock starts: every client thread is waiting by then. */
    public static final java.time.Duration START_LEAD = java.time.Duration.ofMillis(20);

    public Runner(Engine engine, OperationSource source, RunPlan plan, Path histogramLog,
                  OptionalLong serverPid, ProgressListener progress) {
        this.engine = engine;
        this.source = source;
        this.plan = plan;
        this.histogramLog = histogramLog;
        this.serverPid = serverPid;
        this.progress = progress == null ? ProgressListener.NONE : progress;
    }

    public Measurement run() throws Exception {
        LoadModel model = plan.model();
        int clients = model.clients();
        List<EngineSession> sessions = openSessions(clients);
        long warmupNanos = plan.warmup().toNanos();
        long durationNanos = plan.duration().toNanos();
        // a short lead so every thread is waiting on the latch before the clock starts
        long start = System.nanoTime() + START_LEAD.toNanos();
        ClientWorker.Window window = new ClientWorker.Window(start, start + warmupNanos, start + warmupNanos + durationNanos);
        AtomicLong openSchedule = new AtomicLong();
        CountDownLatch go = new CountDownLatch(1);
        AtomicReference<Throwable> crash = new AtomicReference<>();
        List<ClientWorker> workers = new ArrayList<>();
        ClientWorker.Recorders recorders = new ClientWorker.Recorders();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            ClientWorker w = new ClientWorker(c, sessions.get(c), source, model, openSchedule, window, plan.operationsPerClient(), recorders);
            workers.add(w);
            Thread t = new Thread(() -> {
                try {
                    go.await();
                    w.run();
                } catch (Throwable e) {
                    crash.compareAndSet(null, e);
                }
            }, "graphperf-client-" + c);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        Sampler sampler = new Sampler(recorders, window, histogramLog);
        try {
            go.countDown();
            boolean drained = sampler.sampleUntilDone(threads, durationNanos);
            if (crash.get() != null) throw new IllegalStateException("a client thread failed: " + crash.get(), crash.get());
            return summarise(model, workers, sampler, drained, window);
        } finally {
            sampler.close();
            for (EngineSession s : sessions) closeQuietly(s);
        }
    }

    private List<EngineSession> openSessions(int clients) throws Exception {
        List<EngineSession> sessions = new ArrayList<>();
        try {
            for (int c = 0; c < clients; c++) sessions.add(engine.openSession());
        } catch (Exception e) {
            for (EngineSession s : sessions) closeQuietly(s);
            throw e;
        }
        return sessions;
    }

    private Measurement summarise(LoadModel model, List<ClientWorker> workers, Sampler sampler, boolean drained, ClientWorker.Window window) {
        long windowOps = 0, windowEntities = 0, errors = 0, acked = 0, ackedEntities = 0, late = 0;
        List<String> errorSamples = new ArrayList<>();
        for (ClientWorker w : workers) {
            windowOps += w.windowOps;
            windowEntities += w.windowEntities;
            errors += w.errors;
            acked += w.acknowledgedOps;
            ackedEntities += w.acknowledgedEntities;
            late += w.lateStarts;
            for (String e : w.errorSamples) if (errorSamples.size() < 5 && !errorSamples.contains(e)) errorSamples.add(e);
        }
        double windowSeconds = plan.duration().toNanos() / 1e9;
        if (plan.operationsPerClient() > 0) {
            // the window ended when the last client finished its operations, if that came first
            long end = workers.stream().mapToLong(w -> w.lastEnd).max().orElse(window.measureUntil());
            windowSeconds = Math.max(1e-9, Math.min(end, window.measureUntil()) - window.measureFrom()) / 1e9;
        }
        Histogram all = Histograms.newHistogram();
        Histogram allService = Histograms.newHistogram();
        Histogram allServer = Histograms.newHistogram(), allRemainder = Histograms.newHistogram();
        Map<String, LatencySummary> byType = new TreeMap<>();
        sampler.totals.forEach((type, h) -> {
            all.add(h[0]);
            allService.add(h[1]);
            allServer.add(h[2]);
            allRemainder.add(h[3]);
            byType.put(type, LatencySummary.of(h[0]));
        });
        CpuUsage cpu = sampler.cpuUsage();
        if (serverPid.isPresent() && serverPid.getAsLong() == ProcessHandle.current().pid()) {
            // measured inside the server (embedded): client and server are one process, there is no separate client to blame
            cpu = new CpuUsage(cpu.harnessCores(), cpu.serverCores(), cpu.machineBusy(), cpu.cores(), false);
        }
        Double rate = model instanceof LoadModel.Open o ? o.ratePerSecond() : null;
        return new Measurement(model.name(), model.describe(), model.clients(), rate,
                plan.warmup().toNanos() / 1e9, windowSeconds,
                windowOps, windowOps / windowSeconds, windowEntities, windowEntities / windowSeconds,
                errors, errorSamples, acked, ackedEntities,
                LatencySummary.of(all), LatencySummary.of(allService), allServer.getTotalCount() == 0 ? null : LatencySummary.of(allServer),
                allRemainder.getTotalCount() == 0 ? null : LatencySummary.of(allRemainder), byType,
                sampler.series, late, cpu, histogramLog == null ? null : histogramLog.getFileName().toString(), drained);
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // closing a session after the run cannot change what was measured
        }
    }

    /** Collects interval histograms from every worker once a second while they run. */
    private final class Sampler implements AutoCloseable {
        final Map<String, Histogram[]> totals = new TreeMap<>();
        final List<double[]> series = new ArrayList<>();
        private final ClientWorker.Recorders recorders;
        private final ClientWorker.Window window;
        private final PrintStream logOut;
        private final HistogramLogWriter log;
        private final CpuMeter cpu = new CpuMeter(serverPid);
        private CpuMeter.Snapshot cpuAtWindowStart, cpuAtWindowEnd;
        private long lastSample;

        Sampler(ClientWorker.Recorders recorders, ClientWorker.Window window, Path logPath) throws IOException {
            this.recorders = recorders;
            this.window = window;
            this.lastSample = window.start();
            if (logPath != null) {
                Files.createDirectories(logPath.toAbsolutePath().getParent());
                logOut = new PrintStream(Files.newOutputStream(logPath), false, "UTF-8");
                log = new HistogramLogWriter(logOut);
                log.outputComment("graphperf interval histograms, values in nanoseconds; tag = operation type");
                log.outputLogFormatVersion();
                log.outputStartTime(System.currentTimeMillis());
                log.outputLegend();
            } else {
                logOut = null;
                log = null;
            }
        }

        /** Returns true when every client finished; false when some were still busy at the drain limit. */
        boolean sampleUntilDone(List<Thread> threads, long durationNanos) throws InterruptedException {
            long drainLimit = window.measureUntil() + Math.max(30_000_000_000L, durationNanos);
            while (true) {
                long now = System.nanoTime();
                if (cpuAtWindowStart == null && now >= window.measureFrom()) cpuAtWindowStart = cpu.snapshot();
                if (cpuAtWindowEnd == null && now >= window.measureUntil()) cpuAtWindowEnd = cpu.snapshot();
                boolean alive = threads.stream().anyMatch(Thread::isAlive);
                if (now - lastSample >= SAMPLE_NANOS || !alive) sample(now);
                if (!alive) break;
                if (now > drainLimit) return false;
                long next = Math.min(lastSample + SAMPLE_NANOS, nextBoundary(now));
                long sleep = Math.max(1, Math.min(next - now, 50_000_000L));
                Thread.sleep(sleep / 1_000_000, (int) (sleep % 1_000_000));
            }
            if (cpuAtWindowStart == null) cpuAtWindowStart = cpu.snapshot();
            if (cpuAtWindowEnd == null) cpuAtWindowEnd = cpu.snapshot();
            return true;
        }

        private long nextBoundary(long now) {
            if (now < window.measureFrom()) return window.measureFrom();
            if (now < window.measureUntil()) return window.measureUntil();
            return now + 50_000_000L;
        }

        private void sample(long now) {
            double intervalSeconds = (now - lastSample) / 1e9;
            if (intervalSeconds <= 0) return;
            long completed = 0;
            Map<String, Histogram[]> interval = new TreeMap<>();
            completed += recorders.warmup.getIntervalHistogram().getTotalCount();
            recorders.byType.forEach((type, r) -> {
                Histogram[] h = interval.computeIfAbsent(type, t -> new Histogram[]{Histograms.newHistogram(), Histograms.newHistogram(),
                        Histograms.newHistogram(), Histograms.newHistogram()});
                h[0].add(r.latency.getIntervalHistogram());
                h[1].add(r.service.getIntervalHistogram());
                h[2].add(r.server.getIntervalHistogram());
                h[3].add(r.remainder.getIntervalHistogram());
            });
            for (Map.Entry<String, Histogram[]> e : interval.entrySet()) {
                Histogram[] h = e.getValue();
                completed += h[0].getTotalCount();
                Histogram[] total = totals.computeIfAbsent(e.getKey(), t -> new Histogram[]{Histograms.newHistogram(), Histograms.newHistogram(),
                        Histograms.newHistogram(), Histograms.newHistogram()});
                total[0].add(h[0]);
                total[1].add(h[1]);
                total[2].add(h[2]);
                total[3].add(h[3]);
                if (log != null && h[0].getTotalCount() > 0) {
                    double startSec = (lastSample - window.start()) / 1e9;
                    h[0].setStartTimeStamp((long) (startSec * 1000));
                    h[0].setEndTimeStamp((long) ((now - window.start()) / 1e6));
                    h[0].setTag(e.getKey());
                    log.outputIntervalHistogram(h[0]);
                }
            }
            double elapsed = (now - window.start()) / 1e9;
            double rate = completed / intervalSeconds;
            series.add(new double[]{round3(elapsed), round3(rate)});
            lastSample = now;
            double total = (window.measureUntil() - window.start()) / 1e9;
            progress.tick(Math.min(elapsed, total), total, rate, now < window.measureFrom());
        }

        CpuUsage cpuUsage() {
            return cpu.usage(cpuAtWindowStart, cpuAtWindowEnd);
        }

        @Override
        public void close() {
            if (logOut != null) logOut.close();
        }
    }

    private static double round3(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
