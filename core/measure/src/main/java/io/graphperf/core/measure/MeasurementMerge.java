package io.graphperf.core.measure;

import org.HdrHistogram.Histogram;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One cell measured by several agents, each on its segment of the schedule, as one measurement: counts added, the
 * latencies from the agents' interval histograms added bucket by bucket ({@link HistogramMerge}: never percentiles averaged),
 * the window's timeline and batches added interval by interval, steadiness judged again on the merged series, and the
 * accounting of the agents' clients (disjoint) put together. Service time comes from the logs too (all types together); the
 * server's and the client library's own times are not in the logs: the merged measurement has none (each agent's stay in its file).
 */
public final class MeasurementMerge {

    /** One agent's measurement of the cell and its interval log. */
    public record Agent(String name, Measurement measurement, Path histogramLog) {
    }

    private MeasurementMerge() {
    }

    /**
     * @param windowStartMillis the window's start on the coordinator's clock (the common start plus the fixed warm-up): the merged
     *                          timeline's interval 0
     */
    public static Measurement of(List<Agent> agents, double intervalSeconds, long windowStartMillis, Steadiness.Criterion criterion,
                                 Executor.Signal signal, String loadDescription, Resources resources, String histogramLog) throws Exception {
        if (agents.isEmpty()) throw new IllegalArgumentException("no agent to merge");
        List<Path> logs = new ArrayList<>();
        for (Agent a : agents) {
            if (a.histogramLog() == null) throw new IllegalArgumentException("agent " + a.name() + " wrote no interval log for this cell: nothing to merge exactly");
            logs.add(a.histogramLog());
        }
        Latencies l = Latencies.of(HistogramMerge.of(logs, Math.round(intervalSeconds * 1000), windowStartMillis));
        Measurement first = agents.get(0).measurement();
        double window = agents.stream().mapToDouble(a -> a.measurement().throughput().windowSeconds()).max().orElse(0);
        Sums t = Sums.of(agents);
        Timeline tl = Timeline.of(l.perInterval(), first.warmupEnd().seconds(), intervalSeconds, window, signal, criterion);
        Measurement.LoadModel load = first.loadModel();
        return new Measurement(new Measurement.LoadModel(load.name(), loadDescription, load.clients(), t.anyOffered ? t.offered : null),
                new Measurement.WarmupEnd(first.warmupEnd().seconds(), agents.stream().allMatch(a -> a.measurement().warmupEnd().steady()), first.warmupEnd().rule()),
                new Measurement.Throughput(window, t.ops, t.work / window, t.entities, t.entityWork / window, tl.intervals(), t.batches),
                new Measurement.Latencies(LatencySummary.of(l.all()), LatencySummary.of(l.service()), null, null, null, null, l.byType(), histogramLog),
                new Measurement.Outcomes(t.scheduled, t.errors, t.errorSamples, LatencySummary.of(l.errors()), t.dropped, t.scheduled == 0 ? 0 : t.late / t.scheduled,
                        t.clamped, t.acked, t.ackedEntities, t.drained),
                tl.verdict(), resources, accounting(agents));
    }

    /** The agents' histograms added: all operations (dropped ones included), per type, per interval, the errors' and the service times. */
    private record Latencies(Histogram all, Map<String, LatencySummary> byType, List<Histogram> perInterval, Histogram errors, Histogram service) {
        static Latencies of(Map<String, HistogramMerge.Merged> merged) {
            Histogram all = Histograms.newHistogram();
            Map<String, LatencySummary> byType = new LinkedHashMap<>();
            List<Histogram> perInterval = new ArrayList<>();
            merged.forEach((tag, m) -> {
                if (HistogramTag.isOne(tag)) return;
                all.add(m.total());
                byType.put(tag, LatencySummary.of(m.total()));
                for (int i = 0; i < m.intervals().size(); i++) {
                    if (perInterval.size() <= i) perInterval.add(Histograms.newHistogram());
                    perInterval.get(i).add(m.intervals().get(i));
                }
            });
            if (merged.containsKey(HistogramTag.DROPPED.tag)) all.add(merged.get(HistogramTag.DROPPED.tag).total());
            Histogram errors = merged.containsKey(HistogramTag.ERRORS.tag) ? merged.get(HistogramTag.ERRORS.tag).total() : Histograms.newHistogram();
            Histogram service = merged.containsKey(HistogramTag.SERVICE.tag) ? merged.get(HistogramTag.SERVICE.tag).total() : Histograms.newHistogram();
            return new Latencies(all, byType, perInterval, errors, service);
        }
    }

    /** The agents' counts added (late starts weighted by each agent's schedule), their first error samples, their batch rates added. */
    private static final class Sums {
        long ops, entities, errors, scheduled, dropped, clamped, acked, ackedEntities;
        /** the agents' work in their windows: each one's rates times its window (the operations' shares inside it) */
        double work, entityWork, late, offered;
        boolean anyOffered, drained = true;
        final List<String> errorSamples = new ArrayList<>();
        final List<Double> batches = new ArrayList<>();

        static Sums of(List<Agent> agents) {
            Sums t = new Sums();
            for (Agent a : agents) t.add(a.name(), a.measurement());
            return t;
        }

        private void add(String agent, Measurement m) {
            ops += m.throughput().ops();
            entities += m.throughput().entities();
            work += m.throughput().opsPerSecond() * m.throughput().windowSeconds();
            entityWork += m.throughput().entitiesPerSecond() * m.throughput().windowSeconds();
            errors += m.outcomes().errors();
            scheduled += m.outcomes().scheduled();
            dropped += m.outcomes().dropped();
            clamped += m.outcomes().clamped();
            acked += m.outcomes().acknowledgedOps();
            ackedEntities += m.outcomes().acknowledgedEntities();
            late += m.outcomes().lateShare() * m.outcomes().scheduled();
            drained &= m.outcomes().drained();
            if (m.loadModel().offeredPerSecond() != null) {
                anyOffered = true;
                offered += m.loadModel().offeredPerSecond();
            }
            List<String> samples = m.outcomes().errorSamples() == null ? List.of() : m.outcomes().errorSamples();
            for (String e : samples) if (errorSamples.size() < 10) errorSamples.add(agent + ": " + e);
            List<Double> b = m.throughput().batchRates() == null ? List.of() : m.throughput().batchRates();
            for (int i = 0; i < b.size(); i++) {
                if (batches.size() <= i) batches.add(0.0);
                batches.set(i, batches.get(i) + b.get(i));
            }
        }
    }

    /** The merged timeline and the verdict on its window (the last intervals hold the drain's completions). */
    private record Timeline(List<Interval> intervals, Steadiness.Verdict verdict) {
        static Timeline of(List<Histogram> perInterval, double warmupSeconds, double intervalSeconds, double window, Executor.Signal signal,
                           Steadiness.Criterion criterion) {
            List<Interval> timeline = new ArrayList<>();
            double[] series = new double[perInterval.size()];
            int windowIntervals = (int) Math.floor(window / intervalSeconds + 1e-6);
            for (int i = 0; i < perInterval.size(); i++) {
                Histogram h = perInterval.get(i);
                long n = h.getTotalCount();
                Interval iv = new Interval(warmupSeconds + i * intervalSeconds, intervalSeconds, i < windowIntervals ? Interval.Phase.WINDOW : Interval.Phase.DRAIN,
                        n, n / intervalSeconds,
                        n == 0 ? Double.NaN : h.getValueAtPercentile(50) / 1e6, n == 0 ? Double.NaN : h.getValueAtPercentile(99) / 1e6, 0, Double.NaN);
                timeline.add(iv);
                series[i] = signal == Executor.Signal.THROUGHPUT ? iv.opsPerSecond() : iv.p50Ms();
            }
            double[] windowSeries = Arrays.copyOf(series, Math.min(series.length, windowIntervals));
            boolean gaps = Arrays.stream(windowSeries).anyMatch(Double::isNaN);
            Steadiness.Verdict verdict = gaps || windowSeries.length == 0
                    ? Steadiness.Verdict.undecided(signal.text, "too short to tell: some intervals of the merged window completed no operation")
                    : Steadiness.judge(windowSeries, intervalSeconds, signal.text, criterion);
            return new Timeline(timeline, verdict);
        }
    }

    /**
     * The agents' logs merged into one log at {@code file}: for each tag, each interval from the window's start on (the warm-up's are
     * left out) with the agents' histograms added; timestamps from the window's start.
     */
    public static void writeLog(List<Agent> agents, Path file, long intervalMillis, long windowStartMillis) throws Exception {
        Map<String, HistogramMerge.Merged> merged = HistogramMerge.of(agents.stream().map(Agent::histogramLog).toList(), intervalMillis, windowStartMillis);
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, "UTF-8")) {
            org.HdrHistogram.HistogramLogWriter w = new org.HdrHistogram.HistogramLogWriter(out);
            w.outputComment("graphperf interval histograms of " + agents.size() + " agents added bucket by bucket, the window and the drain;"
                    + " values in nanoseconds; tag = operation type (latency), service, errors, dropped, warmup (its operations completing in the window)");
            w.outputLogFormatVersion();
            w.outputStartTime(windowStartMillis);
            w.outputBaseTime(windowStartMillis);
            w.outputLegend();
            merged.forEach((tag, m) -> {
                for (int i = 0; i < m.intervals().size(); i++) {
                    Histogram h = m.intervals().get(i);
                    if (h.getTotalCount() == 0) continue;
                    h.setStartTimeStamp(i * intervalMillis);
                    h.setEndTimeStamp((i + 1) * intervalMillis);
                    h.setTag(tag);
                    w.outputIntervalHistogram(h);
                }
            });
        }
    }

    /** The agents' accountings as one: each client's from the agent that sent it (the others were handed none of its operations). */
    static Accounting accounting(List<Agent> agents) {
        List<Accounting.Client> clients = new ArrayList<>();
        boolean exact = true;
        for (Agent a : agents) {
            Accounting acc = a.measurement().accounting();
            if (acc == null) return null;
            exact &= acc.exact();
            for (Accounting.Client c : acc.clients()) {
                while (clients.size() <= c.client()) clients.add(new Accounting.Client(clients.size(), 0, new long[0]));
                if (c.issued() > 0) {
                    if (clients.get(c.client()).issued() > 0) throw new IllegalStateException("client " + c.client() + " was sent by two agents");
                    clients.set(c.client(), c);
                }
            }
        }
        return Accounting.of(new Accounting.Snapshot(exact, clients));
    }
}
