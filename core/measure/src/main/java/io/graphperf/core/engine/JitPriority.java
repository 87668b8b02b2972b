package io.graphperf.core.engine;

import io.graphperf.core.UserError;

import java.util.List;
import java.util.OptionalInt;

/**
 * The JIT compiler threads of the JVMs graphperf starts (engine hosts, the Kafka broker; the launcher does the same for the harness)
 * run at a higher priority than the work they compile for, so a warm-up on a machine the workload already fills ends with compiled
 * code sooner: on 2 cores the compilers otherwise get one thread's share among the clients' and the engine's (docs/measuring.md).
 * Linux honours it for root only (nice below 0), so it is asked for only there; {@value #ENV} sets the nice value (-20 to 19,
 * default {@value #DEFAULT_NICE}) or {@code off}. Stated in run.json's environment ({@code jit.compilerNice}).
 */
public final class JitPriority {

    public static final String ENV = "GRAPHPERF_JIT_NICE";
    static final int DEFAULT_NICE = -10;

    private JitPriority() {
    }

    /** The JVM options that set the compiler threads' nice value, or none (not root, or {@value #ENV}=off). */
    public static List<String> jvmOptions() {
        OptionalInt nice = nice(System.getenv(ENV), Machine.isRoot());
        return nice.isEmpty() ? List.of() : List.of("-XX:ThreadPriorityPolicy=1", "-XX:CompilerThreadPriority=" + nice.getAsInt());
    }

    /** The compiler threads' nice value given {@value #ENV}'s value and whether this runs as root; empty for the JVM's own default. */
    static OptionalInt nice(String env, boolean root) {
        if (env != null && env.strip().equalsIgnoreCase("off")) return OptionalInt.empty();
        int nice = DEFAULT_NICE;
        if (env != null && !env.isBlank()) {
            try {
                nice = Integer.parseInt(env.strip());
            } catch (NumberFormatException e) {
                nice = Integer.MIN_VALUE;
            }
            if (nice < -20 || nice > 19) throw new UserError(ENV + "=" + env + ": give a nice value from -20 to 19, or off");
        }
        return root ? OptionalInt.of(nice) : OptionalInt.empty();
    }

    /** What run.json states: the nice value the compiler threads were asked to run at, or why they run at the JVM's default. */
    public static String describe() {
        String env = System.getenv(ENV);
        OptionalInt nice = nice(env, Machine.isRoot());
        if (nice.isPresent()) return String.valueOf(nice.getAsInt());
        return env != null && env.strip().equalsIgnoreCase("off") ? "the JVM's default (" + ENV + "=off)"
                : "the JVM's default (not root: a raised priority needs root)";
    }
}
