package io.graphperf.core.report;

import io.graphperf.core.results.Headline;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.TargetCheck;
import io.graphperf.core.results.ThresholdCheck;
import io.graphperf.core.stats.Precision;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * report.html: one self-contained file (inline CSS, inline SVG, uPlot inlined, a few lines of script for
 * sorting tables), readable offline in any browser. The page is the generic sections around the
 * experiment's own.
 */
public final class HtmlReport {

    public static final String FILE = "report.html";

    private HtmlReport() {
    }

    public static Path write(RunResult run, Path dir, List<ReportSection> experimentSections) throws IOException {
        Path file = dir.resolve(FILE);
        Files.writeString(file, render(run, experimentSections));
        return file;
    }

    public static String render(RunResult run, List<ReportSection> experimentSections) {
        Html h = new Html();
        h.raw("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">").el("title", "graphperf · " + run.experiment() + " · " + run.runId())
                .raw("<style>").raw(CSS).raw("</style></head><body>");
        h.el("h1", "graphperf report: " + run.experiment() + (run.title() == null ? "" : " — " + run.title()));
        header(h, run);
        h.box("failures", "Failures", run.failures());
        precision(h, run);
        ValiditySection.render(h, run);
        headlines(h, run);
        targets(h, run);
        thresholds(h, run);
        for (ReportSection s : experimentSections) s.render(h, run);
        CapacitySection.render(h, run);
        MatrixSection.render(h, run);
        CellsSection.render(h, run);
        AgentsSection.render(h, run);
        ComparisonSection.render(h, run);
        TimelineSection.render(h, run);
        environment(h, run);
        h.raw(HOW_TO_READ);
        h.raw(Charts.library());
        h.raw("<script>").raw(SCRIPT).raw("</script></body></html>");
        return h.toString();
    }

    /** A --precision run: how many figures reached the target, why it stopped, what the others would need. */
    private static void precision(Html h, RunResult run) {
        Object p = run.configuration() == null ? null : run.configuration().get("precision");
        Precision.Outcome o = p instanceof Precision.Outcome x ? x
                : p instanceof Map<?, ?> ? JsonExporter.mapper().convertValue(p, Precision.Outcome.class) : null;
        if (o != null) h.box("precision", "Precision", Precision.summary(o));
    }

    private static void header(Html h, RunResult run) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("run", run.runId());
        m.put("started / finished", run.startedAt() + " / " + run.finishedAt());
        m.put("engine", run.engine());
        if (run.resetMethod() != null && !run.resetMethod().isEmpty()) m.put("store reset between cells", run.resetMethod());
        if (run.variants().size() > 1 || run.repeats() > 1) {
            m.put("variants", String.join(", ", run.variants().stream().map(v -> v.name() + (v.settings().isEmpty() ? "" : " " + v.settings())).toList()));
            m.put("repeats", run.repeats() + " per variant, interleaved");
        }
        Object order = run.configuration().get("cellOrder");
        if (order != null) m.put("cell order", String.valueOf(order));
        Object warm = run.configuration().get("serverWarmup"), warmOn = run.configuration().get("serverWarmupOn");
        if (warm != null) m.put("server warm-up", warm + (warmOn == null ? "" : "; workloads: " + warmOn));
        h.meta("run-meta", m);
        h.open("p", "class", run.passed() ? "pass outcome" : "fail outcome").text(run.passed() ? "PASSED" : "FAILED").close("p");
    }

    private static void headlines(Html h, RunResult run) {
        if (run.headlines().isEmpty()) return;
        h.h2("Headlines", "id", "headlines").open("ul", "class", "headlines");
        for (Headline l : run.headlines()) {
            h.open("li", "class", l.steady() ? null : "flagged").text(HeadlineText.of(l)).close("li");
        }
        h.close("ul").note("Each ratio is of the cells' rates over their measured windows; its 95 % confidence interval comes from the"
                + " rates of equal consecutive parts of each window (batch means, Welch's interval of the log ratio).");
    }

    private static void targets(Html h, RunResult run) {
        if (run.targets().isEmpty()) return;
        Html.Table t = h.h2("Targets", "id", "targets-title").table("summary", "targets", "target", "transport", "scenario ÷ baseline (entities/s)",
                "measured", "95 % CI", "asked", "verdict");
        for (TargetCheck c : run.targets()) {
            String css = switch (c.status()) {
                case MET -> "pass";
                case NOT_MET -> "fail";
                case NOT_STEADY -> "flag";
            };
            t.row(List.of("status", c.status().name()), Html.Td.text(c.label()), Html.Td.text(c.transport()), Html.Td.text(c.scenario() + " ÷ " + c.baseline()),
                    Html.Td.num(c.measuredText()),
                    Html.Td.num(Double.isFinite(c.low()) ? TargetCheck.ratioText(c.low()) + " – " + TargetCheck.ratioText(c.high()) : "–"),
                    Html.Td.num("≥ " + TargetCheck.ratioText(c.minimum())), Html.Td.text(c.status().text).cls(css));
        }
        t.end().note("A target is a finding about this machine, not a test: an unmet one does not fail the run. \"not steady\" means one of"
                + " the two cells was flagged, so the ratio is not a verdict.");
    }

