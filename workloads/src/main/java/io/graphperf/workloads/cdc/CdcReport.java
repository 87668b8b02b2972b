package io.graphperf.workloads.cdc;

import io.graphperf.core.measure.Measurement;
import io.graphperf.core.report.Format;
import io.graphperf.core.report.Html;
import io.graphperf.core.report.ReportSection;
import io.graphperf.core.report.SvgChart;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Headline;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.TargetCheck;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** E5's report: the pipeline, the seed's table per series with its box plot, the open model's lag over time, the faults, the source's cost. */
final class CdcReport implements ReportSection {

    @Override
    public void render(Html h, RunResult run) {
        h.h2("Change data capture: Neo4j → Kafka → Neo4j", "id", "cdc");
        Optional<CdcData> d = run.data(CdcData.class);
        d.ifPresent(x -> pipeline(h, x));
        series(h, run);
        openModel(h, run, d);
        faults(h, run);
        sourceCost(h, run);
    }

    private static void pipeline(Html h, CdcData d) {
        Map<String, String> meta = new LinkedHashMap<>();
        meta.put("pipeline", d.pipeline());
        meta.put("Kafka", d.kafka());
        meta.put("topic", d.topic() + " (" + d.partitions() + " partitions, replication factor " + d.replicationFactor() + "), dead letters in " + d.topic() + "-dlq");
        if (d.sinkTemplate() != null) meta.put("sink template", "UNWIND $events AS event " + d.sinkTemplate());
        meta.put("end of a series detected by", d.endDetection());
        if (!d.brokerSettings().isEmpty()) meta.put("broker settings", d.brokerSettings().toString());
        h.meta("cdc-pipeline", meta);
    }

    private static void series(Html h, RunResult run) {
        Map<Integer, List<Cell>> series = series(run.cells());
        if (series.isEmpty()) return;
        h.h3("Series: ms per node end to end (max received_time − min creation_time ÷ nodes)");
        Html.Table t = h.table("summary", "cdc-series", "multiplier", "nodes", "transactions", "min ms/node", "max", "avg", "median", "stdev",
                "median nodes/s", "lag p50 ms (median)", "lag p99 ms (median)", "lost", "duplicated", "out of order");
        List<SvgChart.Box> boxes = new ArrayList<>();
        for (Map.Entry<Integer, List<Cell>> e : series.entrySet()) {
            DescriptiveStatistics ms = stats(e.getValue(), "ms_per_node");
            t.row(Html.Td.num(Integer.toString(e.getKey())), Html.Td.num(Format.rate(e.getValue().get(0).values().get("nodes"))),
                    Html.Td.num(Integer.toString(e.getValue().size())), Html.Td.num(f(ms.getMin())), Html.Td.num(f(ms.getMax())),
                    Html.Td.num(f(ms.getMean())), Html.Td.num(f(ms.getPercentile(50))), Html.Td.num(f(ms.getStandardDeviation())),
                    Html.Td.num(Format.rate(stats(e.getValue(), "nodes_per_s").getPercentile(50))),
                    Html.Td.num(Format.ms(stats(e.getValue(), "lag_p50_ms").getPercentile(50))), Html.Td.num(Format.ms(stats(e.getValue(),
                            "lag_p99_ms").getPercentile(50))),
                    Html.Td.num(count(sum(e.getValue(), "lost"))), Html.Td.num(count(sum(e.getValue(), "duplicated"))),
                    Html.Td.num(count(sum(e.getValue(), "out_of_order"))));
            boxes.add(new SvgChart.Box("×" + e.getKey() + " (" + Format.rate(e.getValue().get(0).values().get("nodes")) + " nodes)", ms.getValues(),
                    "median " + f(ms.getPercentile(50)) + " ms/node over " + ms.getN() + " transactions"));
        }
        t.end();
        h.raw(SvgChart.boxPlot("cdc-box", "ms per node (lower is better)", boxes));
        h.note("One transaction per row of results.csv. creation_time is timestamp() in the source's statement (its start, one value per transaction);"
                + " received_time is timestamp() in the sink's batch statement (the start of that batch's statement, so the last batch's own duration"
                + " is not in it); both are this machine's clock. visible_ms in results.csv is measured by graphperf from the source call to the sink's"
                + " commit of the last event (woken by the sink), commit_ms the source transaction alone.");
    }

