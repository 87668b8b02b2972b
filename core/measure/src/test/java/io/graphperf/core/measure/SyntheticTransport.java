package io.graphperf.core.measure;

import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Transport;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongPredicate;
import java.util.function.LongUnaryOperator;

/**
 * An in-process transport whose latency the test controls: each call takes the number of nanoseconds a
 * function of the call's sequence number returns (busy-waiting below 5 ms, exact to a few microseconds;
 * sleeping above, so many slow clients do not burn the CPU). Optionally fails chosen calls. It remembers
 * when the last call started, so a test can check that nothing reached it after a cell ended, and what each call
 * really took (its own clock, from its start to its end) and when each ended: on a busy machine a call takes longer than it was told,
 * never shorter, and a test compares the harness's figures with these rather than with the machine's speed.
 */
public final class SyntheticTransport implements Transport {

    private final LongUnaryOperator latencyNanosOfCall;
    private final LongPredicate failCall;
    private final AtomicLong calls = new AtomicLong();
    private final AtomicLong lastStart = new AtomicLong();
    private final java.util.Queue<Long> starts = new java.util.concurrent.ConcurrentLinkedQueue<>(), ends = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final org.HdrHistogram.ConcurrentHistogram took = new org.HdrHistogram.ConcurrentHistogram(3_600_000_000_000L, 3);

    public SyntheticTransport(LongUnaryOperator latencyNanosOfCall, LongPredicate failCall) {
        this.latencyNanosOfCall = latencyNanosOfCall;
        this.failCall = failCall;
    }

    public static SyntheticTransport fixed(long nanos) {
        return new SyntheticTransport(n -> nanos, n -> false);
    }

    public long calls() {
        return calls.get();
    }

    /** What the calls really took, in nanoseconds, by the transport's own clock. */
    public org.HdrHistogram.Histogram took() {
        return took.copy();
    }

    /** How many calls started (by the transport's clock) after this System.nanoTime() value. */
    public long startsAfter(long nanos) {
        return starts.stream().filter(s -> s > nanos).count();
    }

    /** How many calls ended (by the transport's clock) in [from, to), System.nanoTime() values. */
    public long endsBetween(long from, long to) {
        return ends.stream().filter(e -> e >= from && e < to).count();
    }

    /** System.nanoTime() when the last call started. */
    public long lastStart() {
        return lastStart.get();
    }

    @Override
    public Session openSession() {
        return this::execute;
    }

    private void execute(Operation op) throws InterruptedException {
        long started = System.nanoTime();
        lastStart.accumulateAndGet(started, Math::max);
        starts.add(started);
        long n = calls.getAndIncrement();
        long wait = latencyNanosOfCall.applyAsLong(n);
        if (wait > 5_000_000) {
            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        } else {
            long until = started + wait;
            while (System.nanoTime() < until) Thread.onSpinWait();
        }
        long ended = System.nanoTime();
        ends.add(ended);
        took.recordValue(ended - started);
        if (failCall.test(n)) throw new IllegalStateException("synthetic failure of call " + n);
    }
}
