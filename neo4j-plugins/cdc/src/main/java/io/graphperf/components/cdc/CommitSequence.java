package io.graphperf.components.cdc;

import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * The source's commit sequence and the rule that keeps publication in sequence order.
 * <p>
 * Each capturing transaction takes the next number ({@link #begin()}) before its commit and holds it "in flight" until it has committed
 * (its outbox entries visible to a new read) or rolled back ({@link #end(long)}). Everything below {@link #publishableBelow()} may be
 * published: the lowest number in flight, or — when none is — the next number to be taken. Any number below that bound was taken
 * before and has ended; any number taken after the call is at or above it. So a relay that reads the committed outbox below the
 * bound and publishes it in sequence order never publishes a number while a lower one may still commit, whatever commits first and
 * however long any step pauses. (The rule before this class answered "no limit" when nothing was in flight, so a transaction that took
 * a number just after the relay looked, and committed after a later one, was published after it; the sink then took it for a
 * republication and skipped it.)
 * <p>
 * Numbers are microseconds since the epoch, or one more than the last, so they keep increasing across restarts as long as the clock
 * does not go back by more than what {@link #floor(long)} restores (the highest number the outbox and the last publication hold).
 */
public final class CommitSequence {

    private final LongSupplier clockMicros;
    /** sequence → when it was taken (System.nanoTime), for the age of the oldest one in flight */
    private final TreeMap<Long, Long> inFlight = new TreeMap<>();
    private long last;

    public CommitSequence() {
        this(() -> System.currentTimeMillis() * 1000);
    }

    public CommitSequence(LongSupplier clockMicros) {
        this.clockMicros = clockMicros;
    }

    /** Numbers taken from now on are above this one. */
    public synchronized void floor(long floor) {
        last = Math.max(last, floor);
    }

    /** Takes the next number and holds it in flight. */
    public synchronized long begin() {
        long seq = Math.max(last + 1, clockMicros.getAsLong());
        last = seq;
        inFlight.put(seq, System.nanoTime());
        return seq;
    }

    /** The transaction holding this number has committed (its writes visible) or rolled back. */
    public synchronized void end(long seq) {
        inFlight.remove(seq);
    }

    /** Every number below this one has been taken and has ended; no number below it will be taken. */
    public synchronized long publishableBelow() {
        return inFlight.isEmpty() ? last + 1 : inFlight.firstKey();
    }

    /** How many numbers are in flight. */
    public synchronized int inFlight() {
        return inFlight.size();
    }

    /** Milliseconds since the oldest number in flight was taken, or -1 when none is (a large value holds publication back). */
    public synchronized long oldestInFlightMs() {
        return inFlight.isEmpty() ? -1 : (System.nanoTime() - inFlight.firstEntry().getValue()) / 1_000_000;
    }
}
