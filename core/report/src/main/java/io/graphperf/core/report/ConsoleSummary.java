package io.graphperf.core.report;

import io.graphperf.core.measure.Measurement;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Headline;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.TargetCheck;
import io.graphperf.core.results.ThresholdCheck;
import io.graphperf.core.results.Validity;
import io.graphperf.core.stats.FigureComparison;
import io.graphperf.core.stats.VariantComparison;
import io.graphperf.core.stats.Verdicts;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a run prints at its end, the same figures as the report's: headlines first, then how many cells are
 * flagged, the cells, targets, and each variant's verdicts. Experiments print their own lines in between.
 */
public final class ConsoleSummary {

    private ConsoleSummary() {
    }

    public static void headlines(RunResult run, PrintStream out) {
        if (run.headlines().isEmpty()) return;
        out.println();
        for (Headline h : run.headlines()) out.println("  " + HeadlineText.of(h));
    }

    public static void validity(RunResult run, PrintStream out) {
        List<Cell> measured = run.cells().stream().filter(c -> c.measurement() != null).toList();
        if (measured.isEmpty()) return;
        long flagged = measured.stream().filter(c -> c.validity().flagged()).count();
        out.println();
        out.println(ValiditySection.summary(flagged, measured.size()) + (flagged == 0 ? "" : ": marked below; each cell's flags in the report's Validity section"));
        Validity.countByKind(measured.stream().map(Cell::validity).toList()).forEach((k, n) -> out.println("  " + ValiditySection.kindLine(k, n)));
        for (String w : run.warnings()) out.println("  warning: " + w);
    }

    public static void cells(RunResult run, PrintStream out) {
        List<Cell> cells = run.cells().stream().filter(c -> c.measurement() != null).toList();
        if (cells.isEmpty()) return;
        boolean variants = run.variants().size() > 1 || run.repeats() > 1;
        String fmt = "%-34s %-16s %3s %12s %13s %9s %9s %9s %6s %-6s %s%n";
        out.println();
        out.printf(fmt, "scenario", "transport", "cl.", "ops/s", "entities/s", "p50 ms", "p99 ms", "max ms", "errors", "checks", "validity");
        for (Cell c : cells) {
            Measurement m = c.measurement();
            String name = c.scenario() + CellsSection.dims(c) + (variants ? " [" + c.variant() + " #" + c.repeat() + "]" : "");
            out.printf(fmt, shorten(name, 34), shorten(c.transport(), 16), c.clients(), Format.rate(m.throughput().opsPerSecond()),
                    Format.rate(m.throughput().entitiesPerSecond()),
                    Format.ms(m.latencies().all().p50Ms()), Format.ms(m.latencies().all().p99Ms()), Format.ms(m.latencies().all().maxMs()), m.outcomes().errors(),
                    c.checks().isEmpty() ? "–" : c.verified() ? "ok" : "FAIL", c.validity().label()
                            + (m.loadModel().offeredPerSecond() != null ? String.format(Locale.ROOT, " (offered %s/s)",
                                    Format.rate(m.loadModel().offeredPerSecond())) : ""));
            for (String w : m.resources().warnings()) out.println("    warning: " + w);
        }
    }

    public static void targets(RunResult run, PrintStream out) {
        if (run.targets().isEmpty()) return;
        out.println();
        out.println("targets (entities/s ratios on this machine — a finding, not a pass/fail of the run):");
        // the label column is as wide as the longest label: a cut label could hide the transport that tells two rows apart
        int width = Math.max(6, run.targets().stream().mapToInt(t -> (t.label() + " over " + t.transport()).length()).max().orElse(0));
        String fmt = "  %-" + width + "s %-12s %-22s %-10s %s%n";
        out.printf(fmt, "target", "measured", "95 % CI", "asked", "verdict");
        for (TargetCheck t : run.targets()) {
            out.printf(fmt, t.label() + " over " + t.transport(), t.measuredText(),
                    Double.isFinite(t.low()) ? TargetCheck.ratioText(t.low()) + " – " + TargetCheck.ratioText(t.high()) : "–",
                    "≥ " + TargetCheck.ratioText(t.minimum()), t.status().text);
        }
    }

    /** Each capacity search's outcome, and each capacity against the first one with the same objective. */
    public static void capacities(RunResult run, PrintStream out) {
        List<Cell> outcomes = run.cells().stream().filter(Cell::isCapacity).toList();
        if (outcomes.isEmpty()) return;
        out.println();
        out.println("capacity (the highest open-model rate that kept every objective; docs/capacity.md):");
        for (Cell c : outcomes) {
            Cell first = outcomes.stream().filter(o -> o.dimensions().get(Cell.OBJECTIVE).equals(c.dimensions().get(Cell.OBJECTIVE))).findFirst().orElse(c);
            double cap = c.values().getOrDefault("capacity_per_s", Double.NaN);
            out.printf("  %s / %s%s, %s: %s ops/s, %s — %s; limited by %s%s%n", c.scenario(), c.transport(), " [" + c.variant() + "]",
                    c.dimensions().get(Cell.OBJECTIVE), Double.isFinite(cap) ? Format.rate(cap) : "not found", c.component().get("bracket"),
                    c.component().get("why"), c.component().get("limitedBy"), first == c ? "" : "; against the first: " + CapacitySection.ratio(first, c));
        }
        for (String line : CapacitySection.pooled(run)) out.println("  " + line);
    }

