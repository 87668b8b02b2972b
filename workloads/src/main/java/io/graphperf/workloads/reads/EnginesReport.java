package io.graphperf.workloads.reads;

import io.graphperf.core.report.Format;
import io.graphperf.core.report.Html;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Headline;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.stats.FigureComparison;
import io.graphperf.core.stats.Ratio;
import io.graphperf.core.stats.VariantComparison;
import io.graphperf.workloads.options.EngineCatalog;
import io.graphperf.workloads.options.Variant;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;

/**
 * E2 on several engines (--engines): a table engines × queries (p50 / p99 at one client, each engine's ratio to the first
 * with the comparison's verdict), throughput against client threads, the result checks and the queries each engine could
 * not express, each engine's query texts; and the headline "fastest on the read mix". Like is compared with like: the
 * same cell (query, transport, clients, form) on each engine.
 */
final class EnginesReport {

    private EnginesReport() {
    }

    /** The engines of a run made with --engines, in order (the first the baseline); empty for any other run. */
    static List<String> engines(RunResult run) {
        List<String> out = run.variants().stream().filter(v -> v.settings().containsKey(Variant.ENGINE)).map(RunResult.VariantSettings::name).toList();
        return out.size() > 1 ? out : List.of();
    }

    static void render(Html h, RunResult run) {
        List<String> engines = engines(run);
        if (engines.isEmpty()) return;
        String base = engines.get(0);
        h.h2("Engines side by side", "id", "engines");
        h.note("The same cells on each engine, each in its own JVM, trials interleaved (" + run.repeats() + " run" + (run.repeats() == 1 ? "" : "s")
                + " each); each engine loaded the same generated dataset with its own bulk loader and answered the same result checks. Ratios are"
                + " to " + base + " (the first of --engines); verdicts from the comparison below (Welch's test, Holm's correction), which needs 3 runs a side.");
        Html.Table checks = h.table("reads-engine-checks", null, "engine", "result checks passed", "not expressible", "load");
        for (String e : engines) {
            Optional<ReadsData> found = data(run, e);
            if (found.isEmpty()) {
                checks.row(Html.Td.text(e), Html.Td.text("no data (trial failed)"), Html.Td.text(""), Html.Td.text(""));
                continue;
            }
            ReadsData d = found.get();
            String ne = d.notExpressible().isEmpty() ? "none" : String.join("; ", d.notExpressible().entrySet().stream().map(x -> x.getKey() + ": "
                    + x.getValue()).toList());
            checks.row(List.of("engine", e), Html.Td.text(e + " — " + d.engine()), Html.Td.num(d.checksPassed() + " of " + d.checksRun()),
                    Html.Td.text(ne), Html.Td.text(d.load()));
        }
        checks.end();
        latency(h, run, engines);
        throughput(h, run, engines);
        texts(h, run, engines);
    }

    private static void latency(Html h, RunResult run, List<String> engines) {
        Map<String, Map<String, List<Cell>>> byQuery = new LinkedHashMap<>();
        for (Cell c : run.cells()) {
            if (c.measurement() == null || !ReadsReport.isQuery(c) || !engines.contains(c.variant())) continue;
            byQuery.computeIfAbsent(key(c), k -> new LinkedHashMap<>()).computeIfAbsent(c.variant(), k -> new ArrayList<>()).add(c);
        }
        if (byQuery.isEmpty()) return;
        List<String> headers = new ArrayList<>(List.of("query (transport, form)"));
        for (String e : engines) headers.add(e + " p50 / p99 ms");
        for (String e : engines.subList(1, engines.size())) headers.add(e + " ÷ " + engines.get(0) + " p50");
        Html.Table t = h.h3("Latency per query, one client").table("reads-engines-latency sortable", null, headers.toArray(String[]::new));
        for (Map.Entry<String, Map<String, List<Cell>>> q : byQuery.entrySet()) {
            List<Html.Td> row = new ArrayList<>(List.of(Html.Td.text(q.getKey())));
            for (String e : engines) {
                List<Cell> cs = q.getValue().getOrDefault(e, List.of());
                row.add(cs.isEmpty() ? Html.Td.text("—").title("not measured on " + e)
                        : Html.Td.num(Format.ms(mean(cs, c -> c.measurement().latencies().all().p50Ms())) + " / "
                                + Format.ms(mean(cs, c -> c.measurement().latencies().all().p99Ms())))
                        .cls(cs.stream().anyMatch(c -> c.validity().flagged()) ? "flagged" : null));
            }
            List<Cell> base = q.getValue().getOrDefault(engines.get(0), List.of());
            for (String e : engines.subList(1, engines.size())) {
                List<Cell> cs = q.getValue().getOrDefault(e, List.of());
                if (cs.isEmpty() || base.isEmpty()) {
                    row.add(Html.Td.text("—"));
                    continue;
                }
                double ratio = mean(cs, c -> c.measurement().latencies().all().p50Ms()) / mean(base, c -> c.measurement().latencies().all().p50Ms());
                row.add(Html.Td.num(String.format("%.2f×", ratio)).title(verdict(run, e, cs.get(0).label(), "p50 latency")));
            }
            t.row(List.of("query", q.getKey()), row.toArray(Html.Td[]::new));
        }
        t.end();
    }

