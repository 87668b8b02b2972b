package io.graphperf.core.measure;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.List;
import java.util.Map;

/**
 * What the measuring layer observed for one cell.
 *
 * @param load               executor name: closed or open
 * @param offeredPerSecond   open model: the offered rate; null for the closed model
 * @param warmupSeconds      how long the warm-up ran
 * @param warmupSteady       whether it ended because the cell was steady (false: a fixed warm-up, or the cap was reached)
 * @param ops                operations that completed successfully inside the window (whenever they started):
 *                           the throughput figure's numerator
 * @param opsPerSecond       achieved: ops / window length
 * @param errors             operations scheduled in the window that failed (their latency in {@code errorLatency})
 * @param scheduled          operations scheduled (open) or started (closed) in the window: each one completed,
 *                           failed or was dropped
 * @param dropped            open model: scheduled operations that could not start before the drain deadline
 * @param lateShare          open model: share of scheduled operations that started more than 1 s late or not at all
 * @param clamped            latencies beyond the histograms' range (1 h), recorded as 1 h
 * @param acknowledgedOps    every operation that completed successfully, warm-up and drain included: what the
 *                           database must now contain
 * @param latency            operations scheduled in the window, from the intended start (the actual start in the
 *                           closed model), drained to completion; dropped ones with their lower bound
 * @param serviceTime        from actual start to completion
 * @param serverTime         the server's own time per operation as its transport reported it; null when not reported
 * @param remainderTime      per operation, service time minus the server's time; null when not reported
 * @param clientTime         per operation, the client library's own encode and decode time (compression included) as
 *                           it reported it; part of {@code remainderTime}; null when not reported
 * @param wire               bytes on the wire per operation, as the client library counted them; null when not reported
 * @param timeline           one entry per sampling interval, warm-up and drain included
 * @param batchRates         ops/s of equal consecutive parts of the window (for confidence intervals of ratios)
 * @param steadiness         the verdict on the window
 * @param accounting         which operations were acknowledged, per client (not written to run.json)
 */
public record Measurement(
        String load, String loadDescription, int clients, Double offeredPerSecond,
        double warmupSeconds, boolean warmupSteady, String warmup, double windowSeconds,
        long ops, double opsPerSecond, long entities, double entitiesPerSecond,
        long errors, List<String> errorSamples, LatencySummary errorLatency,
        long scheduled, long dropped, double lateShare, long clamped,
        long acknowledgedOps, long acknowledgedEntities,
        LatencySummary latency, LatencySummary serviceTime, LatencySummary serverTime, LatencySummary remainderTime,
        LatencySummary clientTime, WireBytes wire,
        Map<String, LatencySummary> latencyByType,
        List<Interval> timeline, List<Double> batchRates, Steadiness.Verdict steadiness, Resources resources,
        String histogramLog, boolean drained,
        @JsonIgnore Accounting accounting) {

    /** The same measurement with the accounting of its operations (carried apart from an engine's process: see {@link InProcessResult}). */
    public Measurement withAccounting(Accounting a) {
        return new Measurement(load, loadDescription, clients, offeredPerSecond, warmupSeconds, warmupSteady, warmup, windowSeconds, ops, opsPerSecond,
                entities, entitiesPerSecond, errors, errorSamples, errorLatency, scheduled, dropped, lateShare, clamped, acknowledgedOps,
                acknowledgedEntities, latency, serviceTime, serverTime, remainderTime, clientTime, wire, latencyByType, timeline, batchRates,
                steadiness, resources, histogramLog, drained, a);
    }

    /** Achieved below 95 % of the offered rate, or more than 5 % of the schedule started over 1 s late. */
    public static final double OVERLOAD_ACHIEVED = 0.95, OVERLOAD_LATE_SHARE = 0.05;

    /** Open model only: the engine (or the client pool) could not keep the schedule. */
    @JsonIgnore
    public boolean overloaded() {
        if (offeredPerSecond == null) return false;
        return opsPerSecond < OVERLOAD_ACHIEVED * offeredPerSecond || lateShare > OVERLOAD_LATE_SHARE;
    }
}
