package io.graphperf.workloads;

import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.stats.Precision;
import io.graphperf.workloads.options.Variant;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The run's trials as a plan: each round's trials, numbered and named in the order they start (every variant in turn, or a duet's
 * two sides, whose start order swaps every round), and after each round whether another follows — {@code --repeat} rounds, or with
 * a precision goal until every figure's interval is narrow enough or the budget ends, the windows lengthened once where the
 * variance lies within engine processes ({@link Precision}).
 *
 * @param <O> the experiment's options
 */
final class TrialPlan<O> {

    /**
     * One trial of the plan.
     *
     * @param order    its number in the run (1, 2, …), in start order
     * @param name     its folder's name under trials/
     * @param position where its cells fall in the run's cell order (a duet's sides share the round's, so that they meet at each cell)
     * @param baseline whether its variant is the run's first (the baseline of every comparison)
     */
    record Planned(Variant variant, int round, int order, String name, int position, boolean baseline) {
    }

    private final Experiment<O> e;
    private final Trials.Spec spec;
    private int order;
    private O current;
    private Precision.WindowChoice windows;
    private String stopped;

    TrialPlan(Experiment<O> e, Trials.Spec spec, O options) {
        this.e = e;
        this.spec = spec;
        this.current = options;
    }

    /** The trials of round {@code r}, in start order; variants in {@code stopped} (their trial failed) left out. */
    List<Planned> round(int r, Set<String> stoppedVariants) {
        List<Variant> variants = spec.variants();
        List<Variant> inOrder = spec.pairing() == Trials.Pairing.DUET
                ? (r % 2 == 1 ? variants : List.of(variants.get(1), variants.get(0)))
                : variants.stream().filter(v -> !stoppedVariants.contains(v.name())).toList();
        List<Planned> out = new ArrayList<>();
        for (Variant v : inOrder) {
            int ord = ++order;
            // a folder name without ':' (neo4j:2025): a path with one cannot go on a JVM's classpath, as a host's plugins do
            String name = String.format("%02d-%s-%d", ord, v.name().replaceAll("[^A-Za-z0-9._-]", "-"), r);
            int position = spec.pairing() == Trials.Pairing.DUET ? r - 1 : ord - 1;
            out.add(new Planned(v, r, ord, name, position, v == variants.get(0)));
        }
        return out;
    }

    /** The options the next round runs with (the run's, or with longer windows once the precision goal chose them). */
    O options() {
        return current;
    }

    /** Trials the plan holds without a precision goal (with one, how many is not known in advance). */
    int total() {
        return spec.variants().size() * spec.repeats();
    }

    /** "3 of 4" (or "3" under a precision goal): a trial's number for progress and the folder's note. */
    String ofTotal(int ord) {
        return ord + (spec.precision().isPresent() ? "" : " of " + total());
    }

    /**
     * Whether another round follows round {@code r}: under a precision goal, not when every figure is within it (after the fewest rounds
     * that may stop), nor when another round of about {@code roundNanos} would overrun the budget ({@code elapsedNanos} spent).
     */
    boolean another(int r, long elapsedNanos, long roundNanos, Supplier<List<Precision.FigurePrecision>> precision, ProgressListener progress) {
        Optional<Precision.Goal> asked = spec.precision();
        if (asked.isEmpty() || r < asked.get().minRuns()) return r < spec.maxRounds();
        Precision.Goal goal = asked.get();
        List<Precision.FigurePrecision> now = precision.get();
        progress.phase("precision after " + r + " rounds");
        progress.phaseDone(now.stream().filter(Precision.FigurePrecision::reached).count() + " of " + now.size() + " figures within " + goal.describe());
        int fewest = spec.pairing() == Trials.Pairing.DUET ? Precision.Goal.MIN_ROUNDS_TO_STOP_DUET : Precision.Goal.MIN_RUNS_TO_STOP;
        if (Precision.reached(now) && r >= Math.max(goal.minRuns(), fewest)) {
            stopped = "every figure within the target";
            return false;
        }
        if (windows == null) roundNanos = chooseWindows(now, r, roundNanos, progress);
        if (elapsedNanos + roundNanos > goal.budget().toNanos()) {
            stopped = "stopped by the budget: another round (about " + Math.round(roundNanos / 1e9) + " s) would overrun it";
            return false;
        }
        return r < spec.maxRounds();
    }

    /** Once, after the first rounds: the rest spent where the variance is; the next round's expected length. */
    private long chooseWindows(List<Precision.FigurePrecision> now, int r, long roundNanos, ProgressListener progress) {
        windows = Precision.windowFactor(now, r);
        Optional<O> longer = windows.factor() > 1 ? e.withLongerWindows(current, windows.factor()) : Optional.empty();
        if (windows.factor() > 1 && longer.isEmpty()) {
            windows = Precision.windowsKept(now, r, e.name() + "'s figures come from no windows it could lengthen");
        } else if (longer.isPresent()) {
            current = longer.get();
            roundNanos *= windows.factor(); // the next rounds' cells last about that much longer
        }
        progress.phase("windows");
        progress.phaseDone(windows.why());
        return roundNanos;
    }

    /** Where a precision run ended and why, after {@code rounds}; empty without a precision goal. */
    Optional<Precision.Outcome> outcome(int rounds, List<Precision.FigurePrecision> precision) {
        if (spec.precision().isEmpty()) return Optional.empty();
        String why = stopped != null ? stopped : "stopped at the cap of " + spec.maxRounds() + " runs";
        return Optional.of(new Precision.Outcome(spec.precision().get(), rounds, why, precision, windows));
    }
}
