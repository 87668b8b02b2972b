package io.graphperf.core.export;

import io.graphperf.core.results.Measurement;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.ScenarioResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * E2's part of report.html: latency per query across transports, throughput against client threads,
 * where each request's time goes (client, server, the rest), the sweeps, and the study's ratios.
 */
final class ReadsReportSection {

    private static final Pattern QUERY = Pattern.compile("q\\d\\d"), MIX = Pattern.compile("mix@(\\d+)");

    private ReadsReportSection() {
    }

    static void render(StringBuilder h, RunResult run) {
        if (!"reads".equals(run.experiment()) || run.scenarios().isEmpty()) return;
        Object checks = run.configuration().get("resultChecks");
        h.append("<h2>E2: result checks</h2><p id=\"result-checks\">").append(Html.escape(checks == null ? "not run" : checks + ""))
                .append(" — each query's rows for sampled parameters, over every transport and form, compared with answers computed in Java"
                        + " from the generated CSV files (no database).</p>");
        latency(h, run);
        throughput(h, run);
        split(h, run);
        sweeps(h, run);
        ratios(h, run);
    }

    private static List<String> transports(RunResult run) {
        return run.scenarios().stream().map(ScenarioResult::transport).distinct().toList();
    }

    private static void latency(StringBuilder h, RunResult run) {
        Map<String, Map<String, ScenarioResult>> byQuery = new LinkedHashMap<>();
        for (ScenarioResult s : run.scenarios()) {
            if (QUERY.matcher(s.scenario()).matches()) byQuery.computeIfAbsent(s.scenario(), k -> new LinkedHashMap<>()).put(s.transport(), s);
        }
        if (byQuery.isEmpty()) return;
        List<String> ts = transports(run);
        h.append("<h2>Latency per query, one client</h2><table class=\"reads-latency sortable\"><thead><tr><th>query</th><th>operations</th>");
        for (String t : ts) h.append("<th>").append(Html.escape(t)).append(" p50 / p99 ms</th>");
        h.append("</tr></thead><tbody>");
        for (Map.Entry<String, Map<String, ScenarioResult>> e : byQuery.entrySet()) {
            ScenarioResult any = e.getValue().values().iterator().next();
            h.append("<tr data-query=\"").append(e.getKey()).append("\"><td title=\"").append(Html.escape(any.query())).append("\">")
                    .append(Html.escape(e.getKey() + " " + any.title().replaceAll(" \\(1 client.*", ""))).append("</td><td class=\"num\">")
                    .append(any.measurement().latency().count()).append("</td>");
            for (String t : ts) {
                ScenarioResult s = e.getValue().get(t);
                h.append("<td class=\"num\">").append(s == null ? "–" : Format.ms(s.measurement().latency().p50Ms()) + " / "
                        + Format.ms(s.measurement().latency().p99Ms())).append("</td>");
            }
            h.append("</tr>");
        }
        h.append("</tbody></table>");
    }

    private static void throughput(StringBuilder h, RunResult run) {
        Map<String, List<double[]>> lines = new LinkedHashMap<>();
        for (ScenarioResult s : run.scenarios()) {
            Matcher m = MIX.matcher(s.scenario());
            if (m.matches()) lines.computeIfAbsent(s.transport(), k -> new ArrayList<>()).add(new double[]{Integer.parseInt(m.group(1)), s.measurement().opsPerSecond()});
        }
        if (lines.isEmpty()) return;
        List<SvgChart.Line> l = new ArrayList<>();
        lines.forEach((t, pts) -> l.add(new SvgChart.Line(t, pts, false)));
        h.append("<h2>Throughput against client threads (closed model, all queries mixed by repeat count)</h2>")
                .append(SvgChart.logLog("reads-throughput", "client threads (log)", "requests/s (log)", l));
        h.append("<table class=\"reads-throughput\"><tr><th>transport</th>");
        List<Integer> threads = new ArrayList<>();
        for (List<double[]> pts : lines.values()) for (double[] p : pts) if (!threads.contains((int) p[0])) threads.add((int) p[0]);
        threads.sort(null);
        for (int n : threads) h.append("<th>").append(n).append(n == 1 ? " thread" : " threads").append("</th>");
        h.append("</tr>");
        lines.forEach((t, pts) -> {
            h.append("<tr><td>").append(Html.escape(t)).append("</td>");
            for (int n : threads) {
                double v = pts.stream().filter(p -> (int) p[0] == n).mapToDouble(p -> p[1]).findFirst().orElse(Double.NaN);
                h.append("<td class=\"num\">").append(Format.rate(v)).append("</td>");
            }
            h.append("</tr>");
        });
        h.append("</table>");
    }

