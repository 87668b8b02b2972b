package io.graphperf.workloads.reads;

import io.graphperf.core.measure.LoadModelName;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.WireBytes;
import io.graphperf.core.report.Charts;
import io.graphperf.core.report.Format;
import io.graphperf.core.report.Html;
import io.graphperf.core.report.ReportSection;
import io.graphperf.core.report.SvgChart;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * E2's part of report.html: result checks, latency per query across transports and forms, throughput against
 * client threads, where each request's time goes, the connection and worker-pool sweeps, and the study's ratios.
 */
final class ReadsReport implements ReportSection {

    @Override
    public void render(Html h, RunResult run) {
        if (!ReadsExperiment.NAME.equals(run.experiment())) return;
        EnginesReport.render(h, run);
        // the sections below show one engine's run: the baseline's (with --engines, the first engine's)
        String first = run.variants().get(0).name();
        List<Cell> cells = run.cells().stream().filter(c -> first.equals(c.variant()) && c.repeat() == 1 && c.measurement() != null).toList();
        Optional<ReadsData> found = run.data(ReadsData.class);
        if (found.isPresent()) {
            ReadsData d = found.get();
            h.h2("E2: result checks").open("p", "id", "result-checks").text(d.checksPassed() + " of " + d.checksRun() + " passed").close("p")
                    .note("Each query's rows for sampled parameters, over every transport and form, compared with answers computed in Java from the"
                            + " generated CSV files (no database). Client work on every transport: " + d.clientWork() + ". Data: " + d.load()
                            + ". Server warm-ups: " + d.serverWarmups() + ".");
        }
        latency(h, cells);
        throughput(h, cells);
        split(h, cells);
        sweeps(h, cells);
        groups(h, cells);
        summary(h, cells);
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
        return "mix".equals(c.scenario()) && LoadModelName.CLOSED.is(c.load()) && !c.dimensions().containsKey("connections")
                && !c.dimensions().containsKey("serverThreads") && !c.dimensions().containsKey("servers");
    }

    /** The transport a cell names, read; empty for one that names none of graphperf's transports. */
    static Optional<TransportName> transport(Cell c) {
        try {
            return c.transport() == null ? Optional.empty() : Optional.of(TransportName.of(c.transport()));
        } catch (IllegalArgumentException notOne) {
            return Optional.empty();
        }
    }

    private static boolean over(Cell c, TransportName.Kind kind) {
        return transport(c).map(t -> t.kind() == kind).orElse(false);
    }

