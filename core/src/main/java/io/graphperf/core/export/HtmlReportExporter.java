package io.graphperf.core.export;

import io.graphperf.core.results.Measurement;
import io.graphperf.core.results.Reference;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.ScenarioResult;
import io.graphperf.core.results.Verification;
import io.graphperf.core.stats.LatencySummary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * report.html: one self-contained file (inline CSS, inline SVG charts, a few lines of inline script
 * for sorting tables), readable offline in any browser.
 */
public final class HtmlReportExporter {

    public static final String FILE = "report.html";

    private HtmlReportExporter() {
    }

    public static Path write(RunResult run, Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        Files.writeString(file, render(run));
        return file;
    }

    static String render(RunResult run) {
        StringBuilder h = new StringBuilder(64 * 1024);
        h.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>graphperf · ")
                .append(Html.escape(run.experiment())).append(" · ").append(Html.escape(run.runId())).append("</title>")
                .append("<style>").append(CSS).append("</style></head><body>");
        h.append("<h1>graphperf report: ").append(Html.escape(run.experiment())).append("</h1>");
        header(h, run);
        warnings(h, run);
        if (!run.scenarios().isEmpty()) {
            summaryTable(h, run);
            charts(h, run);
            ComponentReportSection.render(h, run);
            details(h, run);
        }
        ImportReportSection.render(h, run);
        ReadsReportSection.render(h, run);
        environment(h, run);
        h.append(HOW_TO_READ);
        h.append("<script>").append(SCRIPT).append("</script></body></html>");
        return h.toString();
    }

    private static void header(StringBuilder h, RunResult run) {
        h.append("<table class=\"meta\">");
        meta(h, "run", run.runId());
        meta(h, "started / finished", run.startedAt() + " / " + run.finishedAt());
        meta(h, "target", run.target());
        if (!run.scenarios().isEmpty()) meta(h, "store reset between scenarios", run.resetMethod());
        Object load = run.configuration().get("loadModel");
        if (load != null) meta(h, "load model", String.valueOf(load));
        h.append("<tr><th>outcome</th><td class=\"").append(run.passed() ? "pass\">PASSED" : "fail\">FAILED").append("</td></tr>");
        h.append("</table>");
        if (!run.failures().isEmpty()) {
            h.append("<div class=\"failures\"><h2>Failures</h2><ul>");
            for (String f : run.failures()) h.append("<li>").append(Html.escape(f)).append("</li>");
            h.append("</ul></div>");
        }
    }

    private static void meta(StringBuilder h, String k, String v) {
        h.append("<tr><th>").append(Html.escape(k)).append("</th><td>").append(Html.escape(v)).append("</td></tr>");
    }

    private static void warnings(StringBuilder h, RunResult run) {
        List<String> w = new ArrayList<>();
        for (ScenarioResult s : run.scenarios()) {
            String cpu = s.measurement().cpu().warning();
            if (cpu != null) w.add(label(s) + ": " + cpu);
            if (!s.measurement().drained()) w.add(label(s) + ": some clients were still busy at the drain limit");
            if (s.measurement().lateStarts() > 0) {
                w.add(label(s) + ": " + s.measurement().lateStarts() + " operations started more than 1 ms after their"
                        + " scheduled time (the client pool could not keep up, or the server stalled); their latency"
                        + " is still counted from the schedule");
            }
        }
        if (w.isEmpty()) return;
        h.append("<div class=\"warnings\"><h2>Warnings</h2><ul>");
        for (String s : w) h.append("<li>").append(Html.escape(s)).append("</li>");
        h.append("</ul></div>");
    }