    private static void openModel(Html h, RunResult run, Optional<CdcData> d) {
        List<Cell> open = run.cells().stream().filter(c -> c.scenario().equals(CdcExperiment.OPEN)).toList();
        if (!open.isEmpty()) {
            h.h3("Open model");
            for (Cell c : open) {
                Map<String, Double> v = c.values();
                h.p("Offered " + Format.rate(v.get("offered_per_s")) + " changes/s by " + count(v.get("clients")) + " clients, achieved "
                        + Format.rate(v.get("achieved_per_s")) + " (" + count(v.get("late_starts"))
                        + " transactions started more than " + Schedule.LATE_MS + " ms late, " + count(v.get("failed_transactions")) + " failed): lag p50 "
                        + Format.ms(v.get("lag_p50_ms")) + " ms, p99 " + Format.ms(v.get("lag_p99_ms")) + " ms, max " + Format.ms(v.get("lag_max_ms")) + " ms."
                        + (v.containsKey("topic_events") ? " In the topic: " + count(v.get("topic_events")) + " distinct events (" + count(v.get("topic_republished"))
                        + " republished copies), " + count(v.get("topic_keys_out_of_order")) + " out of order per key, " + count(v.get("topic_transactions_incomplete"))
                        + " transactions incomplete." : ""));
            }
            if (d.isPresent() && d.get().openModel() != null) {
                CdcData.OpenModelData om = d.get().openModel();
                List<double[]> p50 = new ArrayList<>(), p99 = new ArrayList<>(), mx = new ArrayList<>();
                for (CdcData.Second s : om.lagPerSecond()) {
                    p50.add(new double[]{s.second(), s.lagP50()});
                    p99.add(new double[]{s.second(), s.lagP99()});
                    mx.add(new double[]{s.second(), s.lagMax()});
                }
                h.raw(SvgChart.lines("cdc-lag", "second of the window (by creation time)", "lag ms (commit → in the sink)",
                        List.of(new SvgChart.Line("p50", p50, false), new SvgChart.Line("p99", p99, false), new SvgChart.Line("max", mx, true))));
                List<double[]> cap = new ArrayList<>(), pub = new ArrayList<>(), app = new ArrayList<>();
                for (int i = 1; i < om.stages().size(); i++) {
                    CdcData.Sample a = om.stages().get(i - 1), b = om.stages().get(i);
                    double dt = b.at() - a.at();
                    if (dt <= 0 || a.captured() < 0 || b.captured() < 0) continue;
                    cap.add(new double[]{b.at(), (b.captured() - a.captured()) / dt});
                    pub.add(new double[]{b.at(), (b.published() - a.published()) / dt});
                    app.add(new double[]{b.at(), (b.applied() - a.applied()) / dt});
                }
                h.raw(SvgChart.lines("cdc-stages", "seconds", "events/s", List.of(new SvgChart.Line("captured (source commits)", cap, false),
                        new SvgChart.Line("published (Kafka acknowledged)", pub, false), new SvgChart.Line("applied (sink commits)", app, true))));
                Html.Table t = h.table("summary", "cdc-cpu", "process", "CPU cores over the window");
                om.cpuCores().forEach((k, c) -> t.row(Html.Td.text(k), Html.Td.num(Format.cores(c))));
                t.end();
            }
        }
    }

    private static void faults(Html h, RunResult run) {
        List<Cell> faults = run.cells().stream().filter(c -> c.scenario().equals(CdcExperiment.FAULT)).toList();
        if (!faults.isEmpty()) {
            h.h3("Faults");
            Html.Table t = h.table("summary", "cdc-faults", "fault", "transactions", "at s", "back after s", "converged at s", "events expected", "applied",
                    "lost", "duplicated", "out of order", "republished, skipped", "in the topic (distinct)", "topic: out of order per key",
                    "topic: incomplete transactions", "checks");
            for (Cell c : faults) {
                Map<String, Double> v = c.values();
                t.row(Html.Td.text(String.valueOf(c.dimensions().get("fault"))), Html.Td.num(count(v.get("transactions"))), Html.Td.num(Format.secs(v.get("fault_at_s"))),
                        Html.Td.num(Format.secs(v.get("recovery_s"))), Html.Td.num(Format.secs(v.get("converged_s"))), Html.Td.num(count(v.get("events_expected"))),
                        Html.Td.num(count(v.get("events_applied"))), Html.Td.num(count(v.get("lost"))), Html.Td.num(count(v.get("duplicated"))),
                        Html.Td.num(count(v.get("out_of_order"))), Html.Td.num(count(v.getOrDefault("skipped_repeats", Double.NaN))),
                        Html.Td.num(count(v.get("topic_events"))), Html.Td.num(count(v.get("topic_keys_out_of_order"))),
                        Html.Td.num(count(v.get("topic_transactions_incomplete"))), Html.Td.text(c.verified() ? "passed" : "FAILED"));
            }
            t.end();
            h.note("Each round's clients commit small transactions on a schedule (two in three create tx-size nodes, one in three updates the nodes of"
                    + " one of the last 20 creations under a lock) while the fault strikes at a random moment; the source itself is the oracle afterwards:"
                    + " every node with one applied event per change, in commit order. Republished, skipped: events a restarted source published again"
                    + " that the sink recognised by their position and did not apply twice. The topic columns come from graphperf reading the topic"
                    + " itself, independent of the sink: distinct events, records whose sequence went below their key's previous one, transactions"
                    + " whose events 0..count-1 are not all there once.");
        }
    }

