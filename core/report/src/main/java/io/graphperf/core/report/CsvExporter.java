package io.graphperf.core.report;

import io.graphperf.core.measure.LatencySummary;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.stats.FigureComparison;
import io.graphperf.core.stats.VariantComparison;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * results.csv — a contract for users' scripts, documented in the README: one row per measured cell
 * (scenario × transport × clients × load × variant × repeat), the {@link #COLUMNS} always in this order, then
 * the experiment's own dimensions, the variant's axes ({@code axis_NAME}) and the experiment's own figures, in
 * the order they first appear. Names are never renamed; new experiments add columns. comparison.csv holds one
 * row per variant × cell × figure with its verdict.
 */
public final class CsvExporter {

    public static final String FILE = "results.csv";
    public static final String COMPARISON = "comparison.csv";

    /** The stable columns of results.csv. */
    public static final List<String> COLUMNS = List.of("experiment", "scenario", "transport", "clients", "load", "offered_per_s", "variant",
            "repeat", "scale", "ops", "ops_per_s", "entities_per_s", "p50_ms", "p90_ms", "p99_ms", "p999_ms", "max_ms", "errors", "error_p99_ms",
            "dropped", "late_share", "overloaded", "steady", "warmup_s", "trend_pct_per_s", "too_few", "window_s", "phase_s", "verified",
            "harness_cpu_cores", "server_cpu_cores", "other_load_cores", "harness_gc_ms", "client_bound", "reference", "reference_value",
            "reference_unit", "flags", "steadiness", "deciding_window_s");

    private CsvExporter() {
    }

    public static Path write(RunResult run, Path dir) throws IOException {
        Set<String> dims = new LinkedHashSet<>(), axes = new LinkedHashSet<>(), values = new LinkedHashSet<>();
        for (Cell c : run.cells()) {
            dims.addAll(c.dimensions().keySet());
            axes.addAll(c.axes().keySet());
            values.addAll(c.values().keySet());
        }
        List<String> header = new ArrayList<>(COLUMNS);
        for (String d : dims) header.add(d);
        for (String a : axes) header.add("axis_" + a);
        header.addAll(values);
        List<String> lines = new ArrayList<>();
        lines.add(String.join(",", header.stream().map(CsvExporter::quote).toList()));
        for (Cell c : run.cells()) {
            List<String> row = row(c);
            for (String d : dims) row.add(c.dimensions().containsKey(d) ? String.valueOf(c.dimensions().get(d)) : "");
            for (String a : axes) row.add(c.axes().getOrDefault(a, ""));
            for (String v : values) row.add(c.values().containsKey(v) ? num(c.values().get(v)) : "");
            lines.add(String.join(",", row.stream().map(CsvExporter::quote).toList()));
        }
        Path file = dir.resolve(FILE);
        Files.write(file, lines);
        if (!run.comparisons().isEmpty()) Files.writeString(dir.resolve(COMPARISON), comparisons(run.comparisons()));
        return file;
    }

    static List<String> row(Cell c) {
        Measurement m = c.measurement();
        LatencySummary l = m == null ? LatencySummary.EMPTY : m.latencies().all();
        List<String> r = new ArrayList<>(List.of(c.experiment(), c.scenario(), c.transport(), c.clients() > 0 ? Integer.toString(c.clients()) : "",
                c.load(), c.offeredPerSecond() == null ? "" : num(c.offeredPerSecond()), c.variant(), Integer.toString(c.repeat()),
                c.scale() == null ? "" : Format.scale(c.scale())));
        if (m == null) {
            for (int i = 0; i < 18; i++) r.add(""); // ops … window_s
            r.add(c.seconds() == null ? "" : num(c.seconds()));
            r.add(Boolean.toString(c.verified()));
            for (int i = 0; i < 5; i++) r.add("");
        } else {
            r.addAll(List.of(Long.toString(m.throughput().ops()), num(m.throughput().opsPerSecond()), num(m.throughput().entitiesPerSecond()),
                    num(l.p50Ms()), num(l.p90Ms()), num(l.p99Ms()),
                    num(l.p999Ms()), num(l.maxMs()), Long.toString(m.outcomes().errors()), num(m.outcomes().errorLatency().p99Ms()), Long.toString(m.outcomes().dropped()),
                    num(m.outcomes().lateShare()), Boolean.toString(m.overloaded()), Boolean.toString(c.validity().steady()), num(m.warmupEnd().seconds()),
                    num(m.steadiness().trendPctPerSecond()), Boolean.toString(c.validity().tooFew()), num(m.throughput().windowSeconds()), "",
                    Boolean.toString(c.verified()), num(m.resources().harnessCores()), num(m.resources().serverCores()),
                    num(m.resources().otherLoadCores()), num(m.resources().harnessGcMillis()), Boolean.toString(m.resources().clientBound())));
        }
        if (c.reference() != null) r.addAll(List.of(c.reference().figure(), num(c.reference().value()), c.reference().unit()));
        else r.addAll(List.of("", "", ""));
        r.add(String.join("; ", c.validity().flags()));
        r.add(m == null ? "" : m.steadiness().state().name().toLowerCase(Locale.ROOT));
        r.add(m == null ? "" : num(m.steadiness().decidingSeconds()));
        return r;
    }

    static String comparisons(List<VariantComparison> all) {
        StringBuilder b = new StringBuilder("baseline,variant,cell,figure,unit,higher_is_better,baseline_n,baseline_mean,baseline_stdev,"
                + "baseline_median,variant_n,variant_mean,variant_stdev,variant_median,difference,difference_pct,ci95_low_pct,ci95_high_pct,"
                + "p_value,p_holm,verdict,repeats_needed,reason,detectable_pct,between_share,adjustment\n");
        for (VariantComparison vc : all) {
            for (FigureComparison c : vc.figures()) {
                List<String> r = List.of(vc.baseline(), vc.variant(), c.cell(), c.figure(), c.unit(), Boolean.toString(c.higherIsBetter()),
                        Integer.toString(c.baseline().n()), num(c.baseline().mean()), num(c.baseline().stdev()), num(c.baseline().median()),
                        Integer.toString(c.variant().n()), num(c.variant().mean()), num(c.variant().stdev()), num(c.variant().median()),
                        num(c.difference()), num(c.differencePct()), num(c.ci95LowPct()), num(c.ci95HighPct()), num(c.pValue()), num(c.pHolm()),
                        c.outcome().name(), c.repeatsNeeded() > 0 ? Integer.toString(c.repeatsNeeded()) : "", c.reason() == null ? "" : c.reason(),
                        num(c.detectablePct()), num(c.betweenShare()), c.adjustment() == null ? "" : c.adjustment());
                b.append(String.join(",", r.stream().map(CsvExporter::quote).toList())).append('\n');
            }
        }
        return b.toString();
    }

    static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.6g", v) : "";
    }

    public static String quote(String v) {
        if (v == null) return "";
        if (v.contains(",") || v.contains("\"") || v.contains("\n")) return '"' + v.replace("\"", "\"\"") + '"';
        return v;
    }
}
