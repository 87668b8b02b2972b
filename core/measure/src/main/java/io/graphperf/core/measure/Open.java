package io.graphperf.core.measure;


import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongUnaryOperator;

/**
 * The open model (k6's "constant-arrival-rate"): operation i is scheduled at start + i / rate — or, with {@link Arrivals#POISSON}, at
 * start plus i exponential gaps of mean 1 / rate drawn from the seed — whatever the engine does, and sent by the next free client of a
 * pool of N. Latency counts from the intended start, so a stall shows in the percentiles (coordinated omission corrected).
 *
 * <p>Every scheduled operation is accounted for: scheduling stops when the window ends; operations already
 * scheduled run until the drain deadline; any that could not start by then is recorded as dropped, with a
 * latency of at least deadline − intended start; no operation starts after the deadline, and every client
 * thread is joined before the cell ends. Slot i belongs to virtual client i mod N as its operation i div N,
 * whichever thread sends it, so written ids stay deterministic. With a {@link Segment} (one agent of several) only this agent's
 * slots are sent, each at the intended start it has in the single-agent schedule, by clients / agents threads.
 *
 * @param arrivals how slots are spaced: fixed intervals (the default) or Poisson arrivals
 * @param seed     the seed of Poisson arrivals (the same seed, the same instants in every process)
 */
public record Open(double ratePerSecond, int clients, Segment segment, Arrivals arrivals, long seed) implements Executor {

    /** How an open model spaces its operations. */
    public enum Arrivals {
        /** Every 1 / rate exactly: the queue the engine sees comes from the engine alone (LDBC's driver, k6, Gatling's constant rates). */
        FIXED,
        /** A Poisson process of that rate: exponential gaps, bursts and lulls as independent users make them (M/·/c queues). */
        POISSON;

        /** The name options and reports use: fixed, poisson. */
        public String text() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The arrivals an option names; empty for none given. */
        public static Optional<Arrivals> of(String text, String option) {
            if (text == null) return Optional.empty();
            for (Arrivals a : values()) if (a.text().equals(text)) return Optional.of(a);
            throw new IllegalArgumentException("unknown arrivals '" + text + "' (option " + option + "); known: fixed, poisson");
        }
    }

    /** How long a wait for a far-off slot sleeps at most before looking at the window again. */
    private static final long RECHECK_NANOS = 5_000_000;

    public Open {
        if (!(ratePerSecond > 0)) throw new IllegalArgumentException("rate must be positive, got " + ratePerSecond);
        if (clients < 1) throw new IllegalArgumentException("clients must be at least 1, got " + clients);
        segment.check(clients);
        if (arrivals == null) arrivals = Arrivals.FIXED;
    }

    public Open(double ratePerSecond, int clients) {
        this(ratePerSecond, clients, Segment.WHOLE, Arrivals.FIXED, 0);
    }

    /** At fixed intervals, this agent's {@code segment} of the schedule. */
    public Open(double ratePerSecond, int clients, Segment segment) {
        this(ratePerSecond, clients, segment, Arrivals.FIXED, 0);
    }

    /** At {@code ratePerSecond} with {@code arrivals} (null: fixed intervals) drawn from {@code seed}. */
    public Open(double ratePerSecond, int clients, Arrivals arrivals, long seed) {
        this(ratePerSecond, clients, Segment.WHOLE, arrivals, seed);
    }

    @Override
    public Open withClients(int n) {
        return new Open(ratePerSecond, n, segment, arrivals, seed);
    }

    @Override
    public Open withSegment(Segment s) {
        return new Open(ratePerSecond, clients, s, arrivals, seed);
    }

    /** The same schedule at another rate (a capacity search's next probe). */
    public Open atRate(double rate) {
        return new Open(rate, clients, segment, arrivals, seed);
    }

