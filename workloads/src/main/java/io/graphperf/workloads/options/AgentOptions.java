package io.graphperf.workloads.options;

import io.graphperf.core.UserError;
import io.graphperf.workloads.agents.Agents;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** Load agents: each cell's schedule split over N agents, sent from a common start, their histograms merged exactly. */
public final class AgentOptions {

    @Option(names = "--agents", paramLabel = "N", description = {"Split each cell's schedule over N load agents (separate processes, each sending segment i/N:"
            + " every N-th operation of the open model's schedule, every N-th client of the closed model), started together, merged exactly."
            + " Needs a fixed --warmup and clients a multiple of N; transports bolt, http."})
    public Integer count;
    @Option(names = "--rendezvous", paramLabel = "DIR", description = {"With --agents: do not start the agents here; they run elsewhere"
            + " (graphperf agent --rendezvous DIR --segment I/N, e.g. a Kubernetes indexed Job) and join through this shared folder. One trial per run."})
    public Path rendezvous;
    @Option(names = "--advertise", paramLabel = "HOST", description = "With --rendezvous: the address agents reach this coordinator's clock at (default: this machine's address).")
    public String advertise;
    @Option(names = "--max-clock-offset", paramLabel = "MS", description = "With --agents: refuse an agent whose clock is further than this from the coordinator's, error bound included (default: 5).")
    public Double maxClockOffsetMs;
    @Option(names = "--start-at", paramLabel = "INSTANT", description = "With --agents: the first cell starts at this wall-clock instant"
            + " (ISO-8601, e.g. 2026-12-01T09:00:00Z, on the coordinator's clock) rather than as soon as the engine is ready and warm.")
    public String startAt;
    @Option(names = "--agents-timeout", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "With --agents: how long to wait for every agent to join, and for every agent to be ready for each cell before"
                    + " the cell's common start is set (default: 2m; 10m with --rendezvous).")
    public Duration joinTimeout;

    /** The agents chosen, or empty when this process sends every cell's operations itself. */
    public Optional<Agents> agents(int trials) {
        if (count == null) {
            for (String o : new String[]{rendezvous != null ? "--rendezvous" : null, advertise != null ? "--advertise" : null,
                    maxClockOffsetMs != null ? "--max-clock-offset" : null, joinTimeout != null ? "--agents-timeout" : null,
                    startAt != null ? "--start-at" : null}) {
                if (o != null) throw new UserError(o + " applies to --agents, which is not given");
            }
            return Optional.empty();
        }
        if (count < 1) throw new UserError("--agents must be at least 1, not " + count);
        if (advertise != null && rendezvous == null) throw new UserError("--advertise applies to agents started elsewhere (--rendezvous)");
        if (rendezvous != null && trials > 1) {
            throw new UserError("agents started elsewhere (--rendezvous) follow one trial: drop --repeat/--variant/--precision, or let graphperf start them (no --rendezvous)");
        }
        double bound = maxClockOffsetMs == null ? 5 : maxClockOffsetMs;
        if (!(bound > 0)) throw new UserError("--max-clock-offset must be positive, not " + bound);
        Duration timeout = joinTimeout != null ? joinTimeout : rendezvous != null ? Duration.ofMinutes(10) : Duration.ofMinutes(2);
        Instant at = null;
        if (startAt != null) {
            try {
                at = Instant.parse(startAt.strip());
            } catch (DateTimeParseException e) {
                throw new UserError("--start-at " + startAt + ": give an instant such as 2026-12-01T09:00:00Z");
            }
            if (at.isBefore(Instant.now())) throw new UserError("--start-at " + startAt + " has passed");
        }
        return Optional.of(new Agents(count, rendezvous == null ? null : rendezvous.toAbsolutePath(), advertise, bound, timeout, at));
    }
}
