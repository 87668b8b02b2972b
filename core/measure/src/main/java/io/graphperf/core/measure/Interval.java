package io.graphperf.core.measure;

import java.util.List;

/**
 * One sampling interval of a cell's timeline.
 *
 * @param atSeconds     end of the interval, seconds since the clients started
 * @param seconds       its length
 * @param phase         warm-up, window or drain
 * @param ops           operations that completed successfully in it
 * @param opsPerSecond  ops / seconds
 * @param p50Ms         median latency of those operations (from the intended start), NaN when none
 * @param p99Ms         their 99th percentile
 * @param errors        operations that failed in it
 * @param jitCores      CPU of the engine's and the harness's JIT compiler threads in it, in cores (NaN for a remote engine)
 */
public record Interval(double atSeconds, double seconds, Phase phase, long ops, double opsPerSecond, double p50Ms, double p99Ms, long errors,
                       double jitCores) {

    public enum Phase { WARMUP, WINDOW, DRAIN }

    /** The JIT compilers' mean CPU over a phase's intervals, weighted by their lengths; NaN when none measured it (a remote engine). */
    public static double meanJitCores(List<Interval> timeline, Phase phase) {
        double cpu = 0, seconds = 0;
        for (Interval i : timeline) {
            if (i.phase() != phase || Double.isNaN(i.jitCores()) || !(i.seconds() > 0)) continue;
            cpu += i.jitCores() * i.seconds();
            seconds += i.seconds();
        }
        return seconds > 0 ? cpu / seconds : Double.NaN;
    }
}
