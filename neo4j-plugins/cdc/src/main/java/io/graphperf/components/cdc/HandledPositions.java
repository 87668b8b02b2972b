package io.graphperf.components.cdc;

import java.util.BitSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one partition's sink has handled (applied, dead-lettered or skipped), by source position: a transaction's commit sequence and
 * an event's index in it. It tells a republication — a record the relay published again after a restart, which the sink has handled
 * before — from a record that arrives out of order but was never handled, which must not be dropped.
 * <p>
 * The relay publishes in sequence order with an idempotent producer, so on one partition a sequence's indexes usually arrive in
 * increasing order. Usually is not always: when a batch of the producer expires (a finite {@code delivery.timeout.ms}, a long broker
 * stop), later records of the same sequence can still reach the partition, and the relay's republication then brings the lost one
 * after them. So a record counts as a republication only when this very position was handled on this partition — each sequence's
 * handled indexes are remembered exactly — and a record below the last position that was never handled (the gap's) is applied and
 * counted as {@link Kind#OUT_OF_ORDER}, never skipped as a repeat. The memory covers the last {@code window} records handled (whole
 * sequences are forgotten, oldest first); a relay republishes at most the round it could not delete (about 21,000 events), so a window
 * several times that decides every republication. Beyond the window a record below the last position is reported as
 * {@link Kind#OUT_OF_ORDER}: applied and counted, never silently skipped.
 */
public final class HandledPositions {

    /** What a record is, given what the partition handled before it. */
    public enum Kind {
        /** beyond the last position handled: the normal case */
        NEXT,
        /** handled before (same sequence, index not above what was handled of it): skip */
        REPUBLISHED,
        /** below the last position handled and never handled: apply it, and count it */
        OUT_OF_ORDER,
        /** no source position (not published by graphperf's relay): apply it */
        UNPOSITIONED
    }

    private final int window;
    /** sequence → the indexes handled of it, least recently handled first */
    private final LinkedHashMap<Long, BitSet> handled = new LinkedHashMap<>(16, 0.75f, true);
    private long records;
    private long lastSeq = -1;
    private int lastIdx = -1;

    public HandledPositions(int window) {
        if (window < 1) throw new IllegalArgumentException("window " + window);
        this.window = window;
    }

    /** Classifies a record and remembers it as handled (the caller handles it, or its whole batch is read again after a restart). */
    public Kind see(long seq, int idx) {
        if (seq < 0) return Kind.UNPOSITIONED;
        Kind kind;
        if (seq > lastSeq || (seq == lastSeq && idx > lastIdx)) {
            kind = Kind.NEXT;
            lastSeq = seq;
            lastIdx = idx;
        } else {
            BitSet h = handled.get(seq);
            kind = h != null && h.get(idx) ? Kind.REPUBLISHED : Kind.OUT_OF_ORDER;
        }
        BitSet h = handled.computeIfAbsent(seq, k -> new BitSet());
        if (!h.get(Math.max(idx, 0))) {
            h.set(Math.max(idx, 0));
            records++;
        }
        Iterator<Map.Entry<Long, BitSet>> oldest = handled.entrySet().iterator();
        while (records > window && handled.size() > 1) {
            records -= oldest.next().getValue().cardinality();
            oldest.remove();
        }
        return kind;
    }

    /** Raises the last position handled to at least this one (the position stored with the partition's offset), remembering nothing else. */
    public void after(long seq, int idx) {
        if (seq > lastSeq || (seq == lastSeq && idx > lastIdx)) {
            lastSeq = seq;
            lastIdx = idx;
        }
    }

    /** The highest position handled: {sequence, index}, or {-1, -1}. */
    public long[] last() {
        return new long[]{lastSeq, lastIdx};
    }

    /** Sequences remembered (for tests and metrics). */
    public int sequences() {
        return handled.size();
    }
}
