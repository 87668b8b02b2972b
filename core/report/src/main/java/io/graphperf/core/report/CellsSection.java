package io.graphperf.core.report;

import io.graphperf.core.measure.LatencySummary;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Check;
import io.graphperf.core.results.Reference;
import io.graphperf.core.results.RunResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** Every load-model cell in one sortable table, throughput and latency charts, and each cell's details. */
final class CellsSection {
    private CellsSection() {
    }

    static void render(Html h, RunResult run) {
        List<Cell> cells = run.cells().stream().filter(c -> c.measurement() != null).toList();
        if (cells.isEmpty()) return;
        boolean variants = run.variants().size() > 1 || run.repeats() > 1;
        List<String> headers = new ArrayList<>(List.of("scenario", "transport", "clients", "load"));
        if (variants) headers.addAll(List.of("variant", "repeat"));
        headers.addAll(List.of("ops/s", "entities/s", "reference", "measured ÷ reference", "p50 ms", "p99 ms", "p99.9 ms", "max ms", "errors",
                "validity", "warm-up s", "trend %/s", "checks", "harness CPU", "server CPU", "other load"));
        Html.Table t = h.h2("Cells", "id", "cells-title").table("summary sortable", "summary", headers.toArray(String[]::new));
        for (Cell c : cells) {
            Measurement m = c.measurement();
            LatencySummary l = m.latencies().all();
            List<Html.Td> row = new ArrayList<>(List.of(Html.Td.text(c.scenario() + dims(c)), Html.Td.text(c.transport()),
                    Html.Td.num(Integer.toString(c.clients())), Html.Td.text(c.offeredPerSecond() == null ? c.load() : "open "
                            + Format.rate(c.offeredPerSecond()) + "/s")));
            if (variants) {
                row.add(Html.Td.text(c.variant()));
                row.add(Html.Td.num(Integer.toString(c.repeat())));
            }
            double ratio = c.measuredForReference() / (c.reference() == null ? Double.NaN : c.reference().value());
            row.addAll(List.of(Html.Td.num(Format.rate(m.throughput().opsPerSecond())), Html.Td.num(Format.rate(m.throughput().entitiesPerSecond())),
                    Html.Td.text(c.reference() == null ? "" : c.reference().figure()), Html.Td.num(Double.isNaN(ratio) ? "" : String.format("%.2f×", ratio)),
                    Html.Td.num(Format.ms(l.p50Ms())), Html.Td.num(Format.ms(l.p99Ms())), Html.Td.num(Format.ms(l.p999Ms())), Html.Td.num(Format.ms(l.maxMs())),
                    Html.Td.num(Long.toString(m.outcomes().errors())),
                    Html.Td.text(c.validity().label()).cls(c.validity().flagged() ? "flag" : "pass").title(String.join("; ", c.validity().flags())),
                    Html.Td.num(Format.secs(m.warmupEnd().seconds())), Html.Td.num(Format.signedPct(m.steadiness().trendPctPerSecond()).replace(" %", "")),
                    checks(c), Html.Td.num(Format.cores(m.resources().harnessCores())), Html.Td.num(Format.cores(m.resources().serverCores())),
                    Html.Td.num(Format.cores(m.resources().otherLoadCores()))));
            List<String> data = List.of("scenario", c.scenario(), "transport", c.transport(), "flagged", Boolean.toString(c.validity().flagged()));
            t.row(data, row.toArray(Html.Td[]::new));
        }
        t.end().note("ops/s and entities/s count operations that completed inside the measured window. Latency percentiles cover every"
                + " operation scheduled in the window, waited for to completion (open model: from the intended start; dropped operations with"
                + " their lower bound); failed operations are counted in errors, with their own latency in the cell's details. Validity: steady"
                + " = the window's drift (its trend times its length) shown within ±10 % by its 95 % CI; drifting = shown beyond; too short to"
                + " tell = neither. CPU in cores (1.00 = one core busy); other load ="
                + " busy cores not explained by graphperf and the server. Checks: the engine's contents after the cell, against the"
                + " acknowledged operations.");
        charts(h, cells);
        details(h, cells);
    }

    static String dims(Cell c) {
        if (c.dimensions().isEmpty()) return "";
        if (c.dimensions().containsKey(Cell.PROBE)) { // a capacity search's probe: its number and outcome say it (the objective is the search's)
            return " (probe " + c.dimensions().get(Cell.PROBE) + (Boolean.TRUE.equals(c.dimensions().get(Cell.KEPT)) ? ", kept)" : ", broken)");
        }
        return c.dimensions().entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ", " (", ")"));
    }

    private static Html.Td checks(Cell c) {
        if (c.checks().isEmpty()) return Html.Td.text("–");
        String text = c.checks().stream().map(v -> (v.passed() ? "✓ " : "✗ ") + v.actual() + "/" + v.expected()).collect(Collectors.joining(", "));
        return Html.Td.text(text).cls(c.verified() ? "pass" : "fail").title(c.checks().stream().map(Check::what).collect(Collectors.joining("; ")));
    }

