package io.graphperf.workloads.workload;

import io.graphperf.core.engine.TransportName;
import io.graphperf.core.measure.CapacitySearch;
import io.graphperf.core.measure.Executor;
import io.graphperf.core.measure.Ramping;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Steadiness;
import io.graphperf.core.measure.Warmup;
import io.graphperf.workloads.agents.Agents;
import io.graphperf.workloads.options.Timing;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A workload run's validated options, in named parts.
 *
 * @param transports bolt, http, embedded, ws-*
 * @param loads      one cell per load (each client count, or each rate × pool)
 * @param shuffled   cells in a shuffled order (else as listed)
 * @param agents     the load agents that send the cells; empty: this process
 * @param capacity   a capacity search for each cell instead of one measurement at its load; empty: none
 */
public record WorkloadOptions(Workload workload, Data data, List<TransportName> transports, List<Executor> loads, Timing timing, boolean shuffled, Checks checks,
                              Server server, Optional<Agents> agents, Optional<CapacitySearch.Settings> capacity) {

    /**
     * How answers are checked, and what a cell must meet.
     *
     * @param samples    parameter draws whose answers are checked per read operation and transport
     * @param tolerance  how far a number may be from the reference answer's, relative
     * @param thresholds what the cells' figures must meet
     */
    public record Checks(int samples, double tolerance, List<Threshold> thresholds) {
    }

    /**
     * The server the workload runs on.
     *
     * @param yours        whether the engine is the user's server
     * @param resetAllowed whether graphperf may empty the user's database (--reset delete-all)
     * @param loadThreads  transactions loading a user's server at once
     * @param loadBatch    rows a loading transaction writes
     */
    public record Server(boolean yours, boolean resetAllowed, int loadThreads, int loadBatch) {
    }

    public Duration serverWarmup() {
        return timing.serverWarmup();
    }

    public Duration serverWarmupCap() {
        return timing.serverWarmupCap();
    }

    public int checkSamples() {
        return checks.samples();
    }

    public double tolerance() {
        return checks.tolerance();
    }

    public List<Threshold> thresholds() {
        return checks.thresholds();
    }

    public int loadThreads() {
        return server.loadThreads();
    }

    public int loadBatch() {
        return server.loadBatch();
    }

    public boolean yours() {
        return server.yours();
    }

    public boolean resetAllowed() {
        return server.resetAllowed();
    }

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
        Warmup w = timing.warmupFixed() != null ? new Warmup.Fixed(timing.warmupFixed()) : new Warmup.UntilSteady(timing.warmupMax(), Steadiness.Criterion.DEFAULT);
        return new RunPlan(load, w, timing.duration(), 0, Duration.ofSeconds(1), RunPlan.DEFAULT_BATCHES, null);
    }

    /** The same options with each cell's window {@code factor} times as long (a precision run's choice). */
    public WorkloadOptions withLongerWindows(double factor) {
        return new WorkloadOptions(workload, data, transports, loads, timing.withLongerWindows(factor), shuffled, checks, server, agents, capacity);
    }
}
