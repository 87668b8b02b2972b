package io.graphperf.core.measure;

import org.HdrHistogram.Recorder;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The HdrHistogram recorders of one cell, shared by every client: wait-free for writers, swapped by the
 * Runner's sampler. Shared, not per client, because a histogram of this range is a few hundred kilobytes:
 * 128 clients × 19 types × 4 recorders each would need gigabytes.
 */
final class Recorders {

    /** Recorders for one operation type, window operations only. */
    static final class TypeRecorders {
        final Recorder latency = Histograms.newRecorder();
        final Recorder service = Histograms.newRecorder();
        /** the server's own time for each operation, when the transport reports one */
        final Recorder server = Histograms.newRecorder();
        /** service time minus the server's time: network, serialisation and the client library */
        final Recorder remainder = Histograms.newRecorder();
        /** the client library's own encode and decode time, when the transport reports it */
        final Recorder client = Histograms.newRecorder();
    }

    final Map<String, TypeRecorders> byType = new ConcurrentHashMap<>();
    /** failed operations of the window, latency from the intended start */
    final Recorder errors = Histograms.newRecorder();
    /** dropped operations of the window (open model): a lower bound of their latency */
    final Recorder dropped = Histograms.newRecorder();
    /** successful warm-up operations */
    final Recorder warmup = Histograms.newRecorder();
    /**
     * every successful operation, for the per-interval timeline: one recorder for each phase ({@link Interval.Phase} ordinal) its end
     * falls in, so that an interval of the warm-up never holds an operation that ended in the window, however late the Runner samples
     */
    final Recorder[] interval = {Histograms.newRecorder(), Histograms.newRecorder(), Histograms.newRecorder()};
    final LongAdder intervalErrors = new LongAdder();
    /** window operations whose bytes on the wire the transport reported, and their sums */
    final LongAdder wireRequests = new LongAdder(), sent = new LongAdder(), sentUncompressed = new LongAdder(), received = new LongAdder(),
            receivedUncompressed = new LongAdder();
}
