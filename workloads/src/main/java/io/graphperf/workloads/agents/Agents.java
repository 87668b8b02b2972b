package io.graphperf.workloads.agents;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * How a run's cells are loaded by several agents, as the user chose it.
 *
 * @param count            the agents N; each sends segment i/N of every cell's schedule
 * @param rendezvous       a folder agents started elsewhere share with the coordinator (e.g. a Kubernetes volume), or null: graphperf
 *                         starts the agents on this machine, in a folder of the trial
 * @param advertise        the host name or address agents elsewhere reach the coordinator's clock at (null: this machine's address)
 * @param maxClockOffsetMs an agent whose clock is further than this from the coordinator's (error bound included) is refused
 * @param joinTimeout      how long the coordinator waits for every agent to join, and then for every agent to be ready for each cell
 *                         (its sessions open) before it sets the cell's common start
 * @param startAt          the wall-clock instant (the coordinator's clock) the first cell starts at, no earlier; null: as soon as ready
 */
public record Agents(int count, Path rendezvous, String advertise, double maxClockOffsetMs, Duration joinTimeout, Instant startAt) {

    public Agents(int count, Path rendezvous, String advertise, double maxClockOffsetMs, Duration joinTimeout) {
        this(count, rendezvous, advertise, maxClockOffsetMs, joinTimeout, null);
    }

    /** The main class local agents run ({@code graphperf agent}). */
    public static final String MAIN = "io.graphperf.cli.Main";

    /** Whether the agents are started elsewhere (they join through {@link #rendezvous}). */
    public boolean external() {
        return rendezvous != null;
    }

    public String describe() {
        return count + (count == 1 ? " load agent" : " load agents") + (external() ? " started elsewhere, joined through " + rendezvous
                : " started by graphperf on this machine") + ", each sending its segment i/" + count + " of every cell's schedule from a common start;"
                + " their interval histograms added bucket by bucket";
    }
}
