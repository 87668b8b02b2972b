package io.graphperf.cli;

import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;
import io.graphperf.core.measure.Executor;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Runner;
import io.graphperf.core.measure.SyntheticTransport;
import io.graphperf.core.measure.Warmup;
import io.graphperf.core.measure.Closed;
import io.graphperf.core.measure.Open;
import io.graphperf.core.report.Format;
import io.graphperf.core.report.HeadlessChromium;
import io.graphperf.core.report.ResultsFolder;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Check;
import io.graphperf.core.results.Reference;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.stats.Comparisons;
import io.graphperf.core.stats.Verdicts;
import io.graphperf.workloads.Experiments;
import io.graphperf.workloads.imports.ImportFixtures;
import io.graphperf.workloads.writes.WritesExperiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reports opened in a real browser: scripts run without console errors, uPlot draws, tables hold the measured values. */
class ReportInBrowserIT {

    static Measurement measure(Executor e, Path hlog) throws Exception {
        Operation op = new Operation("op", List.of(new Statement("RETURN 1", null)), TxMode.EXPLICIT, 1);
        RunPlan plan = new RunPlan(e, new Warmup.Fixed(Duration.ofMillis(300)), Duration.ofSeconds(1));
        return new Runner(SyntheticTransport.fixed(200_000), (c, s) -> op, plan, hlog, List.of(), List.of()).run();
    }

    /** Cells as E4 makes them: a baseline, a batch-writer cell with its component figures, an open-model cell. */
    static RunResult writesRun(Path dir) throws Exception {
        WritesExperiment e = new WritesExperiment();
        List<Cell> cells = new ArrayList<>();
        for (String t : List.of("bolt", "http")) {
            Measurement base = measure(new Closed(2), dir.resolve("histograms/base-" + t + ".hlog"));
            cells.add(Cell.builder("writes", "create-labelled-indexed-c8").transport(t).measurement(base).entityUnit("nodes")
                    .reference(new Reference("~300 nodes/s", 300, Reference.ENTITIES, "test")).check(Check.equal("ids",
                            base.outcomes().acknowledgedOps(), base.outcomes().acknowledgedOps()))
                    .build());
            Measurement writer = measure(new Closed(2), dir.resolve("histograms/writer-" + t + ".hlog"));
            cells.add(Cell.builder("writes", "batch-writer-durable-c8").transport(t).measurement(writer).entityUnit("nodes")
                    .component(Map.of("batches", 123L, "batchRowsMean", 45.5, "fsyncsPerSecond", 310.2, "config", "group commit, back to back"))
                    .check(Check.equal("ids", writer.outcomes().acknowledgedOps(), writer.outcomes().acknowledgedOps())).build());
        }
        cells.add(Cell.builder("writes", "create-labelled").transport("bolt").measurement(measure(new Open(500, 2), null)).build());
        return new RunResult(new RunResult.About(RunResult.SCHEMA_VERSION, "writes-run", "writes", e.title(), "2026-01-01T00:00Z",
                "2026-01-01T00:01Z"),
                new RunResult.Setup(Map.of("cellOrder", "shuffled with seed 1"), Map.of("cpu.cores", 2), "synthetic", "none", null, 1), List.of(),
                cells, List.of(),
                new RunResult.Findings(e.headlines(cells), e.targets(cells), List.of(), List.of(), List.of("a run-level warning"), List.of()));
    }

