package io.graphperf.core.report;

import io.graphperf.core.stats.History;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code graphperf history}'s output: history.html (one self-contained page: the runs, then each figure drawn across them, the ones
 * with a change point first) and history.csv (one row per run and figure: the stable long format for other tools).
 */
public final class HistoryReport {

    public static final String HTML = "history.html", CSV = "history.csv";

    private HistoryReport() {
    }

    public static Path write(String experiment, List<History.Run> runs, List<History.Series> series, Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(CSV), csv(runs, series));
        Path html = dir.resolve(HTML);
        Files.writeString(html, html(experiment, runs, series));
        return html;
    }

    static String csv(List<History.Run> runs, List<History.Series> series) {
        StringBuilder b = new StringBuilder("run,started_at,commit,machine,cell,figure,unit,value,change_point\n");
        for (History.Series s : series) {
            for (int i = 0; i < runs.size(); i++) {
                if (!Double.isFinite(s.values()[i])) continue;
                History.Run r = runs.get(i);
                b.append(String.join(",", List.of(r.dir(), r.startedAt(), r.commit(), r.machine(), s.cell(), s.figure(), s.unit(),
                        CsvExporter.num(s.values()[i]), s.change().map(History.ChangePoint::at).orElse(-1) == i ? "yes" : "").stream().map(CsvExporter::quote).toList()))
                        .append('\n');
            }
        }
        return b.toString();
    }

    /** One line per change point, for the console. */
    public static String describe(History.Series s, List<History.Run> runs) {
        History.ChangePoint c = s.change().orElseThrow(() -> new IllegalArgumentException(s.figure() + " has no change point"));
        History.Run r = runs.get(c.at());
        boolean worse = (c.shiftPct() < 0) == s.higherIsBetter();
        return String.format(Locale.ROOT, "%s · %s: %s %s from run %s (commit %s, %s): %s → %s %s (p = %.2g after Bonferroni)", s.cell(), s.figure(),
                worse ? "worse" : "better", Format.signedPct(c.shiftPct()), r.dir(), r.commit(), r.startedAt(), Format.value(c.beforeMean()),
                Format.value(c.afterMean()), s.unit(), c.p());
    }

    static String html(String experiment, List<History.Run> runs, List<History.Series> series) {
        Html h = new Html();
        h.raw("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">").el("title", "graphperf history · " + experiment)
                .raw("<style>").raw(HtmlReport.CSS).raw("</style></head><body>");
        h.el("h1", "graphperf history: " + experiment + " over " + runs.size() + " runs");
        h.note("Each figure is its baseline's mean over the run's repeats. A change point is the strongest split (at least 3 runs a side) whose"
                + " Welch test is significant after Bonferroni's correction over the splits tried, with a shift of at least the minimum effect;"
                + " series of fewer than " + History.MIN_POINTS + " runs are drawn but not tested.");
        List<String> machines = runs.stream().map(History.Run::machine).distinct().toList();
        if (machines.size() > 1) {
            h.box("warnings", "Several machines", List.of("these runs ran on " + machines.size() + " machines: a shift where the machine changes"
                    + " may be the machine's, not the code's (see the runs table)"));
        }
        Html.Table t = h.table("runs", "runs", "#", "run", "started", "commit", "machine");
        for (int i = 0; i < runs.size(); i++) {
            History.Run r = runs.get(i);
            t.row(Html.Td.num(Integer.toString(i + 1)), Html.Td.text(r.dir()), Html.Td.text(r.startedAt()), Html.Td.text(r.commit()), Html.Td.text(r.machine()));
        }
        t.end();
        List<History.Series> ordered = new ArrayList<>(series.stream().filter(s -> s.change().isPresent()).toList());
        series.stream().filter(s -> s.change().isEmpty()).forEach(ordered::add);
        h.h2(ordered.stream().filter(s -> s.change().isPresent()).count() + " change point(s) in " + series.size() + " figures");
        for (History.Series s : ordered) {
            h.open("section", "class", s.change().isPresent() ? "history changed" : "history", "data-figure", s.cell() + " · " + s.figure());
            h.h3(s.cell() + " · " + s.figure() + " (" + s.unit() + ")");
            if (s.change().isPresent()) h.p(describe(s, runs));
            List<double[]> points = new ArrayList<>();
            for (int i = 0; i < s.values().length; i++) if (Double.isFinite(s.values()[i])) points.add(new double[]{i + 1, s.values()[i]});
            List<SvgChart.Line> lines = new ArrayList<>(List.of(new SvgChart.Line(s.figure(), points, false)));
            s.change().ifPresent(c -> lines.add(new SvgChart.Line("change point", List.of(new double[]{c.at() + 0.5, 0},
                    new double[]{c.at() + 0.5, Math.max(c.beforeMean(), c.afterMean()) * 1.1}), true)));
            h.raw(SvgChart.lines("history-chart", "run #", s.unit(), lines));
            h.close("section");
        }
        h.raw("</body></html>");
        return h.toString();
    }
}
