package io.graphperf.cli;

import io.graphperf.core.export.Format;
import io.graphperf.core.results.Measurement;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.ScenarioResult;

import java.io.PrintStream;

/** The table printed at the end of a run: the same figures as the report's summary. */
final class SummaryTable {
    private SummaryTable() {
    }

    static void print(RunResult run, PrintStream out) {
        String fmt = "%-26s %-9s %12s %13s %-42s %9s %9s %9s %7s %-6s%n";
        out.println();
        out.printf(fmt, "scenario", "transport", "ops/s", "entities/s", "reference", "p50 ms", "p99 ms", "max ms", "errors", "counts");
        for (ScenarioResult s : run.scenarios()) {
            Measurement m = s.measurement();
            out.printf(fmt, s.scenario(), s.transport(), Format.rate(m.opsPerSecond()), Format.rate(m.entitiesPerSecond()),
                    s.reference() == null ? "" : s.reference().figure(), Format.ms(m.latency().p50Ms()),
                    Format.ms(m.latency().p99Ms()), Format.ms(m.latency().maxMs()), m.errors(), s.verified() ? "ok" : "FAIL");
            String warning = m.cpu().warning();
            if (warning != null) out.println("  warning: " + warning);
        }
    }
}
