package io.graphperf.core.measure;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.List;
import java.util.Map;

/**
 * What the measuring layer observed for one cell, in named parts: the load that was offered, how the warm-up ended, the throughput
 * of the window, its latencies, what became of every scheduled operation, the window's steadiness, the CPU it took, and (not written
 * to run.json) which operations were acknowledged. run.json holds it flat, one field per figure under the names the results contract
 * lists: each part's fields written beside the others' ({@code @JsonUnwrapped}), renamed where the part's name is shorter.
 *
 * @param loadModel   the executor and what it offered
 * @param warmupEnd   how long the warm-up ran and why it ended
 * @param throughput  the window's operations and entities per second, its timeline and batch rates
 * @param latencies   operations' latencies and their split (service, server, client library), bytes on the wire
 * @param outcomes    every operation scheduled in the window: completed, failed or dropped; what was acknowledged
 * @param steadiness  the verdict on the window
 * @param resources   CPU of the harness, the server and the machine over the window
 * @param accounting  which operations were acknowledged, per client (not written to run.json)
 */
public record Measurement(@JsonUnwrapped LoadModel loadModel, @JsonUnwrapped WarmupEnd warmupEnd, @JsonUnwrapped Throughput throughput,
                          @JsonUnwrapped Latencies latencies, @JsonUnwrapped Outcomes outcomes, Steadiness.Verdict steadiness, Resources resources,
                          @JsonIgnore Accounting accounting) {

    /**
     * @param name             executor name: closed or open
     * @param description      the executor as a user reads it
     * @param clients          client threads (or connections) that sent the load
     * @param offeredPerSecond open model: the offered rate; null for the closed model
     */
    public record LoadModel(@JsonProperty("load") String name, @JsonProperty("loadDescription") String description, int clients,
                            Double offeredPerSecond) {
        public static LoadModel of(Executor e) {
            return new LoadModel(e.name(), e.describe(), e.clients(), e.offeredPerSecond());
        }
    }

    /**
     * @param seconds how long the warm-up ran
     * @param steady  whether it ended because the cell was steady (false: a fixed warm-up, or the cap was reached)
     * @param rule    the warm-up rule as a user reads it
     */
    public record WarmupEnd(@JsonProperty("warmupSeconds") double seconds, @JsonProperty("warmupSteady") boolean steady,
                            @JsonProperty("warmup") String rule) {
    }

    /**
     * @param windowSeconds     the measured window's length
     * @param ops               operations that completed successfully inside the window (whenever they started): the figure's numerator
     * @param opsPerSecond      achieved: ops / window length
     * @param entities          entities those operations wrote or read, where the workload counts them
     * @param entitiesPerSecond entities / window length
     * @param timeline          one entry per sampling interval, warm-up and drain included
     * @param batchRates        ops/s of equal consecutive parts of the window (for confidence intervals of ratios)
     */
    public record Throughput(double windowSeconds, long ops, double opsPerSecond, long entities, double entitiesPerSecond,
                             List<Interval> timeline, List<Double> batchRates) {
    }

    /**
     * @param all          operations scheduled in the window, from the intended start (the actual start in the closed model), drained
     *                     to completion; dropped ones with their lower bound
     * @param service      from actual start to completion
     * @param server       the server's own time per operation as its transport reported it; null when not reported
     * @param remainder    per operation, service time minus the server's time; null when not reported
     * @param client       per operation, the client library's own encode and decode time (compression included) as it reported it;
     *                     part of {@code remainder}; null when not reported
     * @param wire         bytes on the wire per operation, as the client library counted them; null when not reported
     * @param byType       {@code all} per operation type
     * @param histogramLog the file of the cell's interval histograms, or null
     */
    public record Latencies(@JsonProperty("latency") LatencySummary all, @JsonProperty("serviceTime") LatencySummary service,
                            @JsonProperty("serverTime") LatencySummary server, @JsonProperty("remainderTime") LatencySummary remainder,
                            @JsonProperty("clientTime") LatencySummary client, WireBytes wire, @JsonProperty("latencyByType") Map<String, LatencySummary> byType,
                            String histogramLog) {
    }

    /**
     * @param scheduled            operations scheduled (open) or started (closed) in the window: each one completed, failed or was dropped
     * @param errors               operations scheduled in the window that failed
     * @param errorSamples         a few of their errors, as they were raised
     * @param errorLatency         the failed operations' latencies (kept apart, never dropped)
     * @param dropped              open model: scheduled operations that could not start before the drain deadline
     * @param lateShare            open model: share of scheduled operations that started more than 1 s late or not at all
     * @param clamped              latencies beyond the histograms' range (1 h), recorded as 1 h
     * @param acknowledgedOps      every operation that completed successfully, warm-up and drain included: what the database must
     *                             now contain
     * @param acknowledgedEntities the entities of those operations
     * @param drained              whether every operation in flight at the window's end completed before the drain deadline
     */
    public record Outcomes(long scheduled, long errors, List<String> errorSamples, LatencySummary errorLatency, long dropped,
                           double lateShare, long clamped, long acknowledgedOps, long acknowledgedEntities, boolean drained) {
    }

    /** The same measurement with the accounting of its operations (carried apart from an engine's process: see {@link InProcessResult}). */
    public Measurement withAccounting(Accounting a) {
        return new Measurement(loadModel, warmupEnd, throughput, latencies, outcomes, steadiness, resources, a);
    }

    /** Achieved below 95 % of the offered rate, or more than 5 % of the schedule started over 1 s late. */
    public static final double OVERLOAD_ACHIEVED = 0.95, OVERLOAD_LATE_SHARE = 0.05;

    /** Open model only: the engine (or the client pool) could not keep the schedule. */
    @JsonIgnore
    public boolean overloaded() {
        if (loadModel.offeredPerSecond() == null) return false;
        return throughput.opsPerSecond() < OVERLOAD_ACHIEVED * loadModel.offeredPerSecond() || outcomes.lateShare() > OVERLOAD_LATE_SHARE;
    }
}
