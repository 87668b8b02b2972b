package io.graphperf.core.results;

/**
 * One load agent's part of a cell measured by several: what it was handed and what it did, its CPU and its clock.
 *
 * @param agent            0-based index (the segment i of i/N)
 * @param host             the machine it ran on
 * @param pid              its process
 * @param ops              operations it completed in the window
 * @param share            its share of the cell's completed operations (1/N when the agents kept up alike)
 * @param offeredPerSecond open model: the rate its segment offered (the whole rate / N); null for the closed model
 * @param opsPerSecond     achieved by it
 * @param lateShare        of its scheduled operations, the share that started over 1 s late or not at all
 * @param errors           its failed operations
 * @param cpuCores         its process's CPU during the window, in cores
 * @param clientBound      it may have limited the figure (its CPU, not the database)
 * @param clockOffsetMs    its clock's offset from the coordinator's (coordinator minus agent), as measured before the run
 * @param clockErrorMs     the bound on that offset's error (half the probe's round trip)
 */
public record AgentShare(int agent, String host, long pid, long ops, double share, Double offeredPerSecond, double opsPerSecond, double lateShare,
                         long errors, double cpuCores, boolean clientBound, double clockOffsetMs, double clockErrorMs) {
}
