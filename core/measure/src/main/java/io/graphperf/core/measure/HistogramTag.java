package io.graphperf.core.measure;

import java.util.Arrays;

/**
 * The tags of the interval histograms a run logs (hdr.log) besides each operation type's window latency, which a merge of load
 * agents' logs reads back: one name for both sides.
 */
public enum HistogramTag {
    /** every operation type's service time in the window */
    SERVICE("service"),
    /** latencies during the warm-up */
    WARMUP("warmup"),
    /** the latencies of failed operations */
    ERRORS("errors"),
    /** the open model's dropped operations, each a lower bound of its latency */
    DROPPED("dropped");

    /** The tag as the log writes it. */
    public final String tag;

    HistogramTag(String tag) {
        this.tag = tag;
    }

    /** Whether {@code tag} is one of these (else it is an operation type's window latency). */
    public static boolean isOne(String tag) {
        return Arrays.stream(values()).anyMatch(t -> t.tag.equals(tag));
    }
}
