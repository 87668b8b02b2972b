package io.graphperf.core.report;

import io.graphperf.core.results.RunResult;
import io.graphperf.core.stats.FigureComparison;
import io.graphperf.core.stats.VariantComparison;
import io.graphperf.core.stats.Verdicts;
import io.graphperf.core.stats.Summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Each variant against the baseline: how many figures per outcome, a forest plot, and the table behind it. */
final class ComparisonSection {
    private ComparisonSection() {
    }

    static void render(Html h, RunResult run) {
        for (VariantComparison vc : run.comparisons()) {
            h.h2(vc.variant() + " against " + vc.baseline(), "class", "comparison-title");
            h.open("p", "class", "verdicts");
            for (Verdicts.Outcome o : Verdicts.Outcome.values()) {
                h.open("span", "class", css(o)).text(vc.count(o) + " " + o.text).close("span").text(" · ");
            }
            h.close("p").note("Statistics: " + vc.test() + ".").note(ConsoleSummary.detectable(vc) + ".").note(ConsoleSummary.noise(vc) + ".");
            for (var split : vc.noise()) h.note("Where the noise lives: " + split.describe() + ".");
            for (String a : ConsoleSummary.adjustments(vc)) h.note(a + ".");
            h.box("warnings", "Left out", vc.excluded());
            List<SvgChart.Interval> rows = new ArrayList<>();
            for (FigureComparison c : vc.figures()) {
                String color = switch (c.outcome()) {
                    case BETTER -> "#2f855a";
                    case WORSE -> "#c53030";
                    case EQUIVALENT -> "#2c5282";
                    default -> "#718096";
                };
                rows.add(new SvgChart.Interval(c.cell() + " · " + c.figure(), c.differencePct(), c.ci95LowPct(), c.ci95HighPct(), color,
                        c.cell() + " · " + c.figure() + ": " + c.outcome().text + " — " + c.reason()));
            }
            h.raw(SvgChart.forest("forest", "difference of means in % of " + vc.baseline() + "'s mean, with its 95 % confidence interval (clipped at ±100 %)",
                    rows, 100));
            Html.Table t = h.table("comparison sortable", null, "cell", "figure", "unit", vc.baseline() + ": mean ± sd (n)", vc.variant() + ": mean ± sd (n)",
                    "difference of means", "95 % CI", "p (Holm)", "MDE", "between processes", "verdict", "why");
            for (FigureComparison c : vc.figures()) {
                t.row(List.of("verdict", c.outcome().name()), Html.Td.text(c.cell()), Html.Td.text(c.figure()), Html.Td.text(c.unit()),
                        Html.Td.num(side(c.baseline())), Html.Td.num(side(c.variant())),
                        Html.Td.num(Format.value(c.difference()) + " (" + Format.signedPct(c.differencePct()) + ")"),
                        Html.Td.num(Double.isFinite(c.ci95()[0]) ? Format.signedPct(c.ci95LowPct()) + " … " + Format.signedPct(c.ci95HighPct()) : "–"),
                        Html.Td.num(Double.isFinite(c.pHolm()) ? String.format(Locale.ROOT, "%.3g", c.pHolm()) : "–"),
                        Html.Td.num(Double.isFinite(c.detectablePct()) ? String.format(Locale.ROOT, "%.1f %%", c.detectablePct()) : "–"),
                        Html.Td.num(Double.isFinite(c.betweenShare()) ? String.format(Locale.ROOT, "%.0f %%", 100 * c.betweenShare()) : "–"),
                        Html.Td.text(c.outcome().text).cls(css(c.outcome())), Html.Td.text(c.reason()));
            }
            t.end();
        }
    }

    private static String side(Summary s) {
        return Format.value(s.mean()) + " ± " + Format.value(s.stdev()) + " (" + s.n() + ")";
    }

    static String css(Verdicts.Outcome o) {
        return switch (o) {
            case BETTER -> "better";
            case WORSE -> "worse";
            case EQUIVALENT -> "equivalent";
            case INCONCLUSIVE -> "inconclusive";
            case NO_VERDICT -> "same";
        };
    }
}