    /** Over graphperf's gateway with BSON messages, whatever the compression or linger (the study's WebSocket + BSON). */
    private static boolean overGatewayBson(Cell c) {
        return transport(c).flatMap(TransportName::gateway).map(g -> g.format().equals("bson")).orElse(false);
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
                    Html.Td.num(Long.toString(any.measurement().latencies().all().count()))));
            for (String l : ls) {
                Cell c = e.getValue().get(l);
                row.add(c == null ? Html.Td.num("–") : Html.Td.num(Format.ms(c.measurement().latencies().all().p50Ms()) + " / "
                        + Format.ms(c.measurement().latencies().all().p99Ms()))
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
            for (int n : threads) y.add(curve.stream().filter(c -> label(c).equals(l)
                    && c.clients() == n).map(c -> c.measurement().throughput().opsPerSecond()).findFirst().orElse(null));
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
                row.add(c == null ? Html.Td.num("–") : Html.Td.num(Format.rate(c.measurement().throughput().opsPerSecond())).cls(c.validity().flagged() ? "flag" : null));
            }
            t.row(row.toArray(Html.Td[]::new));
        }
        t.end();
    }

    /** Where a request's time goes per transport and form, over every single-client query cell (means weighted by count). */
    record Split(String label, long requests, double total, double server, double client, double rest, boolean reported, boolean inProcess,
                 WireBytes wire) {

        static Split of(String label, List<Cell> cells) {
            long n = 0, wireN = 0;
            double total = 0, server = 0, client = 0, sent = 0, sentRaw = 0, received = 0, receivedRaw = 0;
            boolean reported = true, inProcess = false;
            for (Cell c : cells) {
                Measurement m = c.measurement();
                long k = m.latencies().service().count();
                n += k;
                total += k * m.latencies().service().meanMs();
                if (m.latencies().server() != null) server += k * m.latencies().server().meanMs();
                else reported = false;
                if (m.latencies().client() != null) client += k * m.latencies().client().meanMs();
                inProcess |= over(c, TransportName.Kind.EMBEDDED);
                if (m.latencies().wire() != null) {
                    WireBytes w = m.latencies().wire();
                    wireN += w.requests();
                    sent += w.requests() * w.sent();
                    sentRaw += w.requests() * w.sentUncompressed();
                    received += w.requests() * w.received();
                    receivedRaw += w.requests() * w.receivedUncompressed();
                }
            }
            if (n == 0) return null;
            total /= n;
            server = reported ? server / n : Double.NaN;
            client /= n;
            double rest = reported ? Math.max(0, total - server - client) : Double.NaN;
            WireBytes wire = wireN == 0 ? null : new WireBytes(wireN, sent / wireN, sentRaw / wireN, received / wireN, receivedRaw / wireN);
            return new Split(label, n, total, server, client, rest, reported, inProcess, wire);
        }

        double[] parts() {
            if (inProcess) return new double[]{total, 0, 0, 0};
            if (!reported) return new double[]{0, client, 0, total - client};
            return new double[]{server, client, rest, 0};
        }
    }

    static final List<String> PARTS = List.of("server (queue + execution)", "client library (encode, compress, decode)",
            "network, framing, I/O threads", "not split (no server time reported)");

    static List<Split> splits(List<Cell> cells) {
        Map<String, List<Cell>> byLabel = new LinkedHashMap<>();
        for (Cell c : cells) if (isQuery(c)) byLabel.computeIfAbsent(label(c), k -> new ArrayList<>()).add(c);
        List<Split> out = new ArrayList<>();
        byLabel.forEach((l, cs) -> {
            Split s = Split.of(l, cs);
            if (s != null) out.add(s);
        });
        return out;
    }

    private static void split(Html h, List<Cell> cells) {
        List<Split> splits = splits(cells);
        if (splits.isEmpty()) return;
        h.h2("Where the time goes, per transport (one client, every query, mean per request)");
        h.raw(SvgChart.stacked("reads-split-chart", "ms per request (mean over every query's requests)", PARTS,
                splits.stream().map(s -> new SvgChart.Stack(s.label(), s.parts(), String.format(Locale.ROOT, "%,d requests", s.requests()))).toList()));
        Html.Table t = h.table("reads-split", null, "transport", "requests", "client-measured ms", "server ms", "client library ms", "network, framing ms",
                "sent B (before compression)", "received B (before compression)");
        for (Split s : splits) {
            t.row(Html.Td.text(s.label()), Html.Td.num(String.format(Locale.ROOT, "%,d", s.requests())), Html.Td.num(Format.ms(s.total())),
                    Html.Td.num(s.inProcess() ? Format.ms(s.total()) : Format.ms(s.server())), Html.Td.num(s.client() > 0 ? Format.ms(s.client()) : "–"),
                    Html.Td.num(s.inProcess() ? "0" : Format.ms(s.rest())), Html.Td.num(bytes(s.wire(), true)), Html.Td.num(bytes(s.wire(), false)));
        }
        t.end().note("Client-measured: from the call to the last row read into Java values. Server: what the server reported for each request"
                + " (the gateway: queue wait plus execution, in nanoseconds; Bolt: result available after + result consumed after, in whole"
                + " milliseconds, so sub-millisecond queries show 0 or 1 ms), capped at the client-measured time. Client library: the gateway"
                + " client's own encode + compress and decompress + decode time, as it timed them. Network, framing: the rest — the loopback,"
                + " WebSocket or Bolt framing and the I/O threads' hand-offs on both sides. HTTP reports no server time, so its time is not split;"
                + " the embedded transport has no network: all of its time is the server's. Bytes: message payloads as the gateway client counted"
                + " them (WebSocket frame headers, TCP and IP not included); Bolt and HTTP do not report theirs.");
        List<Cell> rows = cells.stream().filter(c -> isQuery(c) && c.measurement().latencies().server() != null).toList();
        if (rows.isEmpty()) return;
        Html.Table q = h.table("reads-split-queries", null, "query", "transport", "client-measured ms", "server ms", "client library ms",
                "rest ms", "server share");
        for (Cell c : rows) {
            Measurement m = c.measurement();
            double total = m.latencies().service().meanMs(), server = m.latencies().server().meanMs(), client = m.latencies().client() == null ? 0
                    : m.latencies().client().meanMs();
            q.row(Html.Td.text(c.scenario()), Html.Td.text(label(c)), Html.Td.num(Format.ms(total)), Html.Td.num(Format.ms(server)),
                    Html.Td.num(m.latencies().client() == null ? "–" : Format.ms(client)), Html.Td.num(Format.ms(Math.max(0, total - server - client))),
                    Html.Td.num(String.format(Locale.ROOT, "%.0f %%", 100 * server / total)));
        }
        q.end().note("The same split per query (means over its requests).");
    }

    private static String bytes(WireBytes w, boolean sent) {
        if (w == null) return "–";
        double after = sent ? w.sent() : w.received(), before = sent ? w.sentUncompressed() : w.receivedUncompressed();
        return Math.round(after) == Math.round(before) ? String.format(Locale.ROOT, "%,.0f", after)
                : String.format(Locale.ROOT, "%,.0f (%,.0f)", after, before);
    }

    private static void sweeps(Html h, List<Cell> cells) {
        List<Cell> rows = cells.stream().filter(c -> c.dimensions().containsKey("connections") || c.dimensions().containsKey("serverThreads")
                || LoadModelName.OPEN.is(c.load())).toList();
        if (rows.isEmpty()) return;
        Html.Table t = h.h2("Open model, connections and server worker threads").table("reads-sweeps", null, "setting", "ops/s", "p50 ms", "p99 ms", "validity");
        for (Cell c : rows) {
            t.row(Html.Td.text(c.title()), Html.Td.num(Format.rate(c.measurement().throughput().opsPerSecond())),
                    Html.Td.num(Format.ms(c.measurement().latencies().all().p50Ms())),
                    Html.Td.num(Format.ms(c.measurement().latencies().all().p99Ms())), Html.Td.text(c.validity().label()).cls(c.validity().flagged() ? "flag" : "pass"));
        }
        t.end().note("Connection pools are compared on one warm server (a second client each: a Bolt driver or a gateway client with that many"
                + " connections); each worker-pool size (Bolt's or the gateway's) runs on its own server, started with that pool and warmed until"
                + " its JIT compilers were quiet before it was measured.");
    }

    /** A machine this busy (all cores) limits a group's figure more than its number of servers does. */
    static final double MACHINE_BOUND_BUSY = 0.9;

    /** Round-robin groups: requests/s per group size and transport, and whether the machine rather than the group limited it. */
    private static void groups(Html h, List<Cell> cells) {
        List<Cell> rows = cells.stream().filter(c -> c.dimensions().containsKey("servers")).toList();
        if (rows.isEmpty()) return;
        List<Integer> sizes = rows.stream().map(c -> ((Number) c.dimensions().get("servers")).intValue()).distinct().sorted().toList();
        List<String> headers = new ArrayList<>(List.of("transport"));
        for (int n : sizes) headers.add(n + (n == 1 ? " server" : " servers") + ": req/s (machine busy)");
        Html.Table t = h.h2("Round-robin groups of servers").table("reads-servers", null, headers.toArray(String[]::new));
        List<String> bound = new ArrayList<>();
        for (String l : labels(rows)) {
            List<Html.Td> row = new ArrayList<>(List.of(Html.Td.text(l)));
            for (int n : sizes) {
                Cell c = rows.stream().filter(x -> label(x).equals(l) && ((Number) x.dimensions().get("servers")).intValue() == n).findFirst().orElse(null);
                if (c == null) {
                    row.add(Html.Td.num("–"));
                    continue;
                }
                double busy = c.measurement().resources().machineBusy();
                boolean machine = busy >= MACHINE_BOUND_BUSY;
                if (machine && n > 1) bound.add(l + " at " + n + " servers");
                row.add(Html.Td.num(Format.rate(c.measurement().throughput().opsPerSecond()) + " (" + Format.pct(busy) + ")")
                        .cls(c.validity().flagged() ? "flag" : machine ? "machine-bound" : null)
                        .title(machine ? "the machine's " + c.measurement().resources().cores() + " cores were " + Format.pct(busy)
                                + " busy: the machine, not the number of servers, limits this figure" : String.join("; ", c.validity().flags())));
            }
            t.row(row.toArray(Html.Td[]::new));
        }
        t.end().note("Each group size runs on its own servers — graphperf's: the first on the loaded store, each other on a copy of it, all started"
                + " for the size; yours: as listed in --server — warmed together, then the mix from the sweep's clients, each client's session on"
                + " the next server in turn. Servers graphperf starts share this machine's cores with each other and with the clients.");
        long groups = rows.stream().filter(c -> ((Number) c.dimensions().get("servers")).intValue() > 1).count();
        if (!bound.isEmpty()) {
            String which = bound.size() == groups ? "every group of more than one server here" : String.join(", ", bound);
            h.open("p", "class", "warning machine-bound").text("The machine, not the number of servers, limits " + which
                    + ": its cores were at least " + Format.pct(MACHINE_BOUND_BUSY) + " busy, so more servers on it only share the same CPU.").close("p");
        }
    }

    /** A row of the study's summary table: which cells it takes and the study's figures (requests/s), or null when the study had none. */
    private record SummaryRow(String name, Predicate<Cell> matches, String study) {
    }

    /**
     * The study's summary table redone: requests/s at 1 client thread, at the most threads of the curve, and the best of any closed
     * mix cell (curve, connections, worker pools, groups), beside the study's figures. WebSocket+BSON rows take the best of the
     * ws-bson transports given (any compression), named in the cell's title.
     */
    private static void summary(Html h, List<Cell> cells) {
        List<Cell> mixes = cells.stream().filter(c -> "mix".equals(c.scenario()) && LoadModelName.CLOSED.is(c.load())).toList();
        if (mixes.stream().noneMatch(ReadsReport::isCurve)) return;
        int max = mixes.stream().filter(ReadsReport::isCurve).mapToInt(Cell::clients).max().orElse(1);
        List<SummaryRow> rows = List.of(
                new SummaryRow("HTTP + JSON (Cypher)", c -> over(c, TransportName.Kind.HTTP) && form(c).equals(ReadStudy.CYPHER), "70 / 85 / 85"),
                new SummaryRow("native procedures over WebSocket + BSON", c -> overGatewayBson(c) && form(c).equals(ReadStudy.PROCEDURE),
                        "215 / 1,131 / 2,544"),
                new SummaryRow("Cypher over WebSocket + BSON", c -> overGatewayBson(c) && form(c).equals(ReadStudy.CYPHER), "83 / 476 / 1,824"),
                new SummaryRow("Bolt (Cypher)", c -> over(c, TransportName.Kind.BOLT) && form(c).equals(ReadStudy.CYPHER), null),
                new SummaryRow("procedures over Bolt", c -> over(c, TransportName.Kind.BOLT) && form(c).equals(ReadStudy.PROCEDURE), null),
                new SummaryRow("procedures in-process (embedded, the ceiling)", c -> over(c, TransportName.Kind.EMBEDDED)
                        && form(c).equals(ReadStudy.PROCEDURE), null));
        Html.Table t = h.h2("The study's summary table, redone (requests/s)").table("reads-summary", null, "", "study: 1 thread / 128 threads / best",
                "measured: 1 thread", "measured: " + max + " threads", "measured: best");
        for (SummaryRow r : rows) {
            List<Cell> mine = mixes.stream().filter(r.matches()).toList();
            if (mine.isEmpty()) continue;
            Cell one = best(mine.stream().filter(c -> isCurve(c) && c.clients() == 1).toList());
            Cell top = best(mine.stream().filter(c -> isCurve(c) && c.clients() == max).toList());
            Cell bestOfAll = best(mine);
            t.row(Html.Td.text(r.name()), Html.Td.num(r.study() == null ? "(not in the study)" : r.study()), rateCell(one), rateCell(top), rateCell(bestOfAll));
        }
        t.end().note("The study's figures come from its own hardware and versions: compare the shape (which row wins, by how much, and how far"
                + " threads lift it), not the absolute numbers. Best: the highest of every closed-model mix cell of the row (client threads,"
                + " connections, worker pools, groups of servers); hover a figure for the cell it came from.");
    }

    private static Cell best(List<Cell> cs) {
        return cs.stream().max(Comparator.comparingDouble(c -> c.measurement().throughput().opsPerSecond())).orElse(null);
    }

    private static Html.Td rateCell(Cell c) {
        if (c == null) return Html.Td.num("–");
        return Html.Td.num(Format.rate(c.measurement().throughput().opsPerSecond())).cls(c.validity().flagged() ? "flag" : null)
                .title(c.transport() + ": " + c.title() + (c.validity().flagged() ? " — flagged: " + String.join("; ", c.validity().flags()) : ""));
    }

    /** The study's ratios (its summary table, requests/s) beside the same ratios measured here. */
    private static void ratios(Html h, List<Cell> cells) {
        List<Cell> curve = cells.stream().filter(ReadsReport::isCurve).toList();
        if (curve.isEmpty()) return;
        int max = curve.stream().mapToInt(Cell::clients).max().orElse(1);
        Html.Table t = h.h2("The study's ratios beside this run's").table("reads-ratios", null, "ratio", "study", "measured, 1 thread", "measured, " + max + " threads");
        // the study's binary transport: the gateway with BSON if it ran (any compression), else the gateway in another format, else Bolt
        List<Cell> cypher = curve.stream().filter(c -> form(c).equals(ReadStudy.CYPHER)).toList();
        String binary = cypher.stream().filter(ReadsReport::overGatewayBson).findFirst()
                .or(() -> cypher.stream().filter(c -> over(c, TransportName.Kind.GATEWAY)).findFirst()).map(Cell::transport).orElse(TransportName.BOLT.id());
        String embedded = TransportName.EMBEDDED.id(), http = TransportName.HTTP.id(), bolt = TransportName.BOLT.id();
        ratio(t, "stored procedures ÷ Cypher (" + binary + ")", "215 ÷ 83 = 2.6× at 1 thread; 1,131 ÷ 476 = 2.4× at 128 (WebSocket+BSON)", curve,
                procedure(binary), binary, max);
        ratio(t, binary + " ÷ HTTP+JSON (Cypher)", "83 ÷ 70 = 1.2× at 1 thread; 476 ÷ 85 = 5.6× at 128 (WebSocket+BSON vs HTTP)", curve, binary, http, max);
        if (!binary.equals(bolt)) {
            ratio(t, binary + " ÷ Bolt (procedures)", "(not in the study)", curve, procedure(binary), procedure(bolt), max);
            ratio(t, binary + " ÷ embedded (procedures): share of the in-process ceiling", "(not in the study)", curve, procedure(binary),
                    procedure(embedded), max);
        }
        ratio(t, "embedded ÷ " + binary + " (Cypher)", "(not in the study: the in-process ceiling)", curve, embedded, binary, max);
        t.end();
    }

    /** A curve's label for the stored-procedure form over a transport. */
    private static String procedure(String transport) {
        return ReadStudy.label(transport, ReadStudy.PROCEDURE);
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
        return curve.stream().filter(c -> Objects.equals(label(c), label)
                && c.clients() == clients).map(c -> c.measurement().throughput().opsPerSecond()).findFirst().orElse(null);
    }
}