    private static void split(StringBuilder h, RunResult run) {
        List<ScenarioResult> rows = run.scenarios().stream().filter(s -> QUERY.matcher(s.scenario()).matches() && s.measurement().serverTime() != null).toList();
        if (rows.isEmpty()) return;
        h.append("<h2>Where the time goes (per request, means)</h2><table class=\"reads-split\"><tr><th>query</th><th>transport</th>")
                .append("<th>client-measured ms</th><th>server ms</th><th>rest: network, serialisation, driver ms</th><th>server share</th></tr>");
        for (ScenarioResult s : rows) {
            Measurement m = s.measurement();
            double total = m.serviceTime().meanMs(), server = m.serverTime().meanMs(), rest = m.remainderTime().meanMs();
            h.append("<tr><td>").append(s.scenario()).append("</td><td>").append(Html.escape(s.transport())).append("</td><td class=\"num\">")
                    .append(Format.ms(total)).append("</td><td class=\"num\">").append(Format.ms(server)).append("</td><td class=\"num\">")
                    .append(Format.ms(rest)).append("</td><td class=\"num\">").append(String.format(Locale.ROOT, "%.0f %%", 100 * server / total)).append("</td></tr>");
        }
        h.append("</table><p class=\"note\">Server time is what the server reported for each request (Bolt: result available after + result"
                + " consumed after, in whole milliseconds, so sub-millisecond queries show 0 or 1 ms per request; capped at the client-measured"
                + " time); the rest is the client-measured time minus it, per request. HTTP and the embedded"
                + " transport report no server time (embedded has no network: all of its time is the server's).</p>");
    }

    private static void sweeps(StringBuilder h, RunResult run) {
        List<ScenarioResult> rows = run.scenarios().stream().filter(s -> s.scenario().contains(" conns=") || s.scenario().contains(" boltThreads=")).toList();
        if (rows.isEmpty()) return;
        h.append("<h2>Connections and server worker threads</h2><table class=\"reads-sweeps\"><tr><th>setting</th><th>ops/s</th><th>p50 ms</th><th>p99 ms</th></tr>");
        for (ScenarioResult s : rows) {
            h.append("<tr><td>").append(Html.escape(s.title())).append("</td><td class=\"num\">").append(Format.rate(s.measurement().opsPerSecond()))
                    .append("</td><td class=\"num\">").append(Format.ms(s.measurement().latency().p50Ms())).append("</td><td class=\"num\">")
                    .append(Format.ms(s.measurement().latency().p99Ms())).append("</td></tr>");
        }
        h.append("</table>");
    }

    /** The study's ratios (its summary table, requests/s) beside the same ratios measured here. */
    private static void ratios(StringBuilder h, RunResult run) {
        Map<String, Double> mix = new LinkedHashMap<>();
        int max = 0;
        for (ScenarioResult s : run.scenarios()) {
            Matcher m = MIX.matcher(s.scenario());
            if (m.matches()) {
                mix.put(s.transport() + "@" + m.group(1), s.measurement().opsPerSecond());
                max = Math.max(max, Integer.parseInt(m.group(1)));
            }
        }
        if (mix.isEmpty()) return;
        h.append("<h2>The study's ratios beside this run's</h2><table class=\"reads-ratios\"><tr><th>ratio</th><th>study</th><th>measured, 1 thread</th><th>measured, ")
                .append(max).append(" threads</th></tr>");
        ratio(h, "stored procedures ÷ Cypher (binary transport)", "215 ÷ 83 = 2.6× at 1 thread; 1,131 ÷ 476 = 2.4× at 128 (WebSocket+BSON)",
                mix, "bolt/procedure", "bolt", max);
        ratio(h, "binary ÷ HTTP+JSON (Cypher)", "83 ÷ 70 = 1.2× at 1 thread; 476 ÷ 85 = 5.6× at 128 (WebSocket+BSON vs HTTP)", mix, "bolt", "http", max);
        ratio(h, "embedded ÷ binary (Cypher)", "(not in the study: the in-process ceiling)", mix, "embedded", "bolt", max);
        h.append("</table>");
    }

    private static void ratio(StringBuilder h, String name, String study, Map<String, Double> mix, String a, String b, int max) {
        h.append("<tr><td>").append(Html.escape(name)).append("</td><td>").append(Html.escape(study)).append("</td>");
        for (int n : new int[]{1, max}) {
            Double x = mix.get(a + "@" + n), y = mix.get(b + "@" + n);
            h.append("<td class=\"num\">").append(x == null || y == null ? "–" : String.format(Locale.ROOT, "%.2f×", x / y)).append("</td>");
        }
        h.append("</tr>");
    }
}
