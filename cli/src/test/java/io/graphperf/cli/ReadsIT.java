package io.graphperf.cli;

import io.graphperf.core.measure.Measurement;
import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.workloads.Experiments;
import io.graphperf.workloads.reads.ReadsData;
import io.graphperf.workloads.reads.SocialQueries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * E2 end to end on the social dataset at scale 0.05 (the scale the engine comparisons use): every query's results checked over
 * every transport and form, a short latency and throughput run over each on a warmed server, the sweeps, and the time split adding
 * up.
 */
class ReadsIT {

    static {
        Experiments.all();
    }

    @Test
    void nineteenQueriesCheckedAndMeasuredOverEveryTransport(@TempDir Path dir) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "reads", "--scale", "0.05", "--out", dir.toString(), "--dataset-cache", dir.resolve("ds").toString(),
                "--repeat-factor", "0.02", "--check-samples", "2", "--threads", "1,4", "--warmup", "100ms", "--duration", "1s", "--rates", "50",
                "--connections", "1", "--bolt-threads", "2", "--gateway-threads", "2", "--servers", "2", "--transports",
                        "bolt,http,embedded,ws-bson-zstd", "--sweep-clients", "4", "--server-warmup", "3s", "--heap", "1g", "--page-cache", "256m");
        assertEquals(0, o.code(), o.failure());
        Path runDir;
        try (var l = Files.list(dir)) {
            runDir = l.filter(p -> p.getFileName().toString().endsWith("-reads")).findFirst().orElseThrow();
        }
        RunResult run = JsonExporter.read(runDir);
        assertTrue(run.passed(), run.failures().toString());
        int combos = 4 * 2; // bolt, http, embedded, the gateway × cypher, procedure
        ReadsData d = run.data(ReadsData.class).orElseThrow();
        assertEquals(19 * 2 * combos, d.checksRun());
        assertEquals(d.checksRun(), d.checksPassed());
        assertTrue(d.serverWarmups().containsKey("first server") && d.serverWarmups().containsKey("server with 2 Bolt threads"), d.serverWarmups().toString());

        Set<String> pairs = run.cells().stream().map(c -> c.transport() + "/" + c.dimensions().get("form")).collect(Collectors.toSet());
        assertEquals(Set.of("bolt/cypher", "http/cypher", "embedded/cypher", "ws-bson-zstd/cypher", "bolt/procedure", "http/procedure",
                "embedded/procedure", "ws-bson-zstd/procedure"), pairs);
        for (var q : SocialQueries.all()) {
            for (String pair : pairs) {
                Cell c = find(run, q.id(), pair, 1);
                long expected = Math.max(1, Math.round(q.repeat() * 0.02));
                assertEquals(expected, c.measurement().latencies().all().count(), q.id() + " over " + pair + ": the study's repeat count × 0.02");
                assertEquals(1, c.checks().size());
                assertTrue(c.verified(), c.checks().toString());
                assertEquals("p50 latency", c.figures().get(0).name(), "a latency cell is judged by its median");
                assertTrue(c.validity().tooFew(), "fewer than 100 operations are flagged");
            }
        }
        // every curve cell measured without errors; how many operations a 1 s window holds depends on the machine (one client may
        // spend it all in one 3-level friends-of-friends query), so only the curve as a whole must have completed some
        long curveOps = 0;
        for (String pair : pairs) {
            for (int n : List.of(1, 4)) {
                Cell c = find(run, "mix", pair, n);
                assertEquals(0, c.measurement().outcomes().errors(), pair + " at " + n + " threads: " + c.measurement().outcomes().errorSamples());
                curveOps += c.measurement().throughput().ops();
            }
        }
        assertTrue(curveOps > 0, "the throughput curves completed operations");
        Cell open = run.cells().stream().filter(c -> "open".equals(c.load())).findFirst().orElseThrow();
        assertEquals(50.0, open.offeredPerSecond());
        assertEquals(open.measurement().outcomes().scheduled(), open.measurement().latencies().all().count() + open.measurement().outcomes().errors(),
                "every scheduled op accounted for");
        assertTrue(run.cells().stream().anyMatch(c -> Objects.equals(c.dimensions().get("connections"), 1)));
        assertTrue(run.cells().stream().anyMatch(c -> Objects.equals(c.dimensions().get("serverThreads"), 2) && c.transport().equals("bolt")));
        assertTrue(run.cells().stream().anyMatch(c -> Objects.equals(c.dimensions().get("serverThreads"), 2) && c.transport().equals("ws-bson-zstd")),
                "the gateway's worker pool swept");
        assertTrue(run.cells().stream().anyMatch(c -> Objects.equals(c.dimensions().get("connections"), 1) && c.transport().equals("ws-bson-zstd")),
                "the gateway client's connections swept");
        // a round-robin group of 2 servers over every transport but embedded, each a validated cell
        Set<String> grouped = run.cells().stream().filter(c -> Objects.equals(c.dimensions().get("servers"), 2))
                .map(c -> c.transport() + "/" + c.dimensions().get("form")).collect(Collectors.toSet());
        assertEquals(Set.of("bolt/cypher", "http/cypher", "ws-bson-zstd/cypher", "bolt/procedure", "http/procedure", "ws-bson-zstd/procedure"), grouped);
        assertTrue(run.cells().stream().filter(c -> c.dimensions().containsKey("servers")).allMatch(c -> c.measurement().throughput().opsPerSecond() > 0
                && c.measurement().outcomes().errors() == 0));
        assertTrue(d.serverWarmups().containsKey("group of 2 servers"), d.serverWarmups().toString());

        // the split of a Bolt or gateway request: server time (as the server reported it) plus the rest is the client-measured time,
        // within HdrHistogram's precision (3 significant digits) and the rounding of means
        for (Cell c : run.cells()) {
            Measurement m = c.measurement();
            if (!c.transport().equals("bolt") && !c.transport().startsWith("ws-")) continue;
            if (m.latencies().service().count() == 0) { // a 1 s window a single long query outlasted: no split invented, the cell flagged
                assertTrue(m.latencies().server() == null && m.latencies().remainder() == null && c.validity().tooFew(), c.label());
                continue;
            }
            assertTrue(m.latencies().server() != null && m.latencies().remainder() != null, c.label());
            double total = m.latencies().service().meanMs(), parts = m.latencies().server().meanMs() + m.latencies().remainder().meanMs();
            assertEquals(total, parts, 0.01 * total + 0.01, c.label());
        }
        assertTrue(run.cells().stream().filter(c -> c.transport().equals("http")).allMatch(c -> c.measurement().latencies().server() == null),
                "HTTP reports no server time");
        // the gateway's client reports its own encode and decode time (part of the rest) and the bytes of each request
        long compressedAway = 0;
        for (Cell c : run.cells()) {
            Measurement m = c.measurement();
            if (!c.transport().startsWith("ws-")) {
                assertTrue(m.latencies().client() == null && m.latencies().wire() == null, c.label() + ": only the gateway's client reports them");
                continue;
            }
            if (m.latencies().service().count() == 0) continue; // as above
            assertTrue(m.latencies().client() != null && m.latencies().client().meanMs() > 0
                    && m.latencies().client().meanMs() <= m.latencies().remainder().meanMs() * 1.01 + 0.01, c.label());
            assertEquals(m.latencies().service().count(), m.latencies().wire().requests(), c.label() + ": bytes counted for every window request");
            assertTrue(m.latencies().wire().sent() > 10 && m.latencies().wire().received() > 10
                    && m.latencies().wire().sent() <= m.latencies().wire().sentUncompressed() + 1, c.label());
            compressedAway += Math.round((m.latencies().wire().receivedUncompressed() - m.latencies().wire().received()) * m.latencies().wire().requests());
            assertTrue(c.values().containsKey("client_library_mean_ms") && c.values().containsKey("received_bytes"), c.label());
        }
        assertTrue(compressedAway > 0, "zstd made some responses smaller");
        String csv = Files.readString(runDir.resolve("results.csv"));
        assertTrue(csv.lines().findFirst().orElseThrow().contains("server_mean_ms,client_library_mean_ms,sent_bytes"), "the split's columns in results.csv");
        String html = Files.readString(runDir.resolve("report.html"));
        assertTrue(html.contains("E2: result checks") && html.contains("reads-throughput") && html.contains("Where the time goes"));
        assertTrue(html.contains("reads-servers"), "the groups' table");
        assertTrue(html.contains("reads-split-chart") && html.contains("data-part=\"client library (encode, compress, decode)\""), "the stacked bar");
    }

    private static Cell find(RunResult run, String scenario, String pair, int clients) {
        return run.cells().stream().filter(c -> c.scenario().equals(scenario) && (c.transport() + "/" + c.dimensions().get("form")).equals(pair)
                        && c.clients() == clients && "closed".equals(c.load()) && !c.dimensions().containsKey("connections")
                                && !c.dimensions().containsKey("serverThreads"))
                .findFirst().orElseThrow(() -> new AssertionError("no " + scenario + " over " + pair + " at " + clients));
    }
}
