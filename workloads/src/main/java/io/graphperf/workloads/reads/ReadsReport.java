package io.graphperf.workloads.reads;

import io.graphperf.core.measure.Measurement;
import io.graphperf.core.report.Charts;
import io.graphperf.core.report.Format;
import io.graphperf.core.report.Html;
import io.graphperf.core.report.ReportSection;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * E2's part of report.html: result checks, latency per query across transports and forms, throughput against
 * client threads, where each request's time goes, the connection and worker-pool sweeps, and the study's ratios.
 */
final class ReadsReport implements ReportSection {

    @Override
    public void render(Html h, RunResult run) {
        if (!ReadsExperiment.NAME.equals(run.experiment())) return;
        List<Cell> cells = run.cells().stream().filter(c -> Cell.BASELINE.equals(c.variant()) && c.repeat() == 1 && c.measurement() != null).toList();
        ReadsData d = run.data(ReadsData.class);
        if (d != null) {
            h.h2("E2: result checks").open("p", "id", "result-checks").text(d.checksPassed() + " of " + d.checksRun() + " passed").close("p")
                    .note("Each query's rows for sampled parameters, over every transport and form, compared with answers computed in Java from the"
                            + " generated CSV files (no database). Client work on every transport: " + d.clientWork() + ". Data: " + d.load()
                            + ". Server warm-ups: " + d.serverWarmups() + ".");
        }
        latency(h, cells);
        throughput(h, cells);
        split(h, cells);
        sweeps(h, cells);
        ratios(h, cells);
    }

    static String form(Cell c) {
        return String.valueOf(c.dimensions().getOrDefault("form", ReadStudy.CYPHER));
    }

    static String label(Cell c) {
        return ReadStudy.label(c.transport(), form(c));
    }

    static boolean isQuery(Cell c) {
        return c.scenario().matches("q\\d\\d");
    }

    /** The closed-model mix cells of the throughput curve (not the sweeps, not the open model). */
    static boolean isCurve(Cell c) {
        return "mix".equals(c.scenario()) && "closed".equals(c.load()) && !c.dimensions().containsKey("connections")
                && !c.dimensions().containsKey("serverThreads");
    }

    private static List<String> labels(List<Cell> cells) {
        return cells.stream().map(ReadsReport::label).distinct().toList();
    }

    private static void latency(Html h, List<Cell> cells) {
        Map<String, Map<String, Cell>> byQuery = new LinkedHashMap<>();
        for (Cell c : cells) if (isQuery(c)) byQuery.computeIfAbsent(c.scenario(), k -> new LinkedHashMap<>()).put(label(c), c);
        if (byQuery.isEmpty()) return;
        List<String> ls = labels(cells.stream().filter(ReadsReport::isQuery).toList());
        List<String> headers = new ArrayList<>(List.of("query", "operations"));
        for (String l : ls) headers.add(l + " p50 / p99 ms");
        Html.Table t = h.h2("Latency per query, one client").table("reads-latency sortable", null, headers.toArray(String[]::new));
        for (Map.Entry<String, Map<String, Cell>> e : byQuery.entrySet()) {
            Cell any = e.getValue().values().iterator().next();
            List<Html.Td> row = new ArrayList<>(List.of(Html.Td.text(e.getKey() + " " + any.title().replaceAll(" \\(1 client.*", "")).title(any.query()),
                    Html.Td.num(Long.toString(any.measurement().latency().count()))));
            for (String l : ls) {
                Cell c = e.getValue().get(l);
                row.add(c == null ? Html.Td.num("–") : Html.Td.num(Format.ms(c.measurement().latency().p50Ms()) + " / " + Format.ms(c.measurement().latency().p99Ms()))
                        .cls(c.validity().flagged() ? "flag" : null).title(String.join("; ", c.validity().flags())));
            }
            t.row(List.of("query", e.getKey()), row.toArray(Html.Td[]::new));
        }
        t.end().note("Each query ran the study's repeat count from one client after a warm-up until steady (hot cache). Cells in amber are flagged"
                + " (e.g. q05 and q06 have only 20 repeats: their p99 is a single sample).");
    }

    private static void throughput(Html h, List<Cell> cells) {
        List<Cell> curve = cells.stream().filter(ReadsReport::isCurve).toList();
        if (curve.isEmpty()) return;
        List<Integer> threads = curve.stream().map(Cell::clients).distinct().sorted().toList();
        List<Charts.Series> series = new ArrayList<>();
        for (String l : labels(curve)) {
            List<Double> y = new ArrayList<>();
            for (int n : threads) y.add(curve.stream().filter(c -> label(c).equals(l) && c.clients() == n).map(c -> c.measurement().opsPerSecond()).findFirst().orElse(null));
            series.add(new Charts.Series(l, y, false));
        }
        h.h2("Throughput against client threads (closed model, all queries mixed by repeat count)");
        h.raw(Charts.lines("reads-throughput", "requests/s against client threads", "client threads (log)", "requests/s (log)", true, true,
                threads.stream().map(Integer::doubleValue).toList(), series));
        List<String> headers = new ArrayList<>(List.of("transport"));
        for (int n : threads) headers.add(n + (n == 1 ? " thread" : " threads"));
        Html.Table t = h.table("reads-throughput", null, headers.toArray(String[]::new));
        for (String l : labels(curve)) {
            List<Html.Td> row = new ArrayList<>(List.of(Html.Td.text(l)));
            for (int n : threads) {
                Cell c = curve.stream().filter(x -> label(x).equals(l) && x.clients() == n).findFirst().orElse(null);
                row.add(c == null ? Html.Td.num("–") : Html.Td.num(Format.rate(c.measurement().opsPerSecond())).cls(c.validity().flagged() ? "flag" : null));
            }
            t.row(row.toArray(Html.Td[]::new));
        }
        t.end();
    }

