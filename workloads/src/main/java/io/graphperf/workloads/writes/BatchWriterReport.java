package io.graphperf.workloads.writes;

import io.graphperf.core.measure.Measurement;
import io.graphperf.core.report.Format;
import io.graphperf.core.report.Html;
import io.graphperf.core.report.ReportSection;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The batch writer's own figures per cell, beside the client-side ones. */
final class BatchWriterReport implements ReportSection {

    /** Column heading and metric name. */
    private static final String[][] COLUMNS = {
            {"batches", "batches"}, {"mean rows / batch", "batchRowsMean"}, {"max rows", "batchRowsMax"},
            {"tx p50 ms", "transactionMsP50"}, {"tx p99 ms", "transactionMsP99"},
            {"fsyncs/s", "fsyncsPerSecond"}, {"rejected", "rejected"}, {"dead letters", "deadLetters"},
            {"queue at window end", "queueDepthAtWindowEnd"}, {"apply lag ms at window end", "applyLagMsAtWindowEnd"},
            {"drain s", "drainSeconds"},
            {"ack→visible p50 ms", "durableToVisibleMsP50"}, {"ack→visible p99 ms", "durableToVisibleMsP99"},
            {"ack→visible max ms", "durableToVisibleMsMax"},
            {"submit→visible p50 ms", "submitToVisibleMsP50"}, {"submit→visible p99 ms", "submitToVisibleMsP99"},
    };

    @Override
    public void render(Html h, RunResult run) {
        List<Cell> cells = run.cells().stream().filter(c -> c.component() != null && c.measurement() != null).toList();
        if (cells.isEmpty()) return;
        List<String> headers = new ArrayList<>(List.of("scenario", "transport", "clients", "in flight / client", "acks/s", "ack p50 ms", "ack p99 ms",
                "bound: clients × in flight ÷ mean ack ms", "acks/s ÷ bound"));
        for (String[] c : COLUMNS) headers.add(c[0]);
        Html.Table t = h.h2("Batch writer", "id", "batch-writer").table("summary sortable", "component", headers.toArray(String[]::new));
        for (Cell c : cells) {
            Measurement m = c.measurement();
            Map<String, Object> f = c.component();
            // an operation carries one write, or (through the gateway) a pipeline of writes sent at once: its latency is its last acknowledgement's
            double inFlight = m.throughput().ops() == 0 ? Double.NaN : (double) m.throughput().entities() / m.throughput().ops();
            double bound = m.loadModel().clients() * inFlight / (m.latencies().service().meanMs() / 1000);
            List<Html.Td> row = new ArrayList<>(List.of(Html.Td.text(c.scenario()), Html.Td.text(c.transport()), Html.Td.num(Integer.toString(m.loadModel().clients())),
                    Html.Td.num(Format.value(inFlight)), Html.Td.num(Format.rate(m.throughput().entitiesPerSecond())), Html.Td.num(Format.ms(m.latencies().all().p50Ms())),
                    Html.Td.num(Format.ms(m.latencies().all().p99Ms())), Html.Td.num(Format.rate(bound)),
                    Html.Td.num(Format.pct(m.throughput().entitiesPerSecond() / bound))));
            for (String[] col : COLUMNS) row.add(Html.Td.num(value(f.get(col[1]))));
            t.row(List.of("scenario", c.scenario()), row.toArray(Html.Td[]::new));
        }
        t.end();
        Object config = cells.get(0).component().get("config");
        h.note("In flight: writes a client has sent and not yet seen acknowledged (1 for a procedure call per write; through the gateway, a"
                + " pipeline of submits sent at once, its latency the last acknowledgement's). Bound: what closed-loop clients can reach at that"
                + " latency (Little's law); acks/s near the bound means the acknowledgement latency and the writes in flight limit the rate —"
                + " more in flight (the gateway's pipelining) raises it — while a rate well below it points at the client or the machine."
                + " Measured by the writer inside the server; counters cover the cell (warm-up, window and the drain after it), latency histograms"
                + " the measured window and the drain (restarted when the Runner started the window). ack→visible: from the moment a write's log"
                + " record was synced (a durable acknowledgement can go out) to the commit of the batch holding it; with 'applied' acks the client is"
                + " told only after that commit. submit→visible: from the write's arrival at the writer to that commit. Queue depth counts writes"
                + " logged but not yet applied. Writer configuration: " + config + ".");
    }

    private static String value(Object v) {
        if (v == null) return "–";
        if (v instanceof Number n) {
            double d = n.doubleValue();
            return d == Math.rint(d) && Math.abs(d) < 1e15 ? Format.rate(d) : Format.ms(d);
        }
        return String.valueOf(v);
    }
}
