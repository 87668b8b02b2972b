package io.graphperf.cli;

import io.graphperf.core.export.Format;
import io.graphperf.core.results.ImportPhase;
import io.graphperf.core.results.ImportStudyResult;
import io.graphperf.core.results.Measurement;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.ScenarioResult;
import io.graphperf.core.results.TargetCheck;
import io.graphperf.core.results.SeriesResult;
import io.graphperf.core.results.WarmupResult;
import io.graphperf.core.stats.Comparison;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** The tables printed at the end of a run or series: the same figures as the report's. */
final class SummaryTable {
    private SummaryTable() {
    }

    static void print(RunResult run, PrintStream out) {
        if (!run.scenarios().isEmpty()) scenarios(run, out);
        Object checks = run.configuration().get("resultChecks");
        if (checks != null) out.println("result checks (answers computed from the files): " + checks);
        if (!run.imports().isEmpty()) imports(run, out);
    }

    private static void scenarios(RunResult run, PrintStream out) {
        String fmt = "%-28s %-9s %12s %13s %-42s %9s %9s %9s %7s %-6s%n";
        out.println();
        out.printf(fmt, "scenario", "transport", "ops/s", "entities/s", "reference", "p50 ms", "p99 ms", "max ms", "errors", "counts");
        for (ScenarioResult s : run.scenarios()) {
            Measurement m = s.measurement();
            out.printf(fmt, s.scenario(), s.transport(), Format.rate(m.opsPerSecond()), Format.rate(m.entitiesPerSecond()),
                    s.reference() == null ? "" : s.reference().figure(), Format.ms(m.latency().p50Ms()),
                    Format.ms(m.latency().p99Ms()), Format.ms(m.latency().maxMs()), m.errors(), s.verified() ? "ok" : "FAIL");
            String warning = m.cpu().warning();
            if (warning != null) out.println("  warning: " + warning);
        }
        List<TargetCheck> targets = run.scenarios().stream().flatMap(s -> s.targets().stream()).toList();
        if (!targets.isEmpty()) {
            out.println();
            out.println("targets (entities/s ratios; a finding about this machine, not a pass/fail of the run):");
            for (TargetCheck t : targets) out.println("  " + t.describe());
        }
    }

    private static void imports(RunResult run, PrintStream out) {
        int cores = Runtime.getRuntime().availableProcessors();
        String fmt = "%-16s %13s %9s %10s %9s %9s %9s %8s %-30s %5s%n";
        out.println();
        out.printf(fmt, "dataset", "rows", "import s", "rows/s", "/core", "schema s", "start s", "input MB/s", "warm-up s (store cached)", "bad");
        for (ImportStudyResult i : run.imports()) {
            ImportPhase p = i.importPhase();
            StringBuilder w = new StringBuilder();
            for (WarmupResult r : i.warmups()) {
                w.append(String.format(Locale.ROOT, "%s%.1f (%.0f%%)", w.length() == 0 ? "" : ", ", r.seconds(), 100 * r.cachedFraction()));
            }
            out.printf(fmt, i.label(), Format.rate(p.rows()), String.format(Locale.ROOT, "%.1f", p.seconds()), Format.rate(p.rowsPerSecond()),
                    Format.rate(p.rowsPerSecond() / cores), String.format(Locale.ROOT, "%.1f", i.schemaSeconds()),
                    String.format(Locale.ROOT, "%.1f", i.startSeconds()), String.format(Locale.ROOT, "%.1f", p.inputMegabytesPerSecond()), w, p.badEntries());
        }
        var ref = run.imports().get(0).references().get(ImportStudyResult.IMPORT_ROWS_PER_CORE);
        if (ref != null) out.println("reference: " + ref.figure());
        out.println("warm-up columns: " + String.join(", ", run.imports().get(0).warmups().stream().map(WarmupResult::method).toList()));
    }

    static void print(SeriesResult s, PrintStream out) {
        out.println();
        out.println("Statistics: " + s.test());
        for (SeriesResult.VariantComparison vc : s.comparisons()) {
            int better = 0, worse = 0, same = 0, few = 0;
            for (Comparison c : vc.figures()) {
                switch (c.verdict()) {
                    case BETTER -> better++;
                    case WORSE -> worse++;
                    case NO_SIGNIFICANT_DIFFERENCE -> same++;
                    default -> few++;
                }
            }
            out.printf("%n%s against %s: %d better, %d worse, %d no significant difference%s%n", vc.variant(), vc.baseline(), better, worse, same,
                    few > 0 ? ", " + few + " without a verdict (too few runs)" : "");
            String fmt = "  %-64s %14s %14s %9s  %s%n";
            out.printf(fmt, "figure", vc.baseline(), vc.variant(), "Δ mean", "verdict");
            for (Comparison c : vc.figures()) {
                String name = c.figure().length() > 64 ? c.figure().substring(0, 61) + "..." : c.figure();
                double pct = c.a().mean() == 0 ? Double.NaN : 100 * c.difference() / Math.abs(c.a().mean());
                out.printf(fmt, name, value(c.a().median()), value(c.b().median()), Double.isNaN(pct) ? "–" : String.format(Locale.ROOT, "%+.1f%%", pct),
                        c.verdict().text);
            }
        }
        if (s.comparisons().isEmpty()) {
            out.println("one variant: medians and spread of every figure are in the report and comparison.csv");
        }
    }

    private static String value(double v) {
        return Format.value(v);
    }
}
