package io.graphperf.core.export;

import io.graphperf.core.results.Measurement;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.ScenarioResult;
import io.graphperf.core.stats.LatencySummary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * summary.csv: one row per scenario × transport; figures.csv: every comparable figure of the run (the
 * import study's phases included), one per row. For spreadsheets and scripts.
 */
public final class CsvExporter {

    public static final String FILE = "summary.csv";
    public static final String FIGURES = "figures.csv";
    static final String HEADER = "experiment,scenario,transport,load_model,clients,target_rate,window_s,ops,ops_per_s,"
            + "entities_per_s,p50_ms,p90_ms,p99_ms,p999_ms,max_ms,errors,acknowledged_ops,verified,"
            + "harness_cpu_cores,server_cpu_cores,client_bound,reference,reference_value,reference_unit";

    private CsvExporter() {
    }

    public static Path write(RunResult run, Path dir) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        for (ScenarioResult s : run.scenarios()) lines.add(row(s));
        Path file = dir.resolve(FILE);
        Files.write(file, lines);
        List<String> figures = new ArrayList<>();
        figures.add("figure,value,unit,higher_is_better");
        for (io.graphperf.core.results.Figure f : io.graphperf.core.stats.Figures.of(run)) {
            figures.add(quote(f.name()) + "," + (Double.isFinite(f.value()) ? String.format(Locale.ROOT, "%.6g", f.value()) : "") + ","
                    + quote(f.unit()) + "," + f.higherIsBetter());
        }
        Files.write(dir.resolve(FIGURES), figures);
        return file;
    }

    static String row(ScenarioResult s) {
        Measurement m = s.measurement();
        LatencySummary l = m.latency();
        List<String> cells = new ArrayList<>(List.of(s.experiment(), s.scenario(), s.transport(), m.loadModel(),
                Integer.toString(m.clients()), m.targetRate() == null ? "" : num(m.targetRate()), num(m.windowSeconds()),
                Long.toString(m.windowOps()), num(m.opsPerSecond()), num(m.entitiesPerSecond()),
                num(l.p50Ms()), num(l.p90Ms()), num(l.p99Ms()), num(l.p999Ms()), num(l.maxMs()),
                Long.toString(m.errors()), Long.toString(m.acknowledgedOps()), Boolean.toString(s.verified()),
                num(m.cpu().harnessCores()), num(m.cpu().serverCores()), Boolean.toString(m.cpu().clientBound())));
        if (s.reference() != null) {
            cells.addAll(List.of(s.reference().figure(), num(s.reference().value()), s.reference().unit()));
        } else {
            cells.addAll(List.of("", "", ""));
        }
        return String.join(",", cells.stream().map(CsvExporter::quote).toList());
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
    }

    static String quote(String v) {
        if (v.contains(",") || v.contains("\"") || v.contains("\n")) return '"' + v.replace("\"", "\"\"") + '"';
        return v;
    }
}
