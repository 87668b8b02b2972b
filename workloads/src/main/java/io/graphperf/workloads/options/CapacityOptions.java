package io.graphperf.workloads.options;

import io.graphperf.core.UserError;
import io.graphperf.core.measure.CapacitySearch;
import io.graphperf.core.measure.Objective;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A capacity search instead of fixed loads: the objectives, where the search starts, how precise it is and how long it may take. */
public final class CapacityOptions {

    @Option(names = "--capacity", split = ",", paramLabel = "OBJECTIVE",
            description = {"Search each open-model cell's capacity: the highest rate that keeps every objective, e.g. 'p99 < 50ms',",
                    "'p99 < 50ms,errors < 1%%', 'late < 5%%' (latencies from the intended start; errors, dropped, late as %%). Probes are real cells;",
                    "the capacity comes with its bracket (docs/capacity.md)."})
    public List<String> objectives;
    @Option(names = "--capacity-start", paramLabel = "RATE", description = "The search's first rate, ops/s; rates double until an objective breaks (default: 100).")
    public Double start;
    @Option(names = "--capacity-precision", paramLabel = "PCT", description = "The search ends when the capacity is bracketed within ± this %% (default: 5).")
    public Double precisionPct;
    @Option(names = "--capacity-repeats", paramLabel = "N", description = "Runs at each end of the final bracket; all must agree (default: 3).")
    public Integer repeats;

    /** True when a capacity search was asked for. */
    public boolean asked() {
        return objectives != null && !objectives.isEmpty();
    }

    /** The search's settings (empty when none was asked for), its budget {@code run}'s --budget; errors name the option. */
    public Optional<CapacitySearch.Settings> settings(RunOptions run) {
        if (!asked()) {
            for (Object[] o : new Object[][]{{"--capacity-start", start}, {"--capacity-precision", precisionPct}, {"--capacity-repeats", repeats}}) {
                if (o[1] != null) throw new UserError(o[0] + " sets up a capacity search: it needs --capacity OBJECTIVE");
            }
            return Optional.empty();
        }
        List<Objective> parsed = new ArrayList<>();
        for (String text : objectives) {
            Objective o = Objective.parse(text, List.of(), "objective", "option --capacity");
            if (!o.upperBoundOnLoad()) {
                throw new UserError("objective '" + text + "' (option --capacity) cannot bound a capacity: an objective is an upper bound (< or <=) on a"
                        + " figure that grows with load — a latency, errors, dropped or late");
            }
            parsed.add(o);
        }
        double s = start == null ? 100 : start;
        if (!(s > 0)) throw new UserError("--capacity-start must be a positive rate, not " + s);
        double p = precisionPct == null ? 5 : precisionPct;
        if (!(p > 0 && p < 50)) throw new UserError("--capacity-precision must be between 0 and 50 (%), not " + p);
        int r = repeats == null ? 3 : repeats;
        if (r < 1) throw new UserError("--capacity-repeats must be at least 1, not " + r);
        if (run.precision != null) throw new UserError("--capacity repeats its own boundary probes; drop --precision " + run.precision);
        Duration budget = run.capacityBudget();
        return Optional.of(CapacitySearch.Settings.of(parsed, s).withPrecision(p / 100).withRepeats(r).withBudget(budget == null ? 0 : budget.toMillis() / 1000.0));
    }

    /** Refuses a capacity search where the load is fixed by {@code --load}/{@code --rate} (the search sets the rate itself). */
    public static void refuseFixedLoad(Optional<CapacitySearch.Settings> s, String load, Double rate) {
        if (s.isEmpty()) return;
        if (load != null || rate != null) {
            throw new UserError("--capacity searches the open model's rate itself: drop " + (load != null ? "--load " + load : "--rate " + rate));
        }
    }
}