    private static void thresholds(Html h, RunResult run) {
        if (run.thresholds().isEmpty()) return;
        Html.Table t = h.h2("Thresholds", "id", "thresholds").table("summary", "thresholds", "threshold", "cell", "variant", "measured", "95 % CI", "runs",
                "outcome");
        for (ThresholdCheck c : run.thresholds()) {
            t.row(List.of("status", c.met() ? "MET" : "NOT_MET"), Html.Td.text(c.threshold()), Html.Td.text(c.cell()), Html.Td.text(c.variant()),
                    Html.Td.num(ThresholdCheck.number(c.value()) + " " + c.unit()),
                    Html.Td.num(Double.isFinite(c.low()) ? ThresholdCheck.number(c.low()) + " – " + ThresholdCheck.number(c.high()) : "–").title(c.interval()),
                    Html.Td.num(Integer.toString(c.runs())), Html.Td.text((c.met() ? "met" : "not met") + (c.undecided() ? " (interval across the bound)" : "")
                            + (c.flags().isEmpty() ? "" : " — flagged: " + c.flags())).cls(c.met() ? c.flags().isEmpty() ? "pass" : "flag" : "fail"));
        }
        t.end().note("A threshold is judged on every cell, on its mean over the runs; an unmet one makes the run exit 3. The interval is Student's t over"
                + " the runs (with one run: over the window's batch rates for throughput, none for a percentile).");
    }

    private static void environment(Html h, RunResult run) {
        Map<String, String> m = new LinkedHashMap<>();
        run.environment().forEach((k, v) -> m.put(k, String.valueOf(v)));
        run.configuration().forEach((k, v) -> m.put("config: " + k, String.valueOf(v)));
        h.h2("Environment and configuration").meta("environment", m);
    }

    /** The run's warnings and flagged cells, in one list. */
    static List<String> warnings(RunResult run) {
        return new ArrayList<>(run.warnings());
    }

    static final String CSS = "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1a202c;max-width:1400px}"
            + "table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #e2e8f0;padding:3px 8px;text-align:left;vertical-align:middle}"
            + "td.num{text-align:right;font-variant-numeric:tabular-nums}th{background:#f7fafc}table.sortable th{cursor:pointer}"
            + ".pass{color:#276749;font-weight:600}.fail{color:#c53030;font-weight:600}.flag{color:#b7791f;font-weight:600}"
            + "tr.flagged td{background:#fffaf0}li.flagged{color:#b7791f}"
            + ".warnings{background:#fffaf0;border:1px solid #f6ad55;padding:4px 12px}.failures{background:#fff5f5;border:1px solid #fc8181;padding:4px 12px}"
            + "pre{background:#f7fafc;padding:8px;white-space:pre-wrap}.note{color:#4a5568;font-size:12px}svg.chart{display:block;margin:8px 0}"
            + ".headlines li{font-size:15px;margin:3px 0}.better{color:#276749;font-weight:600}.worse{color:#c53030;font-weight:600}"
            + ".same{color:#4a5568}.equivalent{color:#2c5282}.inconclusive{color:#b7791f}div.chart{margin:6px 0}";

    private static final String HOW_TO_READ = "<h2>How to read this report</h2><ul>"
            + "<li><b>Closed model</b>: every client sends its next operation when the previous one returns; throughput is what the"
            + " engine sustains at that concurrency. <b>Open model</b>: operations arrive at a fixed rate and latency is measured"
            + " from the intended start, so a stall shows up in the high percentiles; every scheduled operation is counted — completed,"
            + " failed or dropped — and a cell that could not keep its schedule is marked overloaded.</li>"
            + "<li><b>Warm-up and window</b>: each cell runs until it is shown steady (since its last changepoint, a trend whose 95 % CI"
            + " lies within the bound) or a cap, then its window is measured; the timeline shows both. A window is steady when its"
            + " drift's 95 % CI lies within ±10 %, drifting when wholly beyond, too short to tell otherwise. A cell whose window was"
            + " not shown steady, had too few operations or was overloaded is flagged in every table.</li>"
            + "<li>Reference figures come from the published study the experiment reproduces (old hardware, old versions): compare"
            + " shapes and ratios between scenarios, not absolute values.</li>"
            + "<li>Every run checks the engine afterwards independently of what the clients claimed; a mismatch fails the run.</li>"
            + "<li>When the harness takes CPU the engine needed, or other processes load the machine, the cell carries a warning.</li>"
            + "</ul>";

    /** Click a header to sort; the last line marks the page as fully scripted, which the browser test checks. */
    private static final String SCRIPT = "document.querySelectorAll('table.sortable').forEach(function(t){"
            + "t.querySelectorAll('th').forEach(function(th,i){th.addEventListener('click',function(){"
            + "var b=t.tBodies[0],r=Array.from(b.rows),asc=th.dataset.asc!=='1';th.dataset.asc=asc?'1':'0';"
            + "function v(x){var s=x.cells[i].textContent.replace(/[,×✓✗ %]/g,'');var n=parseFloat(s);return isNaN(n)?s:n;}"
            + "r.sort(function(a,c){var x=v(a),y=v(c);return (x>y?1:x<y?-1:0)*(asc?1:-1);});r.forEach(function(x){b.appendChild(x);});});});});"
            + "document.body.setAttribute('data-ready','1');";
}