    private static void throughput(Html h, RunResult run, List<String> engines) {
        Map<String, Map<String, List<Cell>>> byCell = new LinkedHashMap<>();
        for (Cell c : run.cells()) {
            if (c.measurement() == null || !"mix".equals(c.scenario()) || !engines.contains(c.variant())) continue;
            byCell.computeIfAbsent(c.label(), k -> new LinkedHashMap<>()).computeIfAbsent(c.variant(), k -> new ArrayList<>()).add(c);
        }
        if (byCell.isEmpty()) return;
        List<String> headers = new ArrayList<>(List.of("the query mix"));
        for (String e : engines) headers.add(e + " ops/s (p99 ms)");
        for (String e : engines.subList(1, engines.size())) headers.add(e + " ÷ " + engines.get(0));
        Html.Table t = h.h3("Throughput of the query mix").table("reads-engines-throughput", null, headers.toArray(String[]::new));
        for (Map.Entry<String, Map<String, List<Cell>>> x : byCell.entrySet()) {
            List<Html.Td> row = new ArrayList<>(List.of(Html.Td.text(x.getKey())));
            for (String e : engines) {
                List<Cell> cs = x.getValue().getOrDefault(e, List.of());
                row.add(cs.isEmpty() ? Html.Td.text("—") : Html.Td.num(Format.rate(mean(cs, c -> c.measurement().throughput().opsPerSecond())) + " ("
                        + Format.ms(mean(cs, c -> c.measurement().latencies().all().p99Ms()))
                                + ")").cls(cs.stream().anyMatch(c -> c.validity().flagged()) ? "flagged" : null));
            }
            List<Cell> base = x.getValue().getOrDefault(engines.get(0), List.of());
            for (String e : engines.subList(1, engines.size())) {
                List<Cell> cs = x.getValue().getOrDefault(e, List.of());
                if (cs.isEmpty() || base.isEmpty()) {
                    row.add(Html.Td.text("—"));
                    continue;
                }
                Ratio r = Ratio.of(batches(cs), batches(base));
                row.add(Html.Td.num(ratio(r)).title(verdict(run, e, x.getKey(), cs.get(0).offeredPerSecond() != null ? "p99 latency" : "throughput")));
            }
            t.row(row.toArray(Html.Td[]::new));
        }
        t.end();
    }

    private static void texts(Html h, RunResult run, List<String> engines) {
        h.h3("The query text each engine ran");
        h.note("Where a dialect needs another text, the text is kept per engine in one place (SocialDialects); every text is checked against the same answers.");
        Map<String, Map<String, String>> byQuery = new LinkedHashMap<>();
        for (String e : engines) {
            Optional<ReadsData> d = data(run, e);
            if (d.isEmpty()) continue;
            d.get().queryTexts().forEach((q, text) -> byQuery.computeIfAbsent(q, k -> new LinkedHashMap<>()).put(e, text));
            d.get().notExpressible().forEach((q, why) -> byQuery.computeIfAbsent(q, k -> new LinkedHashMap<>()).put(e, "not expressible: " + why));
        }
        List<String> headers = new ArrayList<>(List.of("query"));
        headers.addAll(engines);
        Html.Table t = h.table("reads-engines-texts", null, headers.toArray(String[]::new));
        for (Map.Entry<String, Map<String, String>> q : byQuery.entrySet()) {
            List<Html.Td> row = new ArrayList<>(List.of(Html.Td.text(q.getKey())));
            String first = q.getValue().get(engines.get(0));
            for (String e : engines) {
                String text = q.getValue().getOrDefault(e, "—");
                row.add(Html.Td.markup("<code>" + escape(e.equals(engines.get(0)) || !text.equals(first) ? text : "(the same)") + "</code>"));
            }
            t.row(row.toArray(Html.Td[]::new));
        }
        t.end();
    }