    private static void summaryTable(StringBuilder h, RunResult run) {
        h.append("<h2>Summary</h2><table class=\"summary sortable\" id=\"summary\"><thead><tr>")
                .append("<th>scenario</th><th>transport</th><th>ops/s</th><th>entities/s</th><th>reference</th><th>measured ÷ reference</th>")
                .append("<th>p50 ms</th><th>p90 ms</th><th>p99 ms</th><th>p99.9 ms</th><th>max ms</th><th>errors</th>")
                .append("<th>count check</th><th>harness CPU</th><th>server CPU</th><th>ops/s over time</th></tr></thead><tbody>");
        for (ScenarioResult s : run.scenarios()) {
            Measurement m = s.measurement();
            LatencySummary l = m.latency();
            h.append("<tr data-scenario=\"").append(Html.escape(s.scenario())).append("\" data-transport=\"").append(Html.escape(s.transport())).append("\">");
            td(h, s.scenario(), false);
            td(h, s.transport(), false);
            td(h, Format.rate(m.opsPerSecond()), true);
            td(h, Format.rate(m.entitiesPerSecond()), true);
            td(h, s.reference() == null ? "" : s.reference().figure(), false);
            double ratio = s.measuredForReference() / (s.reference() == null ? Double.NaN : s.reference().value());
            td(h, Double.isNaN(ratio) ? "" : String.format("%.2f×", ratio), true);
            td(h, Format.ms(l.p50Ms()), true);
            td(h, Format.ms(l.p90Ms()), true);
            td(h, Format.ms(l.p99Ms()), true);
            td(h, Format.ms(l.p999Ms()), true);
            td(h, Format.ms(l.maxMs()), true);
            td(h, Long.toString(m.errors()), true);
            String checks = s.verifications().stream().map(v -> (v.passed() ? "✓ " : "✗ ") + v.actual() + "/" + v.expected())
                    .collect(Collectors.joining(", "));
            h.append("<td class=\"").append(s.verified() ? "pass" : "fail").append("\">").append(Html.escape(checks)).append("</td>");
            td(h, String.format("%.2f", m.cpu().harnessCores()), true);
            td(h, Double.isNaN(m.cpu().serverCores()) ? "–" : String.format("%.2f", m.cpu().serverCores()), true);
            h.append("<td>").append(SvgChart.sparkline(m.opsPerSecondSeries(), m.warmupSeconds())).append("</td></tr>");
        }
        h.append("</tbody></table>");
        h.append("<p class=\"note\">ops/s and entities/s count operations that completed inside the measured window"
                + " (warm-up and drain excluded). Latency percentiles are over every operation started in the window, waited for to completion. CPU in cores"
                + " (1.00 = one core busy). Count check: rows found in the database after the scenario / rows acknowledged to clients.</p>");
    }

    private static void td(StringBuilder h, String v, boolean num) {
        h.append(num ? "<td class=\"num\">" : "<td>").append(Html.escape(v)).append("</td>");
    }

    private static void charts(StringBuilder h, RunResult run) {
        List<String> transports = run.scenarios().stream().map(ScenarioResult::transport).distinct().toList();
        Map<String, List<ScenarioResult>> byScenario = new LinkedHashMap<>();
        for (ScenarioResult s : run.scenarios()) byScenario.computeIfAbsent(s.scenario(), k -> new ArrayList<>()).add(s);

        List<String> series = new ArrayList<>(transports);
        series.add("reference");
        List<SvgChart.Row> rows = new ArrayList<>();
        for (Map.Entry<String, List<ScenarioResult>> e : byScenario.entrySet()) {
            List<SvgChart.Mark> marks = new ArrayList<>();
            for (ScenarioResult s : e.getValue()) {
                marks.add(new SvgChart.Mark(transports.indexOf(s.transport()), s.measurement().entitiesPerSecond(), true,
                        s.transport() + ": " + Format.rate(s.measurement().entitiesPerSecond()) + " entities/s"));
            }
            ScenarioResult first = e.getValue().get(0);
            if (first.reference() != null && Reference.ENTITIES.equals(first.reference().unit())) {
                marks.add(new SvgChart.Mark(transports.size(), first.reference().value(), false, "reference: " + first.reference().figure()));
            }
            rows.add(new SvgChart.Row(e.getKey(), marks));
        }
        h.append("<h2>Throughput per scenario</h2>")
                .append(SvgChart.horizontalLog("throughput", "entities per second (log scale); dot = published reference", series, rows));

        List<String> pct = List.of("p50", "p90", "p99", "p99.9", "max");
        List<SvgChart.Row> latRows = new ArrayList<>();
        for (ScenarioResult s : run.scenarios()) {
            LatencySummary l = s.measurement().latency();
            double[] v = {l.p50Ms(), l.p90Ms(), l.p99Ms(), l.p999Ms(), l.maxMs()};
            List<SvgChart.Mark> marks = new ArrayList<>();
            for (int i = 0; i < v.length; i++) marks.add(new SvgChart.Mark(i, v[i], false, pct.get(i) + ": " + Format.ms(v[i]) + " ms"));
            latRows.add(new SvgChart.Row(label(s), marks));
        }
        h.append("<h2>Latency percentiles</h2>")
                .append(SvgChart.horizontalLog("latency", "milliseconds (log scale)", pct, latRows));
    }

