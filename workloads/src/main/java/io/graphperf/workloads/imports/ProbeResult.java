package io.graphperf.workloads.imports;

import java.util.Map;

/**
 * A probe query's latency right after a cold start and after each warm-up method: median and
 * maximum over its parameter samples, and the page faults (pages read from disk) it caused.
 *
 * @param latencyMs  per cache state ("cold", then each warm-up method): {median, max} milliseconds
 * @param faults     per cache state: page faults during all samples of the probe
 */
public record ProbeResult(String name, String query, int samples, Map<String, double[]> latencyMs, Map<String, Long> faults) {
}
