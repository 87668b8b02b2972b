package io.graphperf.workloads.options;

import io.graphperf.core.UserError;
import io.graphperf.core.measure.CapacitySearch;
import io.graphperf.core.measure.Open;
import picocli.CommandLine.Option;

import java.util.Optional;

/** How the open model spaces its operations (every open-model cell and capacity probe of a command). */
public final class ArrivalsOption {

    /** The seed of Poisson arrivals when the run gives none (--seed): the same instants run after run. */
    public static final long DEFAULT_SEED = 1;

    @Option(names = "--arrivals", paramLabel = "fixed|poisson", description = {"Open model and capacity probes: fixed intervals of 1/rate (default) or"
            + " Poisson arrivals of that mean rate (exponential gaps from --seed, default 1; docs/capacity.md)."})
    public String arrivals;

    /** The arrivals named (fixed when none); an unknown name is an error naming the option. */
    public Open.Arrivals choice() {
        try {
            return Open.Arrivals.of(arrivals, "--arrivals").orElse(Open.Arrivals.FIXED);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
    }

    /** The seed of the arrivals: the run's --seed, else {@link #DEFAULT_SEED}. */
    public static long seed(RunOptions run) {
        return run.seed != null ? run.seed : DEFAULT_SEED;
    }

    /** An open model at {@code rate} with {@code clients} clients, its arrivals as chosen. */
    public Open open(double rate, int clients, RunOptions run) {
        return new Open(rate, clients, choice(), seed(run));
    }

    /** A capacity search's settings with its probes' arrivals as chosen. */
    public Optional<CapacitySearch.Settings> apply(Optional<CapacitySearch.Settings> s, RunOptions run) {
        return s.map(settings -> settings.withArrivals(choice(), seed(run)));
    }

    /** Refuses --arrivals where no open model runs ({@code open}: whether one does). */
    public void requireOpen(boolean open) {
        if (arrivals != null && !open) throw new UserError("--arrivals " + arrivals + " spaces an open model's operations: give --load open (or --rates, --capacity)");
    }
}
