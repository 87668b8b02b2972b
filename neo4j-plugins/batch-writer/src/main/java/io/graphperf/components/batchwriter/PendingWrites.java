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

    /**
     * One flush of one applier ({@code lane}): UNWIND statements with their rows, and the sequence range they cover — every write of
     * that applier from {@code firstSequence} to {@code lastSequence} (with one applier, every write in that range).
     */
    public record Flush(int lane, Map<String, List<Map<String, Object>>> batches, long firstSequence, long lastSequence, List<Write> writes) {
        public int rows() {
            return writes.size();
        }

        /**
         * Groups consecutive writes (in sequence order) by statement into their UNWIND form: grouped by the statement as submitted, each
         * group rewritten once (a coalesced batch shares one statement string, whose hash is computed once).
         */
        public static Flush of(List<Write> writes) {
            return of(0, writes);
        }

        public static Flush of(int lane, List<Write> writes) {
            Map<String, List<Map<String, Object>>> byStatement = new LinkedHashMap<>();
            Write previous = null;
            List<Map<String, Object>> rows = null;
            for (Write w : writes) {
                // runs of one statement object skip the lookup
                if (previous == null || previous.statement() != w.statement()) rows = byStatement.computeIfAbsent(w.statement(), k -> new ArrayList<>());
                rows.add(w.params());
                previous = w;
            }
            Map<String, List<Map<String, Object>>> batches = new LinkedHashMap<>();
            for (Map.Entry<String, List<Map<String, Object>>> e : byStatement.entrySet()) {
                batches.merge(UnwindRewriter.batched(e.getKey()), e.getValue(), (a, b) -> {
                    a.addAll(b);
                    return a;
                });
            }
            return new Flush(lane, batches, writes.get(0).sequence(), writes.get(writes.size() - 1).sequence(), List.copyOf(writes));
        }
    }

    private final ArrayDeque<Write> queue = new ArrayDeque<>();
    private final int lane;
    /** The first sequence of the flush taken and not yet done, or -1. */
    private long takenFirst = -1;

    public PendingWrites() {
        this(0);
    }

    /** The queue of one applier. */
    public PendingWrites(int lane) {
        this.lane = lane;
    }

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
        if (taken.isEmpty()) return null;
        takenFirst = taken.get(0).sequence();
        return Flush.of(lane, taken);
    }

    /** The flush taken last is applied (or dead-lettered): its writes no longer hold the low-water mark down. */
    public synchronized void done() {
        takenFirst = -1;
    }

    /** The lowest sequence taken but not done, or queued; {@code Long.MAX_VALUE} when there is none. */
    public synchronized long lowestUnapplied() {
        if (takenFirst >= 0) return takenFirst;
        return queue.isEmpty() ? Long.MAX_VALUE : queue.peekFirst().sequence();
    }

    /** How many of the oldest writes have a sequence up to {@code maxSequence}, counting no further than {@code cap}. */
    public synchronized int ready(long maxSequence, int cap) {
        if (queue.isEmpty()) return 0;
        long first = queue.peekFirst().sequence(), last = queue.peekLast().sequence();
        // the writer's queue holds consecutive log sequences: count without walking it
        if (last - first + 1 == queue.size()) return (int) Math.max(0, Math.min(cap, Math.min(maxSequence, last) - first + 1));
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