    /** The thresholds the run was asked to keep: each cell's measured value with its interval, met or not. */
    public static void thresholds(RunResult run, PrintStream out) {
        if (run.thresholds().isEmpty()) return;
        out.println();
        long notMet = run.thresholdsNotMet().size();
        out.println("thresholds: " + (notMet == 0 ? "all " + run.thresholds().size() + " met" : notMet + " of " + run.thresholds().size() + " NOT MET") + ":");
        for (ThresholdCheck t : run.thresholds()) out.println("  " + (t.met() ? "ok    " : "FAILED") + " " + t.describe());
    }

    public static void comparisons(RunResult run, PrintStream out) {
        for (VariantComparison vc : run.comparisons()) {
            out.println();
            out.printf("%s against %s: %d faster/better, %d slower/worse, %d equivalent, %d inconclusive, %d without a verdict%n", vc.variant(),
                    vc.baseline(), vc.count(Verdicts.Outcome.BETTER), vc.count(Verdicts.Outcome.WORSE), vc.count(Verdicts.Outcome.EQUIVALENT),
                    vc.count(Verdicts.Outcome.INCONCLUSIVE), vc.count(Verdicts.Outcome.NO_VERDICT));
            out.println("  " + vc.test());
            for (String e : vc.excluded()) out.println("  left out: " + e);
            out.println("  " + detectable(vc));
            out.println("  " + noise(vc));
            for (var split : vc.noise()) out.println("  where the noise lives: " + split.describe());
            String fmt = "  %-60s %14s %14s %9s %-21s %9s %7s  %s%n";
            out.printf(fmt, "cell · figure", "mean " + shorten(vc.baseline(), 9), "mean " + shorten(vc.variant(), 9), "Δ mean", "95 % CI of Δ", "p (Holm)",
                    "MDE", "verdict");
            for (FigureComparison c : vc.figures()) {
                out.printf(fmt, shorten(c.cell() + " · " + c.figure(), 60), Format.value(c.baseline().mean()), Format.value(c.variant().mean()),
                        Format.signedPct(c.differencePct()), Double.isFinite(c.ci95()[0]) ? Format.signedPct(c.ci95LowPct()) + " … "
                                + Format.signedPct(c.ci95HighPct()) : "–", Double.isFinite(c.pHolm()) ? String.format(Locale.ROOT, "%.3g", c.pHolm()) : "–",
                        Double.isFinite(c.detectablePct()) ? String.format(Locale.ROOT, "%.1f %%", c.detectablePct()) : "–",
                        c.outcome().text + c.inconclusiveNote());
            }
            for (String a : adjustments(vc)) out.println("  " + a);
        }
    }

    /** Which figures were adjusted for a covariate of the machine, by how much, and why the others were not (one line each kind). */
    public static List<String> adjustments(VariantComparison vc) {
        List<String> out = new ArrayList<>();
        for (FigureComparison c : vc.figures()) {
            if (c.adjustment() != null && c.adjustment().startsWith("adjusted")) out.add(c.cell() + " · " + c.figure() + ": " + c.adjustment());
        }
        long notAdjusted = vc.figures().stream().filter(c -> c.adjustment() != null && !c.adjustment().startsWith("adjusted")).count();
        if (notAdjusted > 0) {
            String first = vc.figures().stream().map(FigureComparison::adjustment).filter(a -> a != null && !a.startsWith("adjusted")).findFirst().orElse("");
            out.add("covariates of the machine: " + notAdjusted + " figure" + (notAdjusted == 1 ? "" : "s") + " " + first
                    + (notAdjusted > 1 ? " (or likewise)" : ""));
        }
        return out;
    }

    /** What difference these runs could have seen: the minimum detectable effect's median and range over the figures. */
    public static String detectable(VariantComparison vc) {
        double[] mde = vc.figures().stream().mapToDouble(FigureComparison::detectablePct).filter(Double::isFinite).sorted().toArray();
        if (mde.length == 0) return "minimum detectable effect (MDE): none — fewer than 2 runs a side";
        return String.format(Locale.ROOT, "minimum detectable effect (MDE, 80 %% power after correction): median %.1f %% of the baseline's mean,"
                + " %.1f … %.1f %% over the %d figures — a smaller true difference would likely go unseen", mde[mde.length / 2], mde[0],
                mde[mde.length - 1], mde.length);
    }

    /** Where the noise is: the share of the runs' variance between engine processes, over the figures measured in windows. */
    public static String noise(VariantComparison vc) {
        if (!vc.noise().isEmpty()) {
            return "where the noise is: a duet's rounds, split per figure below (what the two sides share cancels in their ratio)";
        }
        double[] share = vc.figures().stream().mapToDouble(FigureComparison::betweenShare).filter(Double::isFinite).sorted().toArray();
        if (share.length == 0) return "where the noise is: not split (no figure here has windows within its runs, or fewer than 2 runs a side)";
        double median = share[share.length / 2];
        return String.format(Locale.ROOT, "where the noise is (%d figure%s measured in windows): median %.0f %% of the run-to-run variance lies between"
                        + " engine processes, %.0f %% within one (between its windows) — %s", share.length, share.length == 1 ? "" : "s", 100 * median,
                100 * (1 - median), median >= 0.5 ? "more trials narrow the intervals, longer windows do not"
                        : "longer windows narrow the intervals as much as more trials");
    }

    static String shorten(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 1) + "…";
    }
}
