package io.graphperf.components.batchwriter;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes that are in the log but not yet applied, in sequence order.
 *
 * <p>A flush takes the oldest writes up to a row limit and groups them by statement text into UNWIND
 * batches. All groups of one flush commit in one transaction together with the highest sequence number
 * they cover, so the applied position is always "every write up to here", and a restart replays exactly
 * what is after it. Inside a flush, writes of one statement keep their order; different statements apply
 * group after group (in the order each was first seen), so a client whose write must see another one's
 * effect waits for that one's "applied" acknowledgement first.
 */
public final class PendingWrites {

    /** One write: its log sequence, statement text and parameters, and when it was submitted and made durable. */
    public static final class Write {
        private final long sequence;
        private final String statement;
        private final Map<String, Object> params;
        private final long submittedNanos;
        private final boolean replayed;
        private volatile long durableNanos;

        public Write(long sequence, String statement, Map<String, Object> params, long submittedNanos, boolean replayed) {
            this.sequence = sequence;
            this.statement = statement;
            this.params = params;
            this.submittedNanos = submittedNanos;
            this.replayed = replayed;
        }

        public Write(long sequence, String statement, Map<String, Object> params) {
            this(sequence, statement, params, System.nanoTime(), false);
        }

        /** Read back from the log at start: submitted (and acknowledged) by an earlier process. */
        public boolean replayed() { return replayed; }

        public long sequence() { return sequence; }

        public String statement() { return statement; }

        public Map<String, Object> params() { return params; }

        public long submittedNanos() { return submittedNanos; }

        /** When its log record was synced (0 until then, and for writes replayed after a restart). */
        public long durableNanos() { return durableNanos; }

        void durableAt(long nanos) { durableNanos = nanos; }
    }

    /** One flush: UNWIND statements with their rows, and the contiguous sequence range they cover. */
    public record Flush(Map<String, List<Map<String, Object>>> batches, long firstSequence, long lastSequence, List<Write> writes) {
        public int rows() {
            return writes.size();
        }

        /** Groups consecutive writes (in sequence order) by statement into their UNWIND form. */
        public static Flush of(List<Write> writes) {
            Map<String, List<Map<String, Object>>> batches = new LinkedHashMap<>();
            for (Write w : writes) batches.computeIfAbsent(UnwindRewriter.batched(w.statement()), k -> new ArrayList<>()).add(w.params());
            return new Flush(batches, writes.get(0).sequence(), writes.get(writes.size() - 1).sequence(), List.copyOf(writes));
        }
    }

    private final ArrayDeque<Write> queue = new ArrayDeque<>();

    /** Adds a write; sequences must increase. The bound is the writer's: it refuses a submit before logging it. */
    public synchronized void add(Write w) {
        if (!queue.isEmpty() && w.sequence() <= queue.peekLast().sequence()) {
            throw new IllegalArgumentException("sequence " + w.sequence() + " after " + queue.peekLast().sequence());
        }
        queue.addLast(w);
    }

    /** The oldest writes, at most {@code maxRows}, grouped by statement; null when nothing is pending. Removes them. */
    public Flush take(int maxRows) {
        return take(maxRows, Long.MAX_VALUE);
    }

    /** As {@link #take(int)}, but only writes with a sequence up to {@code maxSequence} (the durable ones). */
    public synchronized Flush take(int maxRows, long maxSequence) {
        List<Write> taken = new ArrayList<>();
        while (!queue.isEmpty() && taken.size() < maxRows && queue.peekFirst().sequence() <= maxSequence) {
            taken.add(queue.pollFirst());
        }
        return taken.isEmpty() ? null : Flush.of(taken);
    }

    /** How many of the oldest writes have a sequence up to {@code maxSequence}, counting no further than {@code cap}. */
    public synchronized int ready(long maxSequence, int cap) {
        int n = 0;
        for (Write w : queue) {
            if (n >= cap || w.sequence() > maxSequence) break;
            n++;
        }
        return n;
    }

    /** When the oldest pending write was submitted, or -1 when none is pending. */
    public synchronized long oldestSubmittedNanos() {
        return queue.isEmpty() ? -1 : queue.peekFirst().submittedNanos();
    }

    public synchronized int depth() {
        return queue.size();
    }
}
