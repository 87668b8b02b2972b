package io.graphperf.workloads.imports;

import io.graphperf.core.report.Format;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** E3's lines of the console summary: each phase's seconds per cell (median over repeats), import rate and disk use. */
final class ExportImportSummary {

    private static final List<String> PHASES = ExportImportStudy.PHASES;

    private ExportImportSummary() {
    }

    static void print(RunResult run, PrintStream out) {
        Map<String, Map<String, List<Double>>> byVariant = new LinkedHashMap<>();
        Map<String, List<Double>> disk = new LinkedHashMap<>(), written = new LinkedHashMap<>();
        for (Cell c : run.cells()) {
            if (!c.experiment().equals(ImportExperiment.NAME) || c.seconds() == null || !PHASES.contains(c.scenario())) continue;
            byVariant.computeIfAbsent(c.variant(), v -> new LinkedHashMap<>()).computeIfAbsent(c.scenario(), s -> new ArrayList<>()).add(c.seconds());
            if (c.scenario().equals("close") && c.values().containsKey("disk_bytes")) disk.computeIfAbsent(c.variant(), v -> new ArrayList<>()).add(c.values().get("disk_bytes"));
            if (c.scenario().equals("import") && c.values().containsKey("write_bytes")) written.computeIfAbsent(c.variant(), v -> new ArrayList<>()).add(c.values().get("write_bytes"));
        }
        if (byVariant.isEmpty()) return;
        out.println();
        StringBuilder head = new StringBuilder(String.format("%-28s", "cell (median s)"));
        for (String p : PHASES) head.append(String.format("%11s", p));
        head.append(String.format("%12s%14s", "disk MB", "import wr MB"));
        out.println(head);
        for (Map.Entry<String, Map<String, List<Double>>> e : byVariant.entrySet()) {
            StringBuilder line = new StringBuilder(String.format("%-28s", e.getKey()));
            for (String p : PHASES) line.append(String.format(Locale.ROOT, "%11s", e.getValue().containsKey(p) ? String.format(Locale.ROOT, "%.2f", median(e.getValue().get(p))) : "–"));
            line.append(String.format(Locale.ROOT, "%12s%14s", disk.containsKey(e.getKey()) ? Format.value(median(disk.get(e.getKey())) / 1e6) : "–",
                    written.containsKey(e.getKey()) ? Format.value(median(written.get(e.getKey())) / 1e6) : "–"));
            out.println(line);
        }
    }

    static double median(List<Double> v) {
        double[] a = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }
}
