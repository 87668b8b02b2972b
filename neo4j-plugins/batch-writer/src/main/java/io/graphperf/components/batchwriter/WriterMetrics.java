package io.graphperf.components.batchwriter;

import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The batch writer's own figures: counters since start, and histograms (batch rows, transaction time,
 * durable-to-visible and submit-to-visible latency) that a reader may reset to measure one window.
 * Names are stable: the harness and users' dashboards read them.
 */
final class WriterMetrics {

    private static final long MAX_NANOS = TimeUnit.MINUTES.toNanos(10);

    private final long startedNanos = System.nanoTime();
    private final long replayed, truncatedBytes;
    private final String recoveryNote;
    private final LongAdder submitted = new LongAdder(), rejected = new LongAdder();
    private final AtomicLong appliedWrites = new AtomicLong(), batches = new AtomicLong(), failedTransactions = new AtomicLong(),
            transientRetries = new AtomicLong(), segmentsDeleted = new AtomicLong();
    private final Histogram batchRows = new Histogram(1_000_000, 3);
    private final Histogram transactionNanos = new Histogram(MAX_NANOS, 3);
    private final Histogram durableToVisibleNanos = new Histogram(MAX_NANOS, 3);
    private final Histogram submitToVisibleNanos = new Histogram(MAX_NANOS, 3);
    private volatile String lastDeadLetterCode, fatal;

    WriterMetrics(long replayed, long truncatedBytes, String recoveryNote) {
        this.replayed = replayed;
        this.truncatedBytes = truncatedBytes;
        this.recoveryNote = recoveryNote;
    }

    void submitted() {
        submitted.increment();
    }

    void rejected() {
        rejected.increment();
    }

    void failedTransaction() {
        failedTransactions.incrementAndGet();
    }

    void transientRetry() {
        transientRetries.incrementAndGet();
    }

    void segmentsDeleted(int n) {
        segmentsDeleted.addAndGet(n);
    }

    void deadLettered(String code) {
        lastDeadLetterCode = code;
    }

    void fatal(Exception e) {
        fatal = e.toString();
    }

    synchronized void applied(PendingWrites.Flush f, long transactionNanos, long committedNanos) {
        appliedWrites.addAndGet(f.rows());
        batches.incrementAndGet();
        batchRows.recordValue(f.rows());
        this.transactionNanos.recordValue(Math.min(transactionNanos, MAX_NANOS));
        for (PendingWrites.Write w : f.writes()) {
            if (!w.replayed()) submitToVisibleNanos.recordValue(clamp(committedNanos - w.submittedNanos()));
            // replayed writes were acknowledged by an earlier process; a write whose durable callback has not
            // run yet was committed no later than its acknowledgement went out: 0
            if (!w.replayed()) durableToVisibleNanos.recordValue(w.durableNanos() == 0 ? 0 : clamp(committedNanos - w.durableNanos()));
        }
    }

    private static long clamp(long nanos) {
        return Math.max(0, Math.min(nanos, MAX_NANOS));
    }

    synchronized Map<String, Object> snapshot(WriterConfig config, DurableLog log, long queueDepth, long appliedPosition, long lagNanos,
                                              DeadLetterLog deadLetters, String lastTransientError, boolean reset) throws IOException {
        double uptimeS = (System.nanoTime() - startedNanos) / 1e9;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("config", config.describe());
        m.put("directory", config.directory().toAbsolutePath().toString());
        m.put("uptimeSeconds", round(uptimeS));
        m.put("queueDepth", queueDepth);
        m.put("queueCapacity", (long) config.queueCapacity());
        m.put("submitted", submitted.sum());
        m.put("rejected", rejected.sum());
        m.put("appliedWrites", appliedWrites.get());
        m.put("batches", batches.get());
        m.put("batchRowsMean", round(batchRows.getTotalCount() == 0 ? 0 : batchRows.getMean()));
        m.put("batchRowsP50", batchRows.getValueAtPercentile(50));
        m.put("batchRowsMax", batchRows.getMaxValue());
        m.put("transactionMsP50", ms(transactionNanos.getValueAtPercentile(50)));
        m.put("transactionMsP99", ms(transactionNanos.getValueAtPercentile(99)));
        m.put("failedTransactions", failedTransactions.get());
        m.put("transientRetries", transientRetries.get());
        m.put("lastTransientError", lastTransientError);
        m.put("deadLetters", deadLetters.count());
        m.put("lastDeadLetterCode", lastDeadLetterCode);
        m.put("deadLetterFile", deadLetters.file().toAbsolutePath().toString());
        m.put("fsyncs", log.fsyncs());
        m.put("fsyncsPerSecond", round(uptimeS > 0 ? log.fsyncs() / uptimeS : 0));
        m.put("lastSequence", log.lastSequence());
        m.put("durableSequence", log.durableSequence());
        m.put("appliedPosition", appliedPosition);
        m.put("applyLagMs", ms(lagNanos));
        m.put("durableToVisibleMsP50", ms(durableToVisibleNanos.getValueAtPercentile(50)));
        m.put("durableToVisibleMsP99", ms(durableToVisibleNanos.getValueAtPercentile(99)));
        m.put("durableToVisibleMsMax", ms(durableToVisibleNanos.getMaxValue()));
        m.put("submitToVisibleMsP50", ms(submitToVisibleNanos.getValueAtPercentile(50)));
        m.put("submitToVisibleMsP99", ms(submitToVisibleNanos.getValueAtPercentile(99)));
        m.put("submitToVisibleMsMax", ms(submitToVisibleNanos.getMaxValue()));
        m.put("logBytes", log.sizeBytes());
        m.put("logSegments", (long) log.segments());
        m.put("logSegmentsDeleted", segmentsDeleted.get());
        m.put("replayedAtStart", replayed);
        m.put("truncatedBytesAtStart", truncatedBytes);
        m.put("recoveryNote", recoveryNote);
        m.put("fatalError", fatal);
        if (reset) {
            batchRows.reset();
            transactionNanos.reset();
            durableToVisibleNanos.reset();
            submitToVisibleNanos.reset();
        }
        return m;
    }

    private static double ms(long nanos) {
        return round(nanos / 1e6);
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