    /** "fastest on the read mix (N clients, transport): X, Y× Z" for the mix at the most clients of the closed curve. */
    static List<Headline> headlines(List<Cell> cells) {
        List<String> engines = cells.stream().map(Cell::variant).filter(EngineCatalog::isEngineName).distinct().toList();
        if (engines.size() < 2) return List.of();
        Map<String, Map<String, List<Cell>>> byCell = new LinkedHashMap<>();
        for (Cell c : cells) {
            if (c.measurement() == null || !ReadsReport.isCurve(c) || !engines.contains(c.variant())) continue;
            byCell.computeIfAbsent(c.label(), k -> new LinkedHashMap<>()).computeIfAbsent(c.variant(), k -> new ArrayList<>()).add(c);
        }
        Map<String, List<Cell>> top = null;
        int clients = -1;
        for (Map<String, List<Cell>> m : byCell.values()) {
            Cell any = m.values().iterator().next().get(0);
            if (m.size() == engines.size() && any.clients() > clients) {
                top = m;
                clients = any.clients();
            }
        }
        if (top == null) return List.of();
        String fastest = null, second = null;
        double best = -1, next = -1;
        for (Map.Entry<String, List<Cell>> e : top.entrySet()) {
            double rate = mean(e.getValue(), c -> c.measurement().throughput().opsPerSecond());
            if (rate > best) {
                second = fastest;
                next = best;
                fastest = e.getKey();
                best = rate;
            } else if (rate > next) {
                second = e.getKey();
                next = rate;
            }
        }
        Ratio r = Ratio.of(batches(top.get(fastest)), batches(top.get(second)));
        Cell any = top.get(fastest).get(0);
        boolean steady = top.values().stream().flatMap(List::stream).noneMatch(c -> c.validity().flagged());
        return List.of(new Headline("fastest on the read mix (" + clients + " client" + (clients == 1 ? "" : "s") + ", " + any.transport() + "): " + fastest + ", against "
                + second, "ratio", r.value(), r.low(), r.high(), "×", steady, "throughput of " + fastest + " ÷ " + second + "; engines: " + String.join(", ", engines)));
    }

    private static String verdict(RunResult run, String engine, String cell, String figure) {
        for (VariantComparison vc : run.comparisons()) {
            if (!vc.variant().equals(engine)) continue;
            for (FigureComparison f : vc.figures()) if (f.cell().equals(cell) && f.figure().equals(figure)) return f.outcome().text + ": " + f.reason();
        }
        return "no comparison (it needs the run complete)";
    }

    /** The engine's reads data, the first trial's that has it; empty when every trial of the engine failed. */
    private static Optional<ReadsData> data(RunResult run, String engine) {
        for (RunResult.TrialData d : run.data()) if (d.variant().equals(engine) && d.data() instanceof ReadsData r) return Optional.of(r);
        return Optional.empty();
    }

    private static String key(Cell c) {
        return c.scenario() + " " + c.title().replaceAll(" \\(1 client.*", "") + " (" + c.transport() + ", " + ReadsReport.form(c) + ")";
    }

    private static List<Double> batches(List<Cell> cs) {
        List<Double> out = new ArrayList<>();
        for (Cell c : cs) out.addAll(c.measurement().throughput().batchRates());
        return out;
    }

    private static String ratio(Ratio r) {
        String v = String.format("%.2f×", r.value());
        return Double.isFinite(r.low()) ? v + String.format(" (95 %% CI %.2f–%.2f)", r.low(), r.high()) : v;
    }

    private static double mean(List<Cell> cs, ToDoubleFunction<Cell> f) {
        OptionalDouble m = cs.stream().mapToDouble(f).average();
        return m.orElse(Double.NaN);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
