package io.graphperf.workloads.imports;

import io.graphperf.core.report.Format;
import io.graphperf.core.results.RunResult;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Optional;

/** E1's lines of the console summary: one per dataset scale. */
final class ImportSummary {
    private ImportSummary() {
    }

    static void print(RunResult run, PrintStream out) {
        Optional<ImportData> found = run.data(ImportData.class);
        if (found.isEmpty() || found.get().studies().isEmpty()) return;
        ImportData d = found.get();
        int cores = ImportReport.cores(run);
        String fmt = "%-16s %13s %9s %10s %9s %9s %9s %10s %-34s %5s%n";
        out.println();
        out.printf(fmt, "dataset", "rows", "import s", "rows/s", "/core", "schema s", "start s", "input MB/s", "warm-up s (store cached)", "bad");
        for (ImportStudyResult i : d.studies()) {
            ImportPhase p = i.importPhase();
            StringBuilder w = new StringBuilder();
            for (WarmupResult r : i.warmups()) {
                w.append(r.bytesRead() < 0 ? String.format(Locale.ROOT, "%s%.1f", w.length() == 0 ? "" : ", ", r.seconds())
                        : String.format(Locale.ROOT, "%s%.1f (%.0f%%)%s", w.length() == 0 ? "" : ", ", r.seconds(), 100 * r.cachedFraction(), r.osCached() ? "*" : ""));
            }
            out.printf(fmt, i.label(), Format.rate(p.rows()), String.format(Locale.ROOT, "%.1f", p.seconds()), Format.rate(p.rowsPerSecond()),
                    Format.rate(p.rowsPerSecond() / cores), String.format(Locale.ROOT, "%.1f", i.schemaSeconds()),
                    String.format(Locale.ROOT, "%.1f", i.startSeconds()), String.format(Locale.ROOT, "%.1f", p.inputMegabytesPerSecond()), w, p.badEntries());
        }
        var ref = d.studies().get(0).references().get(ImportStudyResult.IMPORT_ROWS_PER_CORE);
        if (ref != null) out.println("reference: " + ref.figure());
        out.println("warm-up columns: " + String.join(", ", d.studies().get(0).warmups().stream().map(WarmupResult::method).toList())
                + (d.studies().stream().anyMatch(i -> !i.osCacheDropped()) ? "; * = OS file cache not dropped (needs root): reads may be from memory" : ""));
    }
}