    private static void details(StringBuilder h, RunResult run) {
        h.append("<h2>Scenarios</h2>");
        for (ScenarioResult s : run.scenarios()) {
            Measurement m = s.measurement();
            h.append("<details><summary>").append(Html.escape(label(s))).append(" — ").append(Html.escape(s.title())).append("</summary>");
            h.append("<pre>").append(Html.escape(s.query())).append("</pre><table class=\"meta\">");
            meta(h, "load", m.loadModelDescription());
            meta(h, "warm-up / window", m.warmupSeconds() + " s / " + m.windowSeconds() + " s");
            meta(h, "operations in window", Long.toString(m.windowOps()));
            meta(h, "acknowledged (all phases)", m.acknowledgedOps() + " operations, " + m.acknowledgedEntities() + " entities");
            meta(h, "service time p50 / p99 ms", Format.ms(m.serviceTime().p50Ms()) + " / " + Format.ms(m.serviceTime().p99Ms()));
            for (Verification v : s.verifications()) meta(h, v.check(), v.actual() + " found, " + v.expected() + " expected" + (v.passed() ? "" : " — MISMATCH"));
            if (!m.errorSamples().isEmpty()) meta(h, "errors (samples)", String.join(" | ", m.errorSamples()));
            if (m.histogramLog() != null) meta(h, "HdrHistogram log", "histograms/" + m.histogramLog());
            h.append("</table></details>");
        }
    }

    private static void environment(StringBuilder h, RunResult run) {
        h.append("<h2>Environment and configuration</h2><table class=\"meta\" id=\"environment\">");
        run.environment().forEach((k, v) -> meta(h, k, String.valueOf(v)));
        run.configuration().forEach((k, v) -> meta(h, "config: " + k, String.valueOf(v)));
        h.append("</table>");
    }

    private static String label(ScenarioResult s) {
        return s.scenario() + " / " + s.transport();
    }

    static final String CSS = "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1a202c;max-width:1400px}"
            + "table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #e2e8f0;padding:3px 8px;text-align:left;vertical-align:middle}"
            + "td.num{text-align:right;font-variant-numeric:tabular-nums}th{background:#f7fafc}table.sortable th{cursor:pointer}"
            + ".pass{color:#276749;font-weight:600}.fail{color:#c53030;font-weight:600}"
            + ".warnings{background:#fffaf0;border:1px solid #f6ad55;padding:4px 12px}.failures{background:#fff5f5;border:1px solid #fc8181;padding:4px 12px}"
            + "pre{background:#f7fafc;padding:8px;white-space:pre-wrap}.note{color:#4a5568;font-size:12px}svg.chart{display:block;margin:8px 0}";

    private static final String HOW_TO_READ = "<h2>How to read this report</h2><ul>"
            + "<li><b>Closed model</b>: every client sends its next operation when the previous one returns; throughput is what the"
            + " system sustains at that concurrency. <b>Open model</b>: operations arrive at a fixed rate and latency is measured"
            + " from the intended start, so a stall shows up in the high percentiles instead of being hidden.</li>"
            + "<li>Reference figures come from the published study the experiment reproduces (old hardware, old versions): compare"
            + " shapes and ratios between scenarios, not absolute values.</li>"
            + "<li>Every run counts the database afterwards; a count that differs from the acknowledged operations fails the run.</li>"
            + "<li>When the harness uses more CPU than the server on a saturated machine, a warning says the client may be the bottleneck.</li>"
            + "</ul>";

    /** Click a header to sort; the last line marks the page as fully scripted, which the browser test checks. */
    private static final String SCRIPT = "document.querySelectorAll('table.sortable').forEach(function(t){"
            + "t.querySelectorAll('th').forEach(function(th,i){th.addEventListener('click',function(){"
            + "var b=t.tBodies[0],r=Array.from(b.rows),asc=th.dataset.asc!=='1';th.dataset.asc=asc?'1':'0';"
            + "function v(x){var s=x.cells[i].textContent.replace(/[,×✓✗ ]/g,'');var n=parseFloat(s);return isNaN(n)?s:n;}"
            + "r.sort(function(a,c){var x=v(a),y=v(c);return (x>y?1:x<y?-1:0)*(asc?1:-1);});r.forEach(function(x){b.appendChild(x);});});});});"
            + "document.body.setAttribute('data-ready','1');";
}
