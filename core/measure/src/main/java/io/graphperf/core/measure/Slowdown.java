package io.graphperf.core.measure;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Wire;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;

/**
 * A known slowdown, injected to show what a comparison can detect on the machine it runs on (a calibration, docs/compare.md): every
 * operation of a variant with the setting {@value #SETTING} (e.g. {@code 5%}) takes that fraction of its own time longer — the
 * session waits, after the engine answered and before the operation counts as done, for the fraction of the time the engine took. While
 * the clients are the limit (an open model below the engine's capacity, a closed model whose engine waits for its clients) its latency is
 * then that much longer and a closed model's throughput that much lower (1 / (1 + f)). It does not slow an engine that more clients keep
 * saturated than it serves at once: the wait is the client's, the engine serves the others meanwhile, and the cell's throughput stays
 * the engine's (measured: docs/results.md, duets). The wait parks the client thread and spins only its last 100 µs, so the injection
 * costs little CPU.
 */
public record Slowdown(double fraction) {

    /** The variant setting that injects it. */
    public static final String SETTING = "graphperf.slowdown";
    /**
     * The variant setting of the other kind of known slowdown: the engine burns that much more CPU for each write transaction (the Neo4j
     * engine host only; for cells whose engine's CPU is the limit, which this one cannot slow).
     */
    public static final String CPU_SETTING = "graphperf.slowdown.cpu";
    private static final long SPIN_NANOS = 100_000;

    public Slowdown {
        if (!(fraction >= 0 && fraction <= 10)) throw new IllegalArgumentException("a slowdown between 0 and 10, not " + fraction);
    }

    /** The slowdown a variant's setting gives ("5%" or "0.05"); empty without one. */
    public static Optional<Slowdown> of(String value) {
        return of(SETTING, value);
    }

    /** The slowdown {@code value} of the variant setting {@code setting} gives ("5%" or "0.05"); empty without one. */
    public static Optional<Slowdown> of(String setting, String value) {
        if (value == null || value.isBlank()) return Optional.empty();
        String v = value.strip();
        double f;
        try {
            f = v.endsWith("%") ? Double.parseDouble(v.substring(0, v.length() - 1).strip()) / 100 : Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new UserError("setting " + setting + "=" + value + ": give a percentage such as 5%");
        }
        if (!(f >= 0 && f <= 10)) throw new UserError("setting " + setting + "=" + value + ": give a slowdown between 0% and 1000%");
        return Optional.of(new Slowdown(f));
    }

    public String describe() {
        return String.format(Locale.ROOT, "every operation %.1f %% longer (injected by graphperf, setting %s)", fraction * 100, SETTING);
    }

    /** {@code session} with every operation that fraction longer. */
    public Session wrap(Session session) {
        return new Session() {
            @Override
            public void execute(Operation operation) throws Exception {
                long start = System.nanoTime();
                session.execute(operation);
                long until = System.nanoTime() + (long) ((System.nanoTime() - start) * fraction);
                long park = until - System.nanoTime() - SPIN_NANOS;
                if (park > 0) LockSupport.parkNanos(park);
                while (System.nanoTime() < until) Thread.onSpinWait();
            }

            @Override
            public long serverNanos() {
                return session.serverNanos();
            }

            @Override
            public long clientNanos() {
                return session.clientNanos();
            }

            @Override
            public Optional<Wire> wire() {
                return session.wire();
            }

            @Override
            public List<List<Object>> fetch(Statement statement) throws Exception {
                return session.fetch(statement);
            }

            @Override
            public void close() throws Exception {
                session.close();
            }
        };
    }
}
