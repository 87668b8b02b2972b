package io.graphperf.dist;

import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Headline;
import io.graphperf.core.results.RunResult;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the quick suite promises, checked on one run of it: headline ratios with confidence intervals before the table, the five
 * cells measured and checked, the gateway's writer against Bolt's baselines as the targets, and results.csv with the committed
 * columns and a validity on every row.
 */
final class QuickSuiteResults {

    private QuickSuiteResults() {
    }

    static void check(String out, Path run, Path committedHeader) throws Exception {
        int headline = out.indexOf("UNWIND 1000 vs one write per transaction, Bolt, nodes/s: "), table = out.indexOf("scenario ");
        assertTrue(headline > 0 && headline < table, "headlines come before the table: " + out);
        assertTrue(out.contains("(95 % CI "), out);
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
        assertEquals(Files.readString(committedHeader).strip(), csv.get(0),
                "the quick suite's results.csv columns, as committed (a format change users' scripts meet: see docs/results-format.md)");
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
