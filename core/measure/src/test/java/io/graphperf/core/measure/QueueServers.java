package io.graphperf.core.measure;

import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TxMode;

import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongUnaryOperator;

/**
 * A stand-in engine of c servers with exact service times, for an open model of c client threads: the slots it is sent ({@link #slots})
 * carry their number k, which arrives when the schedule says (k × its interval, or its k-th Poisson arrival); each session (one client thread, the next free one) is one server,
 * whose next service starts when it is free or when the slot arrives, whichever is later, and lasts s(k). A thread woken late by a busy
 * machine delays one reply, never the servers' schedule: the queue stays the one theory (or an exact simulation) describes.
 */
public final class QueueServers implements Transport {
    private volatile long t0;
    private final Open open;
    private final LongUnaryOperator service, due;

    public QueueServers(Open open, LongUnaryOperator service) {
        this.open = open;
        this.service = service;
        this.due = open.dueNanos();
    }

    /** The operations: slot k = seq × clients + client, as the open model hands them out. */
    public OperationSource slots() {
        int c = open.clients();
        return (client, seq) -> new Operation("q", List.of(new Statement(Long.toString(seq * c + client), null)), TxMode.EXPLICIT, 1);
    }

    /** The listener that tells this queue when the schedule starts. */
    public RunListener start() {
        return new RunListener() {
            @Override
            public void warmupStarted(long nanos) {
                t0 = nanos;
            }
        };
    }

    @Override
    public Session openSession() {
        LongUnaryOperator due = this.due;
        long[] free = new long[1]; // when this server is next free
        return op -> {
            long slot = Long.parseLong(op.statements().get(0).text());
            while (t0 == 0) Thread.onSpinWait();
            long begins = Math.max(t0 + due.applyAsLong(slot), free[0]), done = begins + service.applyAsLong(slot);
            free[0] = done;
            long left;
            while ((left = done - System.nanoTime()) > 0) LockSupport.parkNanos(left);
        };
    }
}
