package io.graphperf.workloads.workload;

import io.graphperf.core.measure.CapacitySearch;
import io.graphperf.core.measure.Executor;
import io.graphperf.core.measure.Ramping;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Steadiness;
import io.graphperf.core.measure.Warmup;
import io.graphperf.workloads.agents.Agents;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A workload run's validated options.
 *
 * @param transports   bolt, http, embedded, ws-*
 * @param loads        one cell per load (each client count, or each rate × pool)
 * @param warmupFixed  a fixed warm-up per cell, or null for until steady
 * @param serverWarmup a fixed server warm-up, or null for until settled
 * @param shuffled     cells in a shuffled order (else as listed)
 * @param checkSamples parameter draws whose answers are checked per read operation and transport
 * @param tolerance    how far a number may be from the reference answer's, relative
 * @param loadThreads  transactions loading a user's server at once
 * @param loadBatch    rows a loading transaction writes
 * @param agents       the load agents that send the cells, or null
 * @param yours        whether the engine is the user's server
 * @param resetAllowed whether graphperf may empty the user's database (--reset delete-all)
 * @param capacity     a capacity search for each cell instead of one measurement at its load, or null
 */
public record WorkloadOptions(Workload workload, Data data, List<String> transports, List<Executor> loads, Duration warmupFixed, Duration warmupMax,
                              Duration duration, Duration serverWarmup, Duration serverWarmupCap, boolean shuffled, int checkSamples, double tolerance,
                              List<Threshold> thresholds, int loadThreads, int loadBatch, Agents agents, boolean yours, boolean resetAllowed,
                              CapacitySearch.Settings capacity) {

    public static final String EMBEDDED = "embedded";

    /**
     * Where the data comes from: a generated dataset, a user's CSV folder, setup scripts (after the files, when both), or nothing.
     *
     * @param generated a generator's name (social, b2b), or null
     * @param folder    a user's CSV folder, or null
     * @param cache     where generated datasets are kept, or null for the run's default
     * @param setup     dialect ("cypher" for every engine without its own) → a script of statements
     */
    public record Data(String generated, double scale, long seed, Path folder, Path cache, Map<String, Path> setup) {

        public boolean files() {
            return generated != null || folder != null;
        }

        /** The dataset's scale for results, when it is a generated one. */
        public Double scaleOrNull() {
            return generated != null ? scale : null;
        }

        public String describe() {
            String s = generated != null ? generated + " at scale " + scale + " (seed " + seed + ")" : folder != null ? folder.toString() : "";
            if (!setup.isEmpty()) s += (s.isEmpty() ? "" : ", then ") + "setup " + setup.values();
            return s.isEmpty() ? "none (the database as it is)" : s;
        }
    }

    /** A cell's plan: its load, warm-up and window (a ramp's: its fixed warm-up, and its stages' total). */
    public RunPlan plan(Executor load) {
        if (load instanceof Ramping r) {
            return new RunPlan(load, new Warmup.Fixed(Duration.ofMillis(r.warmupMillis())), Duration.ofMillis(r.windowMillis()), 0, Duration.ofSeconds(1),
                    RunPlan.DEFAULT_BATCHES, null);
        }
        Warmup w = warmupFixed != null ? new Warmup.Fixed(warmupFixed) : new Warmup.UntilSteady(warmupMax, Steadiness.Criterion.DEFAULT);
        return new RunPlan(load, w, duration, 0, Duration.ofSeconds(1), RunPlan.DEFAULT_BATCHES, null);
    }

    /** The same options with each cell's window {@code factor} times as long (a precision run's choice). */
    public WorkloadOptions withLongerWindows(double factor) {
        return new WorkloadOptions(workload, data, transports, loads, warmupFixed, warmupMax, Duration.ofMillis(Math.round(duration.toMillis() * factor)),
                serverWarmup, serverWarmupCap, shuffled, checkSamples, tolerance, thresholds, loadThreads, loadBatch, agents, yours, resetAllowed, capacity);
    }
}
