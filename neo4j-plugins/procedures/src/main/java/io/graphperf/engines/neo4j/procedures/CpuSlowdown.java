package io.graphperf.engines.neo4j.procedures;

import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Transaction;
import org.neo4j.graphdb.event.TransactionData;
import org.neo4j.graphdb.event.TransactionEventListener;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * A known slowdown of the engine's CPU, injected to calibrate a comparison where the engine's CPU is the limit (docs/compare.md): after
 * each committed write transaction the committing thread burns, spinning, the given fraction of the CPU it has used since it last did so.
 * The engine then needs that much more CPU for the same work: a CPU-bound engine's throughput falls by about 1 / (1 + f), whatever
 * its clients do — which a wait in the client ({@code graphperf.slowdown}) cannot show on such a cell. A disk-bound engine, which uses
 * little CPU a transaction, hardly feels it. What a thread did between two commits (reads included) is charged at the later one; Neo4j
 * calls transaction listeners for transactions that change data, so a thread that only reads is not charged. A thread's first commit
 * only starts its account.
 */
final class CpuSlowdown implements TransactionEventListener<Object> {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final double fraction;
    private final LongSupplier threadCpu;
    private final ThreadLocal<long[]> accountedUntil = new ThreadLocal<>();
    private final LongAdder burned = new LongAdder();
    private volatile long sink;

    CpuSlowdown(double fraction) {
        this(fraction, THREADS::getCurrentThreadCpuTime);
    }

    /** @param threadCpu the current thread's CPU time in nanoseconds */
    CpuSlowdown(double fraction, LongSupplier threadCpu) {
        this.fraction = fraction;
        this.threadCpu = threadCpu;
    }

    @Override
    public Object beforeCommit(TransactionData data, Transaction transaction, GraphDatabaseService databaseService) {
        return null;
    }

    @Override
    public void afterCommit(TransactionData data, Object state, GraphDatabaseService databaseService) {
        charge();
    }

    @Override
    public void afterRollback(TransactionData data, Object state, GraphDatabaseService databaseService) {
        // a rolled-back transaction's CPU is charged with the thread's next commit
    }

    /** Burns this thread's due: the fraction of the CPU it used since its last charge. */
    void charge() {
        long now = threadCpu.getAsLong();
        long[] until = accountedUntil.get();
        if (until == null) {
            accountedUntil.set(new long[]{now});
            return;
        }
        long due = (long) (fraction * Math.max(0, now - until[0]));
        long target = now + due, t = now, x = sink;
        while (t < target) {
            for (int i = 0; i < 256; i++) x = x * 6364136223846793005L + 1442695040888963407L;
            t = threadCpu.getAsLong();
        }
        sink = x;
        burned.add(t - now);
        until[0] = t;
    }

    /** The CPU burned so far, in nanoseconds, by every thread. */
    long burnedNanos() {
        return burned.sum();
    }
}