    private static void charts(Html h, List<Cell> cells) {
        List<String> transports = cells.stream().map(Cell::transport).distinct().toList();
        Map<String, List<Cell>> byScenario = new LinkedHashMap<>();
        for (Cell c : cells) byScenario.computeIfAbsent(c.scenario() + dims(c), k -> new ArrayList<>()).add(c);
        if (byScenario.size() > 1) {
            List<String> series = new ArrayList<>(transports);
            series.add("reference");
            List<SvgChart.Row> rows = new ArrayList<>();
            for (Map.Entry<String, List<Cell>> e : byScenario.entrySet()) {
                List<SvgChart.Mark> marks = new ArrayList<>();
                for (Cell c : e.getValue()) {
                    marks.add(new SvgChart.Mark(transports.indexOf(c.transport()), c.measurement().throughput().entitiesPerSecond(), true,
                            c.transport() + ": " + Format.rate(c.measurement().throughput().entitiesPerSecond()) + " entities/s"
                                    + (c.validity().flagged() ? " (flagged)" : "")));
                }
                Cell first = e.getValue().get(0);
                if (first.reference() != null && Reference.ENTITIES.equals(first.reference().unit())) {
                    marks.add(new SvgChart.Mark(transports.size(), first.reference().value(), false, "reference: " + first.reference().figure()));
                }
                rows.add(new SvgChart.Row(e.getKey(), marks));
            }
            h.h2("Throughput per scenario").raw(SvgChart.horizontalLog("throughput", "entities per second (log scale); dot = published reference", series, rows));
        }
        List<String> pct = List.of("p50", "p90", "p99", "p99.9", "max");
        List<SvgChart.Row> latRows = new ArrayList<>();
        for (Cell c : cells) {
            LatencySummary l = c.measurement().latencies().all();
            double[] v = {l.p50Ms(), l.p90Ms(), l.p99Ms(), l.p999Ms(), l.maxMs()};
            List<SvgChart.Mark> marks = new ArrayList<>();
            for (int i = 0; i < v.length; i++) marks.add(new SvgChart.Mark(i, v[i], false, pct.get(i) + ": " + Format.ms(v[i]) + " ms"));
            latRows.add(new SvgChart.Row(c.label() + variant(c), marks));
        }
        h.h2("Latency percentiles").raw(SvgChart.horizontalLog("latency", "milliseconds (log scale)", pct, latRows));
    }

    static String variant(Cell c) {
        return Cell.BASELINE.equals(c.variant()) && c.repeat() == 1 ? "" : " [" + c.variant() + " #" + c.repeat() + "]";
    }

    private static void details(Html h, List<Cell> cells) {
        h.h2("Cell details");
        for (Cell c : cells) {
            Measurement m = c.measurement();
            h.open("details", "class", "cell").el("summary", c.label() + variant(c) + " — " + c.title() + " [entities: " + c.entityUnit() + "]");
            h.el("pre", c.query());
            Map<String, String> meta = new LinkedHashMap<>();
            meta.put("load", m.loadModel().description());
            meta.put("warm-up", Format.secs(m.warmupEnd().seconds()) + " s, " + m.warmupEnd().rule() + (m.warmupEnd().steady() ? " — ended steady" : ""));
            meta.put("window", Format.secs(m.throughput().windowSeconds()) + " s; " + (m.steadiness().steady() ? "steady" : m.steadiness().reason())
                    + String.format(Locale.ROOT, " (trend %s %%/s, signal: %s)", Format.signedPct(m.steadiness().trendPctPerSecond()).replace(" %", ""),
                    m.steadiness().signal()));
            meta.put("operations", m.outcomes().scheduled() + " scheduled in the window: " + m.latencies().all().count() + " completed"
                    + (m.outcomes().dropped() > 0 ? " (incl. " + m.outcomes().dropped()
                    + " dropped)" : "") + ", " + m.outcomes().errors() + " failed; " + m.throughput().ops() + " completed inside it");
            if (m.loadModel().offeredPerSecond() != null) {
                meta.put("schedule", String.format(Locale.ROOT, "offered %s ops/s, achieved %s ops/s, %.1f %% started over 1 s late or not at all%s",
                        Format.rate(m.loadModel().offeredPerSecond()), Format.rate(m.throughput().opsPerSecond()), 100 * m.outcomes().lateShare(),
                                m.overloaded() ? " — OVERLOADED" : ""));
            }
            meta.put("acknowledged (all phases)", m.outcomes().acknowledgedOps() + " operations, " + m.outcomes().acknowledgedEntities() + " entities");
            meta.put("service time p50 / p99 ms", Format.ms(m.latencies().service().p50Ms()) + " / " + Format.ms(m.latencies().service().p99Ms()));
            if (m.outcomes().errors() > 0) meta.put("failed operations: p50 / p99 ms", Format.ms(m.outcomes().errorLatency().p50Ms()) + " / "
                    + Format.ms(m.outcomes().errorLatency().p99Ms()));
            meta.put("batch rates (ops/s)", m.throughput().batchRates().stream().map(Format::rate).collect(Collectors.joining(", ")));
            meta.put("harness GC in the window", Format.rate(m.resources().harnessGcMillis()) + " ms");
            for (Check v : c.checks()) meta.put(v.what(), v.actual() + " found, " + v.expected() + " expected" + (v.passed() ? "" : " — MISMATCH")
                    + (v.detail() == null ? "" : "; " + v.detail()));
            if (!m.outcomes().errorSamples().isEmpty()) meta.put("errors (samples)", String.join(" | ", m.outcomes().errorSamples()));
            if (m.latencies().histogramLog() != null) meta.put("HdrHistogram log", "histograms/" + m.latencies().histogramLog());
            h.meta(null, meta).close("details");
        }
    }
}
