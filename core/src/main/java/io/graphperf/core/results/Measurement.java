package io.graphperf.core.results;

import io.graphperf.core.stats.LatencySummary;

import java.util.List;
import java.util.Map;

/**
 * What the measuring layer observed for one scenario on one transport.
 *
 * @param windowOps            operations that completed successfully inside the measured window
 *                             (whenever they started): the throughput figure's numerator
 * @param opsPerSecond         windowOps / window length
 * @param acknowledgedOps      every operation that completed successfully, warm-up and drain included:
 *                             what the database must now contain
 * @param latency              response time of operations that started in the window (drained
 *                             to completion), from intended start in the
 *                             open model, from actual start in the closed model
 * @param serviceTime          from actual start to completion (equals latency in the closed model)
 * @param serverTime           the server's own time per operation as its transport reported it (Bolt: result
 *                             available after + consumed after, whole milliseconds, capped at the client-measured
 *                             time of the same request); null when not reported
 * @param remainderTime        per operation, service time minus the server's time (network, serialisation,
 *                             client library); null when the server's time is not reported
 * @param opsPerSecondSeries   completed operations per second of wall time since the run started
 */
public record Measurement(
        String loadModel, String loadModelDescription, int clients, Double targetRate,
        double warmupSeconds, double windowSeconds,
        long windowOps, double opsPerSecond, long windowEntities, double entitiesPerSecond,
        long errors, List<String> errorSamples,
        long acknowledgedOps, long acknowledgedEntities,
        LatencySummary latency, LatencySummary serviceTime, LatencySummary serverTime, LatencySummary remainderTime,
        Map<String, LatencySummary> latencyByType,
        List<double[]> opsPerSecondSeries,
        long lateStarts, CpuUsage cpu, String histogramLog, boolean drained) {
}
