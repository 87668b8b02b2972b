package io.graphperf.core.measure;

/**
 * How load is offered, named explicitly as in k6 and wrk2.
 * <ul>
 *   <li>{@link Closed}: N clients, each sends its next operation as soon as the previous one
 *       returns. Latency is measured from the actual send; throughput is what the system sustains.</li>
 *   <li>{@link Open}: operations arrive at a fixed rate whatever the system does. Latency is
 *       measured from each operation's intended start, so a stalled server shows up in the
 *       percentiles (coordinated omission corrected); N clients is the pool that sends them.</li>
 * </ul>
 */
public sealed interface LoadModel {

    int clients();

    /** Stable name used in reports and config: {@code closed} or {@code open}. */
    String name();

    String describe();

    record Closed(int clients) implements LoadModel {
        public Closed {
            if (clients < 1) throw new IllegalArgumentException("clients must be at least 1, got " + clients);
        }

        @Override public String name() { return "closed"; }

        @Override public String describe() { return "closed model, " + clients + " client(s) as fast as possible"; }
    }

    record Open(double ratePerSecond, int clients) implements LoadModel {
        public Open {
            if (!(ratePerSecond > 0)) throw new IllegalArgumentException("rate must be positive, got " + ratePerSecond);
            if (clients < 1) throw new IllegalArgumentException("clients must be at least 1, got " + clients);
        }

        @Override public String name() { return "open"; }

        @Override public String describe() {
            return "open model, " + ratePerSecond + " ops/s fixed arrival rate, sent by up to " + clients
                    + " client(s); latency from intended start";
        }

        long intervalNanos() { return Math.max(1L, Math.round(1e9 / ratePerSecond)); }
    }
}
