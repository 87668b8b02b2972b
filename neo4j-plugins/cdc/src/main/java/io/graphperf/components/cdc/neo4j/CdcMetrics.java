package io.graphperf.components.cdc.neo4j;

import org.HdrHistogram.Recorder;
import org.HdrHistogram.Histogram;
import io.graphperf.components.cdc.CommitSequence;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The change stream's counters in one database, readable while it runs ({@code CALL graphperf.cdc.metrics()}): events
 * captured, published, consumed, applied, skipped as already applied, applied out of order, dead-lettered, and the lag at each
 * stage. Counters start at zero when the database starts.
 */
public final class CdcMetrics {

    private static final Map<String, CdcMetrics> BY_DATABASE = new ConcurrentHashMap<>();

    final AtomicLong captured = new AtomicLong(), capturedTransactions = new AtomicLong(), published = new AtomicLong(),
            publishFailures = new AtomicLong(), publishStalls = new AtomicLong(), consumed = new AtomicLong(), applied = new AtomicLong(), skipped = new AtomicLong(),
            deadLettered = new AtomicLong(), batches = new AtomicLong(), retriedAlone = new AtomicLong(), outOfOrder = new AtomicLong(),
            refusedSource = new AtomicLong();
    volatile long oldestUnpublishedMs = -1, consumerLag = -1, lastAppliedLagMs = -1;
    volatile String sourceState = "off", sinkState = "off";
    /** the source whose events the sink applies (configured, or the first it read), null until known */
    volatile String sinkSource;
    /** the source's commit sequence, once its capture runs */
    volatile CommitSequence sequence;
    private final Recorder applyLag = new Recorder(3_600_000L, 3);
    private final Object appliedMonitor = new Object();

    public static CdcMetrics of(String database) {
        return BY_DATABASE.computeIfAbsent(database, d -> new CdcMetrics());
    }

    void captured(int events) {
        captured.addAndGet(events);
        capturedTransactions.incrementAndGet();
    }

    /** Events of a batch became visible in the sink at commitMs; each one's lag from its source commit (meta.timestamp). */
    void applied(int events, long[] sourceTimestamps, long commitMs) {
        for (long t : sourceTimestamps) {
            if (t > 0) applyLag.recordValue(Math.max(0, Math.min(3_600_000L, commitMs - t)));
        }
        if (sourceTimestamps.length > 0 && sourceTimestamps[sourceTimestamps.length - 1] > 0) {
            lastAppliedLagMs = commitMs - sourceTimestamps[sourceTimestamps.length - 1];
        }
        synchronized (appliedMonitor) {
            applied.addAndGet(events);
            appliedMonitor.notifyAll();
        }
    }

    /** Waits until at least that many events were applied (or dead-lettered) since the start, or the timeout; returns the count. */
    long awaitApplied(long atLeast, long timeoutMs) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        synchronized (appliedMonitor) {
            while (applied.get() + deadLettered.get() < atLeast) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) break;
                appliedMonitor.wait(left);
            }
            return applied.get() + deadLettered.get();
        }
    }

    void deadLettered() {
        synchronized (appliedMonitor) {
            deadLettered.incrementAndGet();
            appliedMonitor.notifyAll();
        }
    }

    /** The figures by name; the lag percentiles cover what was applied since the last call that asked to reset them. */
    Map<String, Object> snapshot(boolean resetLag) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source.state", sourceState);
        m.put("source.captured", captured.get());
        m.put("source.capturedTransactions", capturedTransactions.get());
        m.put("source.published", published.get());
        m.put("source.unpublished", captured.get() - published.get());
        m.put("source.oldestUnpublishedMs", oldestUnpublishedMs);
        m.put("source.publishFailures", publishFailures.get());
        m.put("source.publishStalls", publishStalls.get());
        CommitSequence seq = sequence;
        m.put("source.inFlight", seq == null ? 0 : seq.inFlight());
        m.put("source.oldestInFlightMs", seq == null ? -1 : seq.oldestInFlightMs());
        m.put("sink.state", sinkState);
        m.put("sink.consumed", consumed.get());
        m.put("sink.applied", applied.get());
        m.put("sink.skippedAlreadyApplied", skipped.get());
        m.put("sink.deadLettered", deadLettered.get());
        m.put("sink.outOfOrder", outOfOrder.get());
        m.put("sink.source", sinkSource == null ? "" : sinkSource);
        m.put("sink.refusedSource", refusedSource.get());
        m.put("sink.batches", batches.get());
        m.put("sink.retriedAlone", retriedAlone.get());
        m.put("sink.consumerLag", consumerLag);
        m.put("sink.lastAppliedLagMs", lastAppliedLagMs);
        Histogram h = resetLag ? applyLag.getIntervalHistogram() : null;
        if (h != null) {
            m.put("sink.lagCount", h.getTotalCount());
            m.put("sink.lagMsP50", h.getValueAtPercentile(50));
            m.put("sink.lagMsP99", h.getValueAtPercentile(99));
            m.put("sink.lagMsMax", h.getMaxValue());
        }
        return m;
    }
}
