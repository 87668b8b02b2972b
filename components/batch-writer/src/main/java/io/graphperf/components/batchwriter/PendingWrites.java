package io.graphperf.components.batchwriter;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes that are durable in the log but not yet applied, in sequence order, bounded: when it is full a
 * submit is refused (the caller tells the client to retry) instead of memory growing without limit.
 *
 * <p>A flush takes the oldest writes up to a row limit and groups them by statement text into UNWIND
 * batches. All groups of one flush are meant to commit in one transaction together with the highest
 * sequence number they cover, so the applied position is always "every write up to here", and a restart
 * replays exactly what is after it. Inside a flush, writes of one statement keep their order; different
 * statements apply group after group (in the order each was first seen), so a client whose write must see
 * another one's effect waits for that one's "applied" acknowledgement first.
 */
public final class PendingWrites {

    /** One write: its log sequence, statement text and parameters. */
    public record Write(long sequence, String statement, Map<String, Object> params) {
    }

    /** One flush: UNWIND statements with their rows, and the sequence range they cover. */
    public record Flush(Map<String, List<Map<String, Object>>> batches, long firstSequence, long lastSequence, List<Write> writes) {
        public int rows() {
            return writes.size();
        }
    }

    private final int capacity;
    private final ArrayDeque<Write> queue = new ArrayDeque<>();
    private long rejected;

    public PendingWrites(int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("capacity must be at least 1");
        this.capacity = capacity;
    }

    /** Adds a write; false when the queue is full (the write must be refused, retryably). Sequences must increase. */
    public synchronized boolean offer(Write w) {
        if (queue.size() >= capacity) {
            rejected++;
            return false;
        }
        if (!queue.isEmpty() && w.sequence() <= queue.peekLast().sequence()) {
            throw new IllegalArgumentException("sequence " + w.sequence() + " after " + queue.peekLast().sequence());
        }
        queue.addLast(w);
        return true;
    }

    /** The oldest writes, at most {@code maxRows}, grouped by statement; null when nothing is pending. Removes them. */
    public synchronized Flush take(int maxRows) {
        if (queue.isEmpty()) return null;
        List<Write> taken = new ArrayList<>();
        Map<String, List<Map<String, Object>>> batches = new LinkedHashMap<>();
        while (!queue.isEmpty() && taken.size() < maxRows) {
            Write w = queue.pollFirst();
            taken.add(w);
            batches.computeIfAbsent(UnwindRewriter.batched(w.statement()), k -> new ArrayList<>()).add(w.params());
        }
        return new Flush(batches, taken.get(0).sequence(), taken.get(taken.size() - 1).sequence(), taken);
    }

    public synchronized int depth() {
        return queue.size();
    }

    public synchronized long rejected() {
        return rejected;
    }

    public int capacity() {
        return capacity;
    }
}
