package io.graphperf.core.report;

import io.graphperf.core.results.AgentShare;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;

import java.util.List;
import java.util.Locale;

/** When several load agents measured the cells together: each agent's part of each cell, its CPU and its clock. */
final class AgentsSection {
    private AgentsSection() {
    }

    static void render(Html h, RunResult run) {
        List<Cell> cells = run.cells().stream().filter(c -> !c.agents().isEmpty()).toList();
        if (cells.isEmpty()) return;
        h.h2("Load agents", "id", "agents");
        h.p("Each cell's schedule was split over " + cells.get(0).agents().size() + " agents (agent i sent every operation whose slot in the"
                + " single-agent schedule is i modulo N), all started at the same instant; the cells' latencies are their interval histograms"
                + " added bucket by bucket. An agent that fell behind (late share), was short of CPU (client-bound) or whose clock was off shows here.");
        Html.Table t = h.table("summary sortable", "agents-table", "cell", "variant", "agent", "host", "pid", "ops in window", "share", "offered/s",
                "achieved/s", "late share", "errors", "CPU cores", "client-bound", "clock offset ms");
        for (Cell c : cells) {
            for (AgentShare a : c.agents()) {
                t.row(List.of("agent", Integer.toString(a.agent())), Html.Td.text(c.label()), Html.Td.text(c.variant() + " #" + c.repeat()),
                        Html.Td.num(Integer.toString(a.agent())), Html.Td.text(a.host()), Html.Td.num(Long.toString(a.pid())), Html.Td.num(Long.toString(a.ops())),
                        Html.Td.num(String.format(Locale.ROOT, "%.1f %%", 100 * a.share())),
                        Html.Td.num(a.offeredPerSecond() == null ? "" : Format.rate(a.offeredPerSecond())), Html.Td.num(Format.rate(a.opsPerSecond())),
                        Html.Td.num(String.format(Locale.ROOT, "%.2f %%", 100 * a.lateShare())).cls(a.lateShare() > 0.05 ? "flag" : null),
                        Html.Td.num(Long.toString(a.errors())), Html.Td.num(Format.cores(a.cpuCores())),
                        Html.Td.text(a.clientBound() ? "yes" : "no").cls(a.clientBound() ? "flag" : null),
                        Html.Td.num(String.format(Locale.ROOT, "%+.3f ± %.3f", a.clockOffsetMs(), a.clockErrorMs())));
            }
        }
        t.end();
    }
}
