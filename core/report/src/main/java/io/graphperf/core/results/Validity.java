package io.graphperf.core.results;

import io.graphperf.core.measure.Interval;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.Steadiness;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a cell's figure can be trusted, and why not: measured in a steady state or not, with enough
 * operations, keeping its schedule (open model), on a quiet machine. A flagged cell is shown as flagged in
 * the summary, the report and results.csv, never silently.
 *
 * @param steady            the window was shown steady (its drift's 95 % CI within the bound); null for figures that are
 *                          not a load model's (a phase's time)
 * @param warmupSeconds     the warm-up the cell needed (or was given)
 * @param warmupSteady      the warm-up ended because the cell was steady (false: fixed, or the cap was reached)
 * @param trendPctPerSecond the trend inside the window, percent of the mean per second
 * @param ops               operations in the window
 * @param tooFew            fewer than {@link #MIN_OPS} operations: the high percentiles are single samples
 * @param overloaded        open model: achieved below 95 % of offered, or more than 5 % started over 1 s late
 * @param flags             one sentence per problem (what the summary and report show)
 * @param warnings          machine conditions that make the figure suspect without invalidating it
 */
public record Validity(Boolean steady, double warmupSeconds, boolean warmupSteady, double trendPctPerSecond, long ops,
                       boolean tooFew, boolean overloaded, List<String> flags, List<String> warnings) {

    public static final long MIN_OPS = 100;

    /** The kinds of flag: each flag's text starts with its kind's name and a colon; what a user runs to clear each kind. */
    public enum Kind {
        DRIFTING("drifting", "warm the cell up longer (a higher --warmup-max, or a fixed --warmup) so its window starts once it has settled;"
                + " when Neo4j engines graphperf starts are still compiling, comparing them compiled by C1 alone ends their ramp within seconds"
                + " (--setting graphperf.host.jvm=-XX:TieredStopAtLevel=1: slower code, another system; docs/compare.md)"),
        UNDECIDED("too short to tell", "measure longer windows (--duration; each flag says about how long would tell)"),
        TOO_FEW("too few operations", "measure longer windows (--duration) or, for latency cells of a fixed count, more operations (--repeat-factor)"),
        OVERLOADED("overloaded", "offer less (--rate) or give the open model more clients (--clients), or a bigger machine"),
        RAMPED("ramped", "a ramp is not steady by design: read its timeline, each interval against its rate; measure a constant --rate for a verdict");

        public final String text, remedy;

        Kind(String text, String remedy) {
            this.text = text;
            this.remedy = remedy;
        }

        /** The kind a flag's text names; empty for text that names none. */
        public static Optional<Kind> of(String flag) {
            for (Kind k : values()) if (flag.startsWith(k.text + ":")) return Optional.of(k);
            return Optional.empty();
        }
    }

    /** A run's flags by kind: how many cells carry each, in the order of {@link Kind}. */
    public static Map<Kind, Long> countByKind(List<Validity> validities) {
        Map<Kind, Long> out = new EnumMap<>(Kind.class);
        for (Validity v : validities) {
            Set<Kind> kinds = EnumSet.noneOf(Kind.class);
            for (String f : v.flags()) {
                Kind.of(f).ifPresent(kinds::add);
            }
            for (Kind k : kinds) out.merge(k, 1L, Long::sum);
        }
        return out;
    }

    /** A figure not measured by a load model (e.g. a phase's time): nothing to flag. */
    public static final Validity PHASE = new Validity(null, 0, false, Double.NaN, 0, false, false, List.of(), List.of());

    public boolean flagged() {
        return Boolean.FALSE.equals(steady) || tooFew || overloaded;
    }

    /** "steady", "drifting", "too short to tell", "too few ops", "overloaded" …, for tables. */
    public String label() {
        if (steady == null) return "";
        List<String> l = new ArrayList<>();
        for (String f : flags) {
            Kind.of(f).filter(k -> k == Kind.DRIFTING || k == Kind.UNDECIDED || k == Kind.RAMPED).ifPresent(k -> l.add(k.text));
        }
        if (!steady && l.isEmpty()) l.add("NOT steady");
        if (tooFew) l.add("too few ops");
        if (overloaded) l.add("overloaded");
        return l.isEmpty() ? "steady" : String.join(", ", l);
    }

    /**
     * A warning when the JIT compilers (the engine's and the harness's) used at least the warm-up's bound on average over the window:
     * code still being compiled runs slower than it will, so the figure is likely below a warmed engine's. Null below the bound or
     * when not measured.
     */
    static String jitWarning(double windowJitCores) {
        double bound = Steadiness.Criterion.DEFAULT.quietJitCores();
        if (!(windowJitCores >= bound)) return null;
        return String.format(Locale.ROOT, "the JIT compilers used %.2f cores over the window (a warm-up ends below %.2f): the engine or the"
                + " harness was still compiling, so this figure is likely below a warmed engine's; warm up longer (a higher --server-warmup or"
                + " --warmup-max)", windowJitCores, bound);
    }

    public static Validity of(Measurement m) {
        List<String> flags = new ArrayList<>(), warnings = new ArrayList<>();
        boolean steady = m.steadiness().steady();
        if (!steady) {
            String reason = m.steadiness().reason();
            flags.add(Kind.of(reason == null ? "" : reason).isPresent() ? reason : (m.steadiness().state() == Steadiness.State.DRIFTING ? Kind.DRIFTING
                    : Kind.UNDECIDED).text + ": " + reason);
        }
        if (!m.warmupEnd().steady() && m.warmupEnd().rule().startsWith("until steady")) {
            warnings.add(String.format(Locale.ROOT, "the warm-up reached its cap (%.0f s) before the cell was steady", m.warmupEnd().seconds()));
        }
        long ops = m.latencies().all().count() + m.outcomes().errors();
        boolean tooFew = ops < MIN_OPS;
        if (tooFew) flags.add("too few operations: " + ops + " in the window (fewer than " + MIN_OPS + "; p99 and above are single samples)");
        boolean overloaded = m.overloaded();
        if (overloaded) {
            flags.add(String.format(Locale.ROOT, "overloaded: achieved %.0f of %.0f ops/s offered (%.0f %%), %.1f %% of the schedule started over 1 s"
                            + " late%s", m.throughput().opsPerSecond(), m.loadModel().offeredPerSecond(),
                                    100 * m.throughput().opsPerSecond() / m.loadModel().offeredPerSecond(), 100 * m.outcomes().lateShare(),
                    m.outcomes().dropped() > 0 ? ", " + m.outcomes().dropped() + " dropped" : ""));
        }
        if (m.outcomes().errors() > 0) warnings.add(m.outcomes().errors() + " operations failed in the window (their latency is shown apart)");
        if (m.outcomes().clamped() > 0) warnings.add(m.outcomes().clamped() + " latencies exceeded the histograms' 1 h range and were recorded as 1 h");
        if (!m.outcomes().drained()) warnings.add("clients were still inside the engine after the drain deadline; their sessions were closed");
        warnings.addAll(m.resources().warnings());
        String jit = jitWarning(Interval.meanJitCores(m.throughput().timeline(), Interval.Phase.WINDOW));
        if (jit != null) warnings.add(jit);
        return new Validity(steady, m.warmupEnd().seconds(), m.warmupEnd().steady(), m.steadiness().trendPctPerSecond(), ops, tooFew, overloaded,
                flags, warnings);
    }
}
