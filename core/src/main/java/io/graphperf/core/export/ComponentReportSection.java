package io.graphperf.core.export;

import io.graphperf.core.results.Measurement;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.ScenarioResult;
import io.graphperf.core.results.TargetCheck;

import java.util.List;
import java.util.Map;

/**
 * The report's part on server-side components (the batch writer): ratio targets and, per scenario, the
 * component's own figures beside the client-side ones.
 */
final class ComponentReportSection {

    /** Column heading, metric name, unit note. */
    private static final String[][] COLUMNS = {
            {"batches", "batches", ""}, {"mean rows / batch", "batchRowsMean", ""}, {"max rows", "batchRowsMax", ""},
            {"tx p50 ms", "transactionMsP50", ""}, {"tx p99 ms", "transactionMsP99", ""},
            {"fsyncs/s", "fsyncsPerSecond", ""}, {"rejected", "rejected", ""}, {"dead letters", "deadLetters", ""},
            {"queue at window end", "queueDepthAtWindowEnd", ""}, {"apply lag ms at window end", "applyLagMsAtWindowEnd", ""},
            {"drain s", "drainSeconds", ""},
            {"ack→visible p50 ms", "durableToVisibleMsP50", ""}, {"ack→visible p99 ms", "durableToVisibleMsP99", ""},
            {"ack→visible max ms", "durableToVisibleMsMax", ""},
            {"submit→visible p50 ms", "submitToVisibleMsP50", ""}, {"submit→visible p99 ms", "submitToVisibleMsP99", ""},
    };

    private ComponentReportSection() {
    }

    static void render(StringBuilder h, RunResult run) {
        targets(h, run);
        List<ScenarioResult> withComponent = run.scenarios().stream().filter(s -> s.component() != null).toList();
        if (withComponent.isEmpty()) return;
        h.append("<h2>Batch writer</h2><table class=\"summary sortable\" id=\"component\"><thead><tr>")
                .append("<th>scenario</th><th>transport</th><th>clients</th><th>acks/s</th><th>ack p50 ms</th><th>ack p99 ms</th>");
        for (String[] c : COLUMNS) h.append("<th>").append(Html.escape(c[0])).append("</th>");
        h.append("</tr></thead><tbody>");
        for (ScenarioResult s : withComponent) {
            Measurement m = s.measurement();
            Map<String, Object> f = s.component();
            h.append("<tr data-scenario=\"").append(Html.escape(s.scenario())).append("\">");
            cell(h, s.scenario(), false);
            cell(h, s.transport(), false);
            cell(h, Integer.toString(m.clients()), true);
            cell(h, Format.rate(m.opsPerSecond()), true);
            cell(h, Format.ms(m.latency().p50Ms()), true);
            cell(h, Format.ms(m.latency().p99Ms()), true);
            for (String[] c : COLUMNS) cell(h, value(f.get(c[1])), true);
            h.append("</tr>");
        }
        h.append("</tbody></table>");
        Object config = withComponent.get(0).component().get("config");
        h.append("<p class=\"note\">Measured by the writer inside the server; counters cover the scenario (warm-up, window and the drain"
                + " after it), latency histograms the measured window and the drain. <b>ack→visible</b>: from the moment a write's log record was synced"
                + " (a durable acknowledgement can go out) to the commit of the batch holding it; with 'applied' acks the client is told"
                + " only after that commit. <b>submit→visible</b>: from the write's arrival at the writer to that commit. Queue depth counts"
                + " writes logged but not yet applied. Writer configuration: ").append(Html.escape(String.valueOf(config))).append(".</p>");
    }

    private static void targets(StringBuilder h, RunResult run) {
        List<TargetCheck> all = run.scenarios().stream().flatMap(s -> s.targets().stream()).toList();
        if (all.isEmpty()) return;
        h.append("<h2>Targets</h2><table class=\"summary\" id=\"targets\"><thead><tr><th>target</th><th>transport</th>")
                .append("<th>scenario ÷ baseline (entities/s)</th><th>measured</th><th>asked</th><th>verdict</th></tr></thead><tbody>");
        for (TargetCheck t : all) {
            h.append("<tr>");
            cell(h, t.label(), false);
            cell(h, t.transport(), false);
            cell(h, t.scenario() + " ÷ " + t.baseline(), false);
            cell(h, TargetCheck.ratioText(t.ratio()), true);
            cell(h, "≥ " + TargetCheck.ratioText(t.minimum()), true);
            h.append("<td class=\"").append(t.met() ? "pass" : "fail").append("\">").append(t.met() ? "met" : "not met").append("</td></tr>");
        }
        h.append("</tbody></table><p class=\"note\">A target is a finding about this machine, not a test: an unmet one does not fail the run.</p>");
    }

    private static String value(Object v) {
        if (v == null) return "–";
        if (v instanceof Number n) {
            double d = n.doubleValue();
            return d == Math.rint(d) && Math.abs(d) < 1e15 ? Format.rate(d) : Format.ms(d);
        }
        return String.valueOf(v);
    }

    private static void cell(StringBuilder h, String v, boolean num) {
        h.append(num ? "<td class=\"num\">" : "<td>").append(Html.escape(v)).append("</td>");
    }
}