    private static void split(Html h, List<Cell> cells) {
        List<Cell> rows = cells.stream().filter(c -> isQuery(c) && c.measurement().serverTime() != null).toList();
        if (rows.isEmpty()) return;
        Html.Table t = h.h2("Where the time goes (per request, means)").table("reads-split", null, "query", "transport", "client-measured ms", "server ms",
                "rest: network, serialisation, driver ms", "server share");
        for (Cell c : rows) {
            Measurement m = c.measurement();
            double total = m.serviceTime().meanMs(), server = m.serverTime().meanMs(), rest = m.remainderTime().meanMs();
            t.row(Html.Td.text(c.scenario()), Html.Td.text(label(c)), Html.Td.num(Format.ms(total)), Html.Td.num(Format.ms(server)), Html.Td.num(Format.ms(rest)),
                    Html.Td.num(String.format(Locale.ROOT, "%.0f %%", 100 * server / total)));
        }
        t.end().note("Server time is what the server reported for each request (Bolt: result available after + result consumed after, in whole"
                + " milliseconds, so sub-millisecond queries show 0 or 1 ms per request; capped at the client-measured time); the rest is the"
                + " client-measured time minus it, per request. HTTP and the embedded transport report no server time (embedded has no network:"
                + " all of its time is the server's).");
    }

    private static void sweeps(Html h, List<Cell> cells) {
        List<Cell> rows = cells.stream().filter(c -> c.dimensions().containsKey("connections") || c.dimensions().containsKey("serverThreads")
                || "open".equals(c.load())).toList();
        if (rows.isEmpty()) return;
        Html.Table t = h.h2("Open model, connections and server worker threads").table("reads-sweeps", null, "setting", "ops/s", "p50 ms", "p99 ms", "validity");
        for (Cell c : rows) {
            t.row(Html.Td.text(c.title()), Html.Td.num(Format.rate(c.measurement().opsPerSecond())), Html.Td.num(Format.ms(c.measurement().latency().p50Ms())),
                    Html.Td.num(Format.ms(c.measurement().latency().p99Ms())), Html.Td.text(c.validity().label()).cls(c.validity().flagged() ? "flag" : "pass"));
        }
        t.end().note("Connection pools are compared on one warm server (a second driver each); each Bolt worker-pool size runs on its own server,"
                + " started with that pool and warmed until its throughput settled before it was measured.");
    }

    /** The study's ratios (its summary table, requests/s) beside the same ratios measured here. */
    private static void ratios(Html h, List<Cell> cells) {
        List<Cell> curve = cells.stream().filter(ReadsReport::isCurve).toList();
        if (curve.isEmpty()) return;
        int max = curve.stream().mapToInt(Cell::clients).max().orElse(1);
        Html.Table t = h.h2("The study's ratios beside this run's").table("reads-ratios", null, "ratio", "study", "measured, 1 thread", "measured, " + max + " threads");
        ratio(t, "stored procedures ÷ Cypher (binary transport)", "215 ÷ 83 = 2.6× at 1 thread; 1,131 ÷ 476 = 2.4× at 128 (WebSocket+BSON)", curve,
                "bolt/procedure", "bolt", max);
        ratio(t, "binary ÷ HTTP+JSON (Cypher)", "83 ÷ 70 = 1.2× at 1 thread; 476 ÷ 85 = 5.6× at 128 (WebSocket+BSON vs HTTP)", curve, "bolt", "http", max);
        ratio(t, "embedded ÷ binary (Cypher)", "(not in the study: the in-process ceiling)", curve, "embedded", "bolt", max);
        t.end();
    }

    private static void ratio(Html.Table t, String name, String study, List<Cell> curve, String a, String b, int max) {
        List<Html.Td> row = new ArrayList<>(List.of(Html.Td.text(name), Html.Td.text(study)));
        for (int n : new int[]{1, max}) {
            Double x = rate(curve, a, n), y = rate(curve, b, n);
            row.add(Html.Td.num(x == null || y == null ? "–" : String.format(Locale.ROOT, "%.2f×", x / y)));
        }
        t.row(row.toArray(Html.Td[]::new));
    }

    private static Double rate(List<Cell> curve, String label, int clients) {
        return curve.stream().filter(c -> Objects.equals(label(c), label) && c.clients() == clients).map(c -> c.measurement().opsPerSecond()).findFirst().orElse(null);
    }
}
