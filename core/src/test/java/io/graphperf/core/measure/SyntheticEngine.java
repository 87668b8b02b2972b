package io.graphperf.core.measure;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineSession;
import io.graphperf.core.engine.Operation;

import java.util.function.LongUnaryOperator;

/**
 * An in-process engine whose latency the test controls: each call busy-waits for the number of
 * nanoseconds a function of the call's sequence number returns (busy-waiting, unlike sleeping, is
 * exact to a few microseconds). Optionally fails chosen calls.
 */
final class SyntheticEngine implements Engine {

    private final LongUnaryOperator latencyNanosOfCall;
    private final java.util.function.LongPredicate failCall;
    private final java.util.concurrent.atomic.AtomicLong calls = new java.util.concurrent.atomic.AtomicLong();

    SyntheticEngine(LongUnaryOperator latencyNanosOfCall, java.util.function.LongPredicate failCall) {
        this.latencyNanosOfCall = latencyNanosOfCall;
        this.failCall = failCall;
    }

    static SyntheticEngine fixed(long nanos) {
        return new SyntheticEngine(n -> nanos, n -> false);
    }

    long calls() {
        return calls.get();
    }

    @Override
    public String transport() {
        return "synthetic";
    }

    @Override
    public EngineSession openSession() {
        return this::execute;
    }

    private void execute(Operation op) {
        long n = calls.getAndIncrement();
        long wait = latencyNanosOfCall.applyAsLong(n);
        long until = System.nanoTime() + wait;
        while (System.nanoTime() < until) Thread.onSpinWait();
        if (failCall.test(n)) throw new IllegalStateException("synthetic failure of call " + n);
    }
}
