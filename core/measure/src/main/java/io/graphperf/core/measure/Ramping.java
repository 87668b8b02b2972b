package io.graphperf.core.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The open model with a rate that changes in stages (k6's "ramping-arrival-rate"): during the warm-up (fixed, {@code warmupMillis}) the
 * rate is {@code startRate}; then each stage moves it linearly to its target over its length, and the window is the stages' total.
 * Operation k is scheduled where the integral of the rate reaches k, whatever the engine does, and sent by the next free client of a
 * pool of N; latency counts from the intended start, every scheduled operation is accounted for as in {@link Open}. A ramp is never
 * steady by design: its window is flagged as such, and its intervals (each with its own offered rate) are the figure to read.
 *
 * @param stages each stage's length and the rate it ends at
 */
public record Ramping(double startRate, List<Stage> stages, long warmupMillis, int clients, Segment segment) implements Executor {

    /** One stage: the rate moves linearly to {@code target} ops/s over {@code millis}. */
    public record Stage(long millis, double target) {
        public Stage {
            if (millis <= 0) throw new IllegalArgumentException("a stage lasts more than 0 ms");
            if (!(target >= 0)) throw new IllegalArgumentException("a stage's target rate is 0 or more, not " + target);
        }
    }

    public Ramping {
        if (!(startRate > 0)) throw new IllegalArgumentException("a ramp starts at a rate above 0, got " + startRate);
        if (stages.isEmpty()) throw new IllegalArgumentException("a ramp has at least one stage");
        if (clients < 1) throw new IllegalArgumentException("clients must be at least 1, got " + clients);
        if (warmupMillis < 0) throw new IllegalArgumentException("a warm-up of 0 ms or more");
        stages = List.copyOf(stages);
        segment.check(clients);
    }

    public Ramping(double startRate, List<Stage> stages, long warmupMillis, int clients) {
        this(startRate, stages, warmupMillis, clients, Segment.WHOLE);
    }

    @Override
    public LoadModelName model() {
        return LoadModelName.RAMPING;
    }

    @Override
    public String describe() {
        List<String> s = new ArrayList<>();
        for (Stage st : stages) s.add(String.format(Locale.ROOT, "%s s to %s", trim(st.millis() / 1000.0), trim(st.target())));
        return String.format(Locale.ROOT, "open model ramping from %s ops/s: %s (ramping arrival rate), sent by up to %d client(s); latency from the intended"
                + " start%s", trim(startRate), String.join(", ", s), clients, segment.whole() ? "" : "; this agent's segment " + segment + " of the schedule");
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    /** The stages' total: the measured window. */
    public long windowMillis() {
        long t = 0;
        for (Stage s : stages) t += s.millis();
        return t;
    }

    /** What this agent offers on average over the window. */
    @Override
    public Double offeredPerSecond() {
        double ops = 0, r = startRate;
        for (Stage s : stages) {
            ops += (r + s.target()) / 2 * s.millis() / 1000.0;
            r = s.target();
        }
        return ops / (windowMillis() / 1000.0) / segment.of();
    }

    @Override
    public Signal signal() {
        return Signal.MEDIAN_LATENCY;
    }

    @Override
    public Ramping withClients(int n) {
        return new Ramping(startRate, stages, warmupMillis, n, segment);
    }

    @Override
    public Ramping withSegment(Segment s) {
        return new Ramping(startRate, stages, warmupMillis, clients, s);
    }

    /** When operation (slot) k is due, in seconds from the start; infinite past the last stage. */
    public double secondsOf(long k) {
        double warm = warmupMillis / 1000.0, warmOps = startRate * warm;
        if (k < warmOps) return k / startRate;
        double x = k - warmOps, t = warm, r = startRate;
        for (Stage s : stages) {
            double d = s.millis() / 1000.0, b = (s.target() - r) / d, ops = (r + s.target()) / 2 * d;
            if (x < ops) {
                if (b == 0) return t + x / r;
                return t + (-r + Math.sqrt(Math.max(0, r * r + 2 * b * x))) / b;
            }
            x -= ops;
            t += d;
            r = s.target();
        }
        return Double.POSITIVE_INFINITY;
    }

    @Override
    public Execution start(ExecutionContext ctx) {
        return Open.schedule(ctx, clients, segment, "graphperf-ramping-", slot -> {
            double at = secondsOf(slot);
            return Double.isInfinite(at) ? Long.MAX_VALUE : (long) (at * 1e9);
        });
    }
}
