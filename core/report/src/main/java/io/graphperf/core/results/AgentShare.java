package io.graphperf.core.results;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * One load agent's part of a cell measured by several: what it was handed and what it did, its CPU and its clock. In run.json its
 * parts' fields stand beside {@code agent}, {@code host} and {@code pid} (one flat object, as results-format.md lists it).
 *
 * @param agent 0-based index (the segment i of i/N)
 * @param host  the machine it ran on
 * @param pid   its process
 */
public record AgentShare(int agent, String host, long pid, @JsonUnwrapped Work work, @JsonUnwrapped Client client) {

    /**
     * What the agent did in the window.
     *
     * @param ops              operations it completed in the window
     * @param share            its share of the cell's completed operations (1/N when the agents kept up alike)
     * @param offeredPerSecond open model: the rate its segment offered (the whole rate / N); null for the closed model
     * @param opsPerSecond     achieved by it
     * @param lateShare        of its scheduled operations, the share that started over 1 s late or not at all
     * @param errors           its failed operations
     */
    public record Work(long ops, double share, Double offeredPerSecond, double opsPerSecond, double lateShare, long errors) {
    }

    /**
     * The agent's process and clock.
     *
     * @param cpuCores      its process's CPU during the window, in cores
     * @param clientBound   it may have limited the figure (its CPU, not the database)
     * @param clockOffsetMs its clock's offset from the coordinator's (coordinator minus agent), as measured before the run
     * @param clockErrorMs  the bound on that offset's error (half the probe's round trip)
     */
    public record Client(double cpuCores, boolean clientBound, double clockOffsetMs, double clockErrorMs) {
    }

    public long ops() {
        return work.ops();
    }

    public double share() {
        return work.share();
    }

    public Double offeredPerSecond() {
        return work.offeredPerSecond();
    }

    public double opsPerSecond() {
        return work.opsPerSecond();
    }

    public double lateShare() {
        return work.lateShare();
    }

    public long errors() {
        return work.errors();
    }

    public double cpuCores() {
        return client.cpuCores();
    }

    public boolean clientBound() {
        return client.clientBound();
    }

    public double clockOffsetMs() {
        return client.clockOffsetMs();
    }

    public double clockErrorMs() {
        return client.clockErrorMs();
    }
}