    @Test
    void aWritesReportRendersWithTimelinesTargetsAndTheBatchWriterSection(@TempDir Path dir) throws Exception {
        HeadlessChromium.assumeInstalled();
        RunResult run = writesRun(dir);
        HeadlessChromium.Page page = HeadlessChromium.open(ResultsFolder.write(run, dir, new WritesExperiment().sections()), dir);
        assertEquals(List.of(), page.consoleMessages(), "the report logs nothing to the console");
        assertTrue(page.dom().contains("data-ready=\"1\""), "the report's script ran to its end");
        // uPlot drew the open timelines (the first six are open) as canvases
        assertEquals(5, count(page.dom(), "<canvas"), "one uPlot canvas per open timeline");
        for (Cell c : run.cells()) {
            Pattern row = Pattern.compile("<tr data-scenario=\"" + Pattern.quote(c.scenario()) + "\" data-transport=\"" + c.transport()
                    + "\"[^>]*>(.*?)</tr>", Pattern.DOTALL);
            Matcher m = row.matcher(page.dom());
            assertTrue(m.find(), "row for " + c.label());
            assertTrue(m.group(1).contains(">" + Format.rate(c.measurement().throughput().opsPerSecond()) + "<"), "ops/s in " + m.group(1));
            assertTrue(m.group(1).contains(">" + Format.ms(c.measurement().latencies().all().p99Ms()) + "<"), "p99 in " + m.group(1));
        }
        assertTrue(page.dom().contains("id=\"component\"") && page.dom().contains("123"), "the batch writer's figures");
        assertEquals(2, count(page.dom(), "data-status=\""), "the writer against the baseline that ran, per transport: " + run.targets());
        assertTrue(page.dom().contains("id=\"validity\"") && page.dom().contains("a run-level warning"));
    }

    @Test
    void anImportReportAndAComparisonRender(@TempDir Path dir) throws Exception {
        HeadlessChromium.assumeInstalled();
        Experiments.all();
        RunResult run = ImportFixtures.run("imports", ImportFixtures.study(0.001, 20, 3), ImportFixtures.study(0.003, 50, 7));
        HeadlessChromium.Page page = HeadlessChromium.open(ResultsFolder.write(run, dir.resolve("one"), Experiments.byName("import").sections()), dir);
        assertEquals(List.of(), page.consoleMessages());
        assertTrue(page.dom().contains("data-ready=\"1\""));
        assertTrue(page.dom().contains("id=\"imports\"") && page.dom().contains("scaling-time") && page.dom().contains("class=\"probes\""), "E1's sections");
        assertTrue(page.dom().contains("(OS-cached)"), "a warm-up whose OS file cache was not dropped is marked");

        // five runs a side, the variant's import a third slower: one slower verdict in the forest plot and the table
        List<Cell> a = new ArrayList<>(), b = new ArrayList<>();
        for (int r = 1; r <= 5; r++) {
            for (Cell c : ImportFixtures.run("x", ImportFixtures.study(0.001, 100 + r, 3 + r % 2)).cells()) a.add(c.withVariant("baseline", r, Map.of()));
            for (Cell c : ImportFixtures.run("y", ImportFixtures.study(0.001, 133 + r, 3 + r % 2)).cells()) b.add(c.withVariant("slow", r, Map.of("page-cache", "64m")));
        }
        List<Cell> all = new ArrayList<>(a);
        all.addAll(b);
        var vc = Comparisons.compare("baseline", a, "slow", b, List.of(), Verdicts.Settings.DEFAULT);
        RunResult cmp = new RunResult(new RunResult.About(RunResult.SCHEMA_VERSION, "cmp", "import", "E1", "s", "f"),
                new RunResult.Setup(Map.of(), Map.of(), "fixture", "", List.of(new RunResult.VariantSettings("baseline", Map.of()),
                        new RunResult.VariantSettings("slow", Map.of("page-cache", "64m"))), 5),
                List.of(), all, List.of(), new RunResult.Findings(List.of(), List.of(), List.of(), List.of(vc), List.of(), List.of()));
        HeadlessChromium.Page p2 = HeadlessChromium.open(ResultsFolder.write(cmp, dir.resolve("cmp"), List.of()), dir.resolve("two"));
        assertEquals(List.of(), p2.consoleMessages());
        assertTrue(p2.dom().contains("class=\"chart forest\""), "a forest plot");
        assertTrue(count(p2.dom(), "data-verdict=\"WORSE\"") >= 1, "the slower import is called slower");
    }

    static int count(String s, String needle) {
        int n = 0;
        for (int i = s.indexOf(needle); i >= 0; i = s.indexOf(needle, i + 1)) n++;
        return n;
    }
}