    @Override
    public LoadModelName model() {
        return LoadModelName.OPEN;
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "open model, %s ops/s %s, sent by up to %d client(s); latency from the intended start%s",
                ratePerSecond == Math.rint(ratePerSecond) ? Long.toString((long) ratePerSecond) : Double.toString(ratePerSecond),
                arrivals == Arrivals.POISSON ? "in Poisson arrivals (seed " + seed + ")" : "fixed arrival rate", clients,
                segment.whole() ? "" : "; this agent's segment " + segment + " of the schedule");
    }

    @Override
    /** What this agent offers: the whole schedule's rate, or its segment's share of it. */
    public Double offeredPerSecond() {
        return ratePerSecond / segment.of();
    }

    @Override
    public Signal signal() {
        return Signal.MEDIAN_LATENCY;
    }

    public long intervalNanos() {
        return Math.max(1L, Math.round(1e9 / ratePerSecond));
    }

    /** When slot k is due after the start, in nanoseconds: a new schedule each call (Poisson arrivals keep their blocks in it). */
    public LongUnaryOperator dueNanos() {
        if (arrivals == Arrivals.POISSON) return new PoissonArrivals(ratePerSecond, seed);
        long interval = intervalNanos();
        return slot -> slot * interval;
    }

    @Override
    public Execution start(ExecutionContext ctx) {
        return schedule(ctx, clients, segment, "graphperf-open-", dueNanos());
    }

    /**
     * An open model's schedule sent by {@code clients} / agents threads: slot k of this agent ({@code segment}) is due {@code dueNanos} after
     * the start ({@link Long#MAX_VALUE}: past the schedule's end), sent by the next free thread as client slot mod clients's operation
     * slot div clients; when every thread is joined, every slot handed out is accounted for: executed, dropped, or (when another thread's
     * later slot went out just before the window's end became visible) skipped: never sent, so not acknowledged.
     */
    static Execution schedule(ExecutionContext ctx, int clients, Segment segment, String threadName, LongUnaryOperator dueNanos) {
        AtomicLong slots = new AtomicLong(), lastSent = new AtomicLong(-1);
        Set<Long> skipped = ConcurrentHashMap.newKeySet();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < clients / segment.of(); t++) {
            int thread = t;
            threads.add(ctx.thread(threadName + t, () -> loop(ctx, thread, clients, segment, slots, dueNanos, lastSent, skipped)));
        }
        for (int t = clients / segment.of(); t < clients; t++) ctx.worker(t).done(); // the other agents' threads: none here
        Execution joined = ExecutionContext.join(threads);
        return deadline -> {
            boolean all = joined.join(deadline);
            if (all) {
                long total = lastSent.get() + 1;
                for (int c = 0; c < clients; c++) ctx.accounting().issued(c, segment.issued(c, clients, total));
                for (long k : skipped) {
                    long slot = segment.slot(k);
                    if (k < total) ctx.accounting().notSent((int) (slot % clients), slot / clients);
                }
            }
            return all;
        };
    }

    private static void loop(ExecutionContext ctx, int thread, int clients, Segment segment, AtomicLong slots, LongUnaryOperator dueNanos,
                             AtomicLong lastSent, Set<Long> skipped) {
        ExecutionContext.Worker w = ctx.worker(thread);
        try {
            ctx.awaitStart();
            long t0 = ctx.startNanos();
            while (true) {
                long k = slots.getAndIncrement(), slot = segment.slot(k), due = dueNanos.applyAsLong(slot);
                long intended = t0 + due;
                int client = (int) (slot % clients);
                long seq = slot / clients;
                if (due == Long.MAX_VALUE || !waitUntil(ctx, intended)) { // the schedule (or the window) ended before this slot was due
                    skipped.add(k);
                    break;
                }
                lastSent.accumulateAndGet(k, Math::max);
                if (ctx.stopped()) {
                    w.dropped(client, seq, intended);
                    continue;
                }
                var op = ctx.next(client, seq);
                w.execute(client, seq, op, intended, System.nanoTime());
            }
        } finally {
            w.done();
        }
    }

    /** Waits until the slot is due; false when the schedule ended first (the slot lies at or after the window's end). */
    static boolean waitUntil(ExecutionContext ctx, long intended) {
        long remaining;
        while ((remaining = intended - System.nanoTime()) > 0) {
            if (intended >= ctx.windowEnd()) return false;
            // park for the bulk of the wait, spin the last stretch: parkNanos overshoots by ~50 µs
            if (remaining > 200_000) LockSupport.parkNanos(Math.min(remaining - 100_000, RECHECK_NANOS));
            else Thread.onSpinWait();
        }
        return intended < ctx.windowEnd();
    }
}