    private static void sourceCost(Html h, RunResult run) {
        List<Cell[]> rounds = costRounds(run.cells());
        if (!rounds.isEmpty()) {
            h.h3("What the source costs a committing client");
            for (Cell[] r : rounds) h.p("Round " + r[0].dimensions().get("round") + ": " + sourceCost(r[0].measurement(), r[1].measurement()));
            h.note("Measured after the pipeline's warm-up. The database without the source is a JVM started for this measurement, so it is"
                    + " less compiled than the source when measured (each warms up until steady, at most 60 s); the pipeline's broker and sink"
                    + " apply the same writes on the same machine while the source is measured.");
        }
    }

    /** The source-cost cells as {off, on} pairs, by round. */
    static List<Cell[]> costRounds(List<Cell> cells) {
        Map<Integer, Cell[]> m = new TreeMap<>();
        for (Cell c : cells) {
            if (!c.scenario().startsWith("source-cost-") || c.measurement() == null) continue;
            int round = c.dimensions().get("round") instanceof Number n ? n.intValue() : 1;
            m.computeIfAbsent(round, k -> new Cell[2])[c.scenario().endsWith("-off") ? 0 : 1] = c;
        }
        return m.values().stream().filter(r -> r[0] != null && r[1] != null).toList();
    }

    static String sourceCost(Measurement off, Measurement on) {
        return "One CREATE per transaction, 8 clients over Bolt: " + Format.rate(off.throughput().opsPerSecond()) + " tx/s without the change source, "
                + Format.rate(on.throughput().opsPerSecond()) + " with it ("
                        + Format.pct(on.throughput().opsPerSecond() / off.throughput().opsPerSecond()) + "); mean latency "
                + Format.ms(off.latencies().service().meanMs()) + " → " + Format.ms(on.latencies().service().meanMs()) + " ms, p99 "
                        + Format.ms(off.latencies().all().p99Ms()) + " → "
                + Format.ms(on.latencies().all().p99Ms()) + " ms.";
    }

    /** The topic check's figures as a clause, when the cell has them. */
    private static String topic(Map<String, Double> v) {
        if (!v.containsKey("topic_events")) return "";
        return "; topic: " + count(v.get("topic_events")) + " distinct (" + count(v.get("topic_republished")) + " republished), "
                + count(v.get("topic_keys_out_of_order")) + " out of order per key, " + count(v.get("topic_transactions_incomplete")) + " incomplete";
    }

    /** A count as a whole number with thousands separators; "–" when unknown. */
    static String count(Double v) {
        return v == null || !Double.isFinite(v) ? "–" : String.format(Locale.ROOT, "%,d", Math.round(v));
    }

    private static String f(double v) {
        return Format.ms(v);
    }

    static Map<Integer, List<Cell>> series(List<Cell> cells) {
        Map<Integer, List<Cell>> m = new TreeMap<>();
        for (Cell c : cells) {
            if (!c.scenario().equals(CdcExperiment.SERIES)) continue;
            m.computeIfAbsent(((Number) c.dimensions().get("multiplier")).intValue(), k -> new ArrayList<>()).add(c);
        }
        return m;
    }

    static DescriptiveStatistics stats(List<Cell> cells, String column) {
        DescriptiveStatistics s = new DescriptiveStatistics();
        for (Cell c : cells) {
            Double v = c.values().get(column);
            if (v != null && Double.isFinite(v)) s.addValue(v);
        }
        return s;
    }

    private static double sum(List<Cell> cells, String column) {
        return cells.stream().mapToDouble(c -> c.values().getOrDefault(column, 0.0)).sum();
    }

