package io.graphperf.workloads;

import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.stats.Comparisons;
import io.graphperf.core.stats.VariantComparison;
import io.graphperf.workloads.options.Variant;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The trials of a run that passed, and what is compared over them: a variant's cells from its passed trials (in duets, from rounds
 * in which both sides passed), and each variant against the baseline, the failed trials named.
 *
 * @param trials the run's trials so far
 */
record PassedTrials(Trials.Spec spec, List<RunResult.Trial> trials) {

    /** The cells of every variant's passed trials. */
    List<Cell> cells(List<Cell> all) {
        List<Cell> out = new ArrayList<>();
        for (Variant v : spec.variants()) out.addAll(cells(all, v.name()));
        return out;
    }

    /** Each variant against the baseline, over their passed trials (the failed ones named); round by round in duets. */
    List<VariantComparison> comparisons(List<Cell> all) {
        List<VariantComparison> out = new ArrayList<>();
        if (spec.variants().size() < 2) return out;
        String base = spec.variants().get(0).name();
        for (Variant v : spec.variants().subList(1, spec.variants().size())) {
            List<String> excluded = new ArrayList<>();
            for (RunResult.Trial t : trials) {
                if (!t.passed() && (t.variant().equals(base) || t.variant().equals(v.name()))) {
                    excluded.add("trial " + t.dir() + " (" + t.variant() + " #" + t.repeat() + ") failed: " + String.join("; ", t.failures()));
                }
            }
            out.add(spec.pairing() == Trials.Pairing.DUET
                    ? Comparisons.comparePaired(base, cells(all, base), v.name(), cells(all, v.name()), excluded, spec.verdicts())
                    : Comparisons.compare(base, cells(all, base), v.name(), cells(all, v.name()), excluded, spec.verdicts(), this::covariates));
        }
        return out;
    }

    /** A variant's cells from its passed trials; in duets, from rounds in which both sides' trials passed. */
    List<Cell> cells(List<Cell> all, String variant) {
        List<Cell> out = new ArrayList<>();
        for (Cell c : all) {
            if (!c.variant().equals(variant)) continue;
            boolean passed = spec.pairing() == Trials.Pairing.DUET
                    ? spec.variants().stream().allMatch(v -> passed(v.name(), c.repeat()))
                    : passed(variant, c.repeat());
            if (passed) out.add(c);
        }
        return out;
    }

    /** The machine's covariates during a variant's trial of a repeat (null when not probed). */
    private Map<String, Double> covariates(String variant, int repeat) {
        return trials.stream().filter(t -> t.variant().equals(variant) && t.repeat() == repeat).map(RunResult.Trial::covariates)
                .filter(Objects::nonNull).findFirst().orElse(null);
    }

    private boolean passed(String variant, int repeat) {
        return trials.stream().anyMatch(t -> t.variant().equals(variant) && t.repeat() == repeat && t.passed());
    }
}
