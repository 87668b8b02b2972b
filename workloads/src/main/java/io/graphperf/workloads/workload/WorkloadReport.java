package io.graphperf.workloads.workload;

import io.graphperf.core.measure.LatencySummary;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.report.Format;
import io.graphperf.core.report.Html;
import io.graphperf.core.report.ReportSection;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Check;
import io.graphperf.core.results.RunResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A workload's own part of report.html: each operation's latency in every cell, the answer checks, the texts each engine ran. */
final class WorkloadReport implements ReportSection {

    @Override
    public void render(Html h, RunResult run) {
        List<WorkloadData> data = new ArrayList<>();
        List<String> who = new ArrayList<>();
        for (RunResult.TrialData t : run.data()) {
            if (t.data() instanceof WorkloadData d) {
                data.add(d);
                who.add(t.variant() + " #" + t.repeat());
            }
        }
        if (data.isEmpty()) return;
        operations(h, run);
        Html.Table t = h.h2("Answers checked before speed", "id", "answers").table("summary", "answers", "trial", "engine", "transport", "answers equal",
                "outcome");
        for (int i = 0; i < data.size(); i++) {
            for (Map.Entry<String, Check> e : data.get(i).answers().entrySet()) {
                Check c = e.getValue();
                t.row(Html.Td.text(who.get(i) + (data.get(i).reference() ? " (reference)" : "")), Html.Td.text(data.get(i).engine()), Html.Td.text(e.getKey()),
                        Html.Td.num(c.actual() + " of " + c.expected()), Html.Td.text(c.passed() ? "ok" : "WRONG").cls(c.passed() ? "pass" : "fail"));
            }
        }
        t.end();
        List<String> diffs = data.stream().flatMap(d -> d.differences().stream()).toList();
        if (!diffs.isEmpty()) h.box("failures", "Wrong answers", diffs);
        h.note("Each read operation ran with the same parameter draws on every engine and transport; its rows compared with the reference's (the"
                + " first engine over its first transport) as multisets, or in order where both texts order them, numbers within the tolerance. A"
                + " transport whose answers differ is not measured.");
        for (int i = 0; i < data.size(); i++) {
            WorkloadData d = data.get(i);
            if (i > 0 && d.texts().equals(data.get(i - 1).texts())) continue;
            h.h3("Texts on " + d.engine() + " (" + d.dialect() + ")");
            Html.Table x = h.table("summary", "texts", "operation", "statements");
            d.texts().forEach((op, st) -> x.row(Html.Td.text(op), Html.Td.text(String.join(" ;\n", st))));
            d.notExpressible().forEach((op, why) -> x.row(Html.Td.text(op), Html.Td.text("not expressible: " + why).cls("flag")));
            x.end();
            h.p("Data: " + d.data() + ". Server warm-up: " + d.serverWarmup() + ".");
        }
    }

    /** Each operation's latency in every load cell (from the intended start in the open model). */
    private static void operations(Html h, RunResult run) {
        Html.Table t = h.h2("Operations", "id", "operations").table("summary sortable", "operations", "cell", "variant", "repeat", "operation", "ops",
                "p50 ms", "p90 ms", "p99 ms", "max ms");
        for (Cell c : run.cells()) {
            Measurement m = c.measurement();
            if (m == null) continue;
            for (Map.Entry<String, LatencySummary> e : m.latencies().byType().entrySet()) {
                LatencySummary l = e.getValue();
                t.row(Html.Td.text(c.label()), Html.Td.text(c.variant()), Html.Td.num(Integer.toString(c.repeat())), Html.Td.text(e.getKey()),
                        Html.Td.num(Format.rate(l.count())), Html.Td.num(Format.ms(l.p50Ms())), Html.Td.num(Format.ms(l.p90Ms())), Html.Td.num(Format.ms(l.p99Ms())),
                        Html.Td.num(Format.ms(l.maxMs())));
            }
        }
        t.end();
    }
}
