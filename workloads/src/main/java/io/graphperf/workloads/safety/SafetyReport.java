package io.graphperf.workloads.safety;

import io.graphperf.core.report.Html;
import io.graphperf.core.report.ReportSection;
import io.graphperf.core.results.RunResult;

import java.util.List;
import java.util.Locale;

/** The safety study's lines per engine: what was checked, when, and what was lost. */
final class SafetyReport implements ReportSection {

    @Override
    public void render(Html h, RunResult run) {
        List<RunResult.TrialData> trials = run.data().stream().filter(t -> t.data() instanceof SafetyData).toList();
        if (trials.isEmpty()) return;
        h.h2("Safety", "id", "safety");
        Html.Table verdicts = h.table("summary", "safety-verdicts", "engine", "repeat", "verdict", "lost", "crashes");
        for (RunResult.TrialData t : trials) {
            SafetyData d = (SafetyData) t.data();
            verdicts.row(List.of("engine", t.variant()), Html.Td.text(t.variant()), Html.Td.num(Integer.toString(t.repeat())),
                    Html.Td.text(verdict(d)).cls(d.safe() ? "ok" : "bad"), Html.Td.num(count(d.lost())),
                    Html.Td.text(d.crashes().isEmpty() ? "none" : String.join("; ", d.crashes())));
        }
        verdicts.end();
        Html.Table t = h.table("summary sortable", "safety", "engine", "repeat", "phase", "when", "check", "acknowledged", "found", "lost", "held", "detail");
        for (RunResult.TrialData td : trials) {
            for (SafetyData.Line l : ((SafetyData) td.data()).lines()) {
                t.row(List.of("engine", td.variant()), Html.Td.text(td.variant()), Html.Td.num(Integer.toString(td.repeat())), Html.Td.text(l.phase()),
                        Html.Td.text(l.when()), Html.Td.text(l.check()), Html.Td.num(count(l.expected())), Html.Td.num(count(l.found())),
                        Html.Td.num(count(l.lost())), Html.Td.text(l.passed() ? "yes" : "NO").cls(l.passed() ? "ok" : "bad"),
                        Html.Td.text(l.detail() == null ? "" : l.detail()));
            }
        }
        t.end();
        h.note("Acknowledged: ids (or increments) whose operation the client saw succeed. By scan: every record of the label read; by key: each"
                + " acknowledged id looked up (through the index the scenario makes). Open: right after the writes; after close and reopen: the"
                + " engine closed cleanly and its store opened again; after kill -9 and restart: the engine's processes killed while clients wrote,"
                + " then started on the same store. Records an engine holds whose client saw an error are allowed (the outcome of a failed commit"
                + " is unknown to its client) and counted in the detail. A crash is a phase in which the engine died without being killed.");
    }

    /** A count with thousands separated (1,234). */
    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** One line: safe, or what was lost. */
    static String verdict(SafetyData d) {
        if (d.safe()) return "safe: all " + d.lines().size() + " checks held, nothing acknowledged lost, no crash";
        long failed = d.lines().stream().filter(l -> !l.passed()).count();
        return "UNSAFE: " + failed + " check(s) failed, " + count(d.lost()) + " acknowledged lost"
                + (d.crashes().isEmpty() ? "" : ", " + d.crashes().size() + " crash(es)")
                + (d.lostAfterKill() && d.durability() != null ? "; its settings say: " + d.durability() : "");
    }
}
