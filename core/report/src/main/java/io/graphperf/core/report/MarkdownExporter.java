package io.graphperf.core.report;

import io.graphperf.core.stats.FigureComparison;
import io.graphperf.core.stats.Gate;
import io.graphperf.core.stats.VariantComparison;
import io.graphperf.core.stats.Verdicts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A comparison as Markdown, for a CI job's summary (GitHub's {@code $GITHUB_STEP_SUMMARY}, a merge request note): the gate's
 * outcome first, the counts, the test and what these runs could have seen, then one row per figure, the failing ones first.
 */
public final class MarkdownExporter {

    private MarkdownExporter() {
    }

    /** @param rule the gate applied, or null for none */
    public static String comparison(VariantComparison vc, Gate.Rule rule, String reportPath) {
        StringBuilder b = new StringBuilder();
        b.append("## graphperf: ").append(vc.variant()).append(" against ").append(vc.baseline()).append("\n\n");
        List<FigureComparison> failing = rule == null ? List.of() : Gate.failing(vc, rule);
        if (rule != null) {
            b.append(failing.isEmpty() ? "**Gate passed**" : "**Gate failed: " + failing.size() + " figure" + (failing.size() == 1 ? "" : "s") + "**")
                    .append(" (`--fail-on ").append(rule.name().toLowerCase(Locale.ROOT)).append("`: ").append(rule.describe()).append(")\n\n");
        }
        b.append(String.format(Locale.ROOT, "%d faster/better · %d slower/worse · %d equivalent · %d inconclusive · %d without a verdict%n%n",
                vc.count(Verdicts.Outcome.BETTER), vc.count(Verdicts.Outcome.WORSE), vc.count(Verdicts.Outcome.EQUIVALENT),
                vc.count(Verdicts.Outcome.INCONCLUSIVE), vc.count(Verdicts.Outcome.NO_VERDICT)));
        b.append(vc.test()).append(". ").append(ConsoleSummary.detectable(vc)).append(". ").append(ConsoleSummary.noise(vc)).append(".\n\n");
        b.append("| cell · figure | ").append(cell(vc.baseline())).append(" | ").append(cell(vc.variant()))
                .append(" | Δ mean | 95 % CI of Δ | MDE | verdict |\n|---|---:|---:|---:|---:|---:|---|\n");
        List<FigureComparison> rows = new ArrayList<>(failing);
        vc.figures().stream().filter(f -> !failing.contains(f)).forEach(rows::add);
        for (FigureComparison c : rows) {
            b.append("| ").append(cell(c.cell() + " · " + c.figure())).append(" | ").append(Format.value(c.baseline().mean())).append(" | ")
                    .append(Format.value(c.variant().mean())).append(" | ").append(Format.signedPct(c.differencePct())).append(" | ")
                    .append(Double.isFinite(c.ci95()[0]) ? Format.signedPct(c.ci95LowPct()) + " … " + Format.signedPct(c.ci95HighPct()) : "–").append(" | ")
                    .append(Double.isFinite(c.detectablePct()) ? String.format(Locale.ROOT, "%.1f %%", c.detectablePct()) : "–").append(" | ")
                    .append(failing.contains(c) ? "**" + c.outcome().text + "**" : c.outcome().text)
                    .append(c.inconclusiveNote())
                    .append(" |\n");
        }
        if (reportPath != null) b.append("\nFull report: `").append(reportPath).append("`\n");
        return b.toString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