    static void console(RunResult run, PrintStream out) {
        Map<Integer, List<Cell>> series = series(run.cells());
        if (!series.isEmpty()) {
            out.println();
            out.println("Series (ms per node end to end; min / max / avg / median / stdev over the transactions):");
            for (Map.Entry<Integer, List<Cell>> e : series.entrySet()) {
                DescriptiveStatistics ms = stats(e.getValue(), "ms_per_node");
                out.printf("  ×%-5d %9s nodes, %d tx: %s / %s / %s / %s / %s ms per node — median %s nodes/s, lag p99 %s ms; lost %s, duplicated %s, out of order %s%n",
                        e.getKey(), Format.rate(e.getValue().get(0).values().get("nodes")), e.getValue().size(), f(ms.getMin()), f(ms.getMax()), f(ms.getMean()),
                        f(ms.getPercentile(50)), f(ms.getStandardDeviation()), Format.rate(stats(e.getValue(), "nodes_per_s").getPercentile(50)),
                        Format.ms(stats(e.getValue(), "lag_p99_ms").getPercentile(50)), count(sum(e.getValue(), "lost")),
                        count(sum(e.getValue(), "duplicated")), count(sum(e.getValue(), "out_of_order")));
            }
        }
        for (Cell c : run.cells()) {
            Map<String, Double> v = c.values();
            if (c.scenario().equals(CdcExperiment.OPEN)) {
                out.printf("Open model: offered %s changes/s, achieved %s; lag p50 %s ms, p99 %s ms, max %s ms; lost %s, duplicated %s, out of order %s%s%n",
                        Format.rate(v.get("offered_per_s")), Format.rate(v.get("achieved_per_s")), Format.ms(v.get("lag_p50_ms")), Format.ms(v.get("lag_p99_ms")),
                        Format.ms(v.get("lag_max_ms")), count(v.get("lost")), count(v.get("duplicated")), count(v.get("out_of_order")), topic(v));
            } else if (c.scenario().equals(CdcExperiment.FAULT)) {
                out.printf("Fault %s at %s s (%s transactions): %s events expected, %s applied; lost %s, duplicated %s, out of order %s%s — %s%n",
                        c.dimensions().get("fault"), Format.secs(v.get("fault_at_s")), count(v.get("transactions")), count(v.get("events_expected")),
                        count(v.get("events_applied")), count(v.get("lost")), count(v.get("duplicated")), count(v.get("out_of_order")), topic(v),
                        c.verified() ? "passed" : "FAILED");
            }
        }
        List<Cell[]> rounds = costRounds(run.cells());
        if (!rounds.isEmpty()) {
            Cell[] last = rounds.get(rounds.size() - 1);
            out.println("Source cost (round " + last[0].dimensions().get("round") + " of " + rounds.size() + "): "
                    + sourceCost(last[0].measurement(), last[1].measurement()));
        }
    }

    static List<Headline> headlines(List<Cell> cells) {
        List<Headline> out = new ArrayList<>();
        for (Map.Entry<Integer, List<Cell>> e : series(cells).entrySet()) {
            DescriptiveStatistics n = stats(e.getValue(), "nodes_per_s");
            out.add(new Headline("end to end, transactions of " + Format.rate(e.getValue().get(0).values().get("nodes")) + " nodes (median of " + n.getN()
                    + ", min–max)", "rate", n.getPercentile(50), n.getMin(), n.getMax(), "nodes/s", true, Format.ms(stats(e.getValue(), "ms_per_node").getPercentile(50))
                    + " ms per node"));
        }
        for (Cell c : cells) {
            if (c.scenario().equals(CdcExperiment.OPEN)) {
                out.add(new Headline("open model at " + Format.rate(c.values().get("offered_per_s")) + " changes/s: lag p99", "rate",
                        c.values().get("lag_p99_ms"), Double.NaN,
                        Double.NaN, "ms", c.values().get("achieved_per_s") >= 0.95 * c.values().get("offered_per_s"), "p50 "
                                + Format.ms(c.values().get("lag_p50_ms")) + " ms"));
            }
        }
        return out;
    }

    static List<TargetCheck> targets(List<Cell> cells) {
        List<TargetCheck> out = new ArrayList<>();
        List<Cell> big = series(cells).getOrDefault(100, List.of());
        if (!big.isEmpty() && big.get(0).values().get("nodes") == 100_000) {
            DescriptiveStatistics n = stats(big, "nodes_per_s");
            out.add(new TargetCheck("end to end, 100,000-node transactions (median nodes/s ÷ 50,000)", "series ×100", "50,000 nodes/s", "kafka",
                    n.getPercentile(50) / CdcExperiment.TARGET_NODES_PER_S, n.getMin() / CdcExperiment.TARGET_NODES_PER_S,
                    n.getMax() / CdcExperiment.TARGET_NODES_PER_S, 1, true));
        }
        for (Cell c : cells) {
            if (c.scenario().equals(CdcExperiment.OPEN) && ((Number) c.dimensions().get("rate")).intValue() >= 10_000) {
                out.add(new TargetCheck("open model at 10,000 changes/s: 1 s ÷ lag p99", "open model", "lag p99 1 s", "kafka",
                        CdcExperiment.TARGET_LAG_P99_MS / c.values().get("lag_p99_ms"), Double.NaN, Double.NaN, 1,
                        c.values().get("achieved_per_s") >= 0.95 * c.values().get("offered_per_s")));
            }
        }
        return out;
    }
}
