package io.graphperf.cli;

import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Headline;
import io.graphperf.core.results.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The quick suite end to end with short phases (what `./graphperf run` does, faster): the loaded graph checked,
 * five cells measured and checked, headline ratios with confidence intervals first in the output, the targets,
 * and the validity columns on every row of results.csv.
 */
class QuickSuiteIT {

    @Test
    void theQuickSuiteOpensWithHeadlinesAndEveryCellCarriesItsValidity(@TempDir Path out) throws Exception {
        // 3 s of 0.4 s intervals: the 5 a steadiness verdict needs on a quiet machine (a busy one may leave fewer: flagged, below)
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "--server-warmup", "6s", "--duration", "3s", "--warmup-max", "4s", "--out", out.toString());
        assertEquals(0, o.code(), o.failure());
        int headline = o.out().indexOf("UNWIND 1000 vs one write per transaction, Bolt, nodes/s: "), table = o.out().indexOf("scenario ");
        assertTrue(headline > 0 && headline < table, "headlines come before the table: " + o.out());
        assertTrue(o.out().contains("(95 % CI "), o.out());
        Path run = WritesIT.onlyRun(out);
        RunResult r = JsonExporter.read(run);
        assertEquals(List.of(), r.failures());
        assertEquals(List.of("read-mix/bolt", "create-labelled-indexed/bolt", "create-labelled-indexed/http", "batch-writer-ws-durable/ws-bson",
                "unwind-1000/bolt"), r.cells().stream().map(c -> c.scenario() + "/" + c.transport()).toList());
        for (Cell c : r.cells()) {
            assertTrue(c.verified(), c.label() + " " + c.checks());
            assertTrue(c.measurement().throughput().ops() > 0, c.label());
        }
        assertEquals(5, r.headlines().size());
        for (Headline h : r.headlines()) {
            assertTrue(h.value() > 0 && (Double.isNaN(h.low()) || h.low() <= h.value() && h.value() <= h.high()), h.toString());
        }
        assertEquals(2, r.targets().size());
        assertTrue(r.targets().stream().allMatch(t -> t.transport().equals("ws-bson vs bolt")), "the gateway's writer against Bolt's baselines: " + r.targets());
        List<String> csv = Files.readAllLines(run.resolve("results.csv"));
        try (var committed = QuickSuiteIT.class.getResourceAsStream("/contract/quick-results-csv-header.txt")) {
            assertEquals(new String(committed.readAllBytes(), StandardCharsets.UTF_8).strip(), csv.get(0),
                    "the quick suite's results.csv columns, as committed (a format change users' scripts meet: see docs/results-format.md)");
        }
        List<String> header = List.of(csv.get(0).split(","));
        int steady = header.indexOf("steady"), warmup = header.indexOf("warmup_s"), trend = header.indexOf("trend_pct_per_s");
        assertTrue(steady > 0 && warmup > 0 && trend > 0, csv.get(0));
        assertEquals(6, csv.size());
        for (int i = 1; i < csv.size(); i++) {
            String row = csv.get(i);
            String[] f = row.split(",", -1);
            Cell c = r.cells().get(i - 1);
            assertTrue(f[steady].equals("true") || f[steady].equals("false"), row);
            assertTrue(Double.parseDouble(f[warmup]) > 0, row);
            // a trend where the window held enough intervals to fit one; where a busy machine left too few, no trend and the cell
            // flagged as such (never called steady)
            if (f[trend].isEmpty()) {
                assertEquals("false", f[steady], row);
                assertTrue(c.validity().flags().stream().anyMatch(x -> x.startsWith("too short to tell")), c.label() + " " + c.validity().flags());
            } else {
                Double.parseDouble(f[trend]);
            }
        }
    }
}
