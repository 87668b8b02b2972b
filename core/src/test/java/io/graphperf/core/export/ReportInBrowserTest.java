package io.graphperf.core.export;

import io.graphperf.core.engine.NoopEngine;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;
import io.graphperf.core.measure.LoadModel;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Runner;
import io.graphperf.core.results.Measurement;
import io.graphperf.core.results.Reference;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.ScenarioResult;
import io.graphperf.core.results.TargetCheck;
import io.graphperf.core.results.Verification;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report opened in a real browser: scripts run without console errors, charts drawn, tables hold the measured values. */
class ReportInBrowserTest {

    static RunResult measuredRun(Path histograms) throws Exception {
        List<ScenarioResult> scenarios = new ArrayList<>();
        String[] transports = {"bolt", "http"};
        for (String scenario : List.of("alpha", "beta")) {
            for (String t : transports) {
                Operation op = new Operation(scenario, List.of(new Statement("RETURN 1", null)), TxMode.EXPLICIT, 10);
                Measurement m = new Runner(new NoopEngine(), (c, s) -> op,
                        new RunPlan(new LoadModel.Closed(1), Duration.ofMillis(200), Duration.ofMillis(500)),
                        histograms.resolve(scenario + "-" + t + ".hlog"), OptionalLong.empty(), null).run();
                // beta goes through a server-side component (figures as the batch writer reports them) and has a ratio target
                Map<String, Object> component = scenario.equals("beta")
                        ? Map.of("batches", 123L, "batchRowsMean", 45.5, "fsyncsPerSecond", 310.2, "config", "group commit every 2 ms") : null;
                List<TargetCheck> targets = scenario.equals("beta")
                        ? List.of(new TargetCheck("beta vs alpha", "beta", "alpha", t, 4.0, 20)) : List.of();
                scenarios.add(new ScenarioResult("test", scenario, scenario + " scenario", t, "RETURN 1", m,
                        List.of(new Verification("nodes", m.acknowledgedOps(), m.acknowledgedOps())),
                        new Reference("1,000 ops/s", 1000, Reference.OPS, "test"), component, targets));
            }
        }
        return new RunResult("test-run", "test", "2026-01-01T00:00Z", "2026-01-01T00:01Z", Map.of("loadModel", "closed"),
                Map.of("cpu.cores", 2), "no-op engine", "none", scenarios, List.of(), List.of());
    }

    @Test
    void reportRendersInHeadlessChromium(@TempDir Path dir) throws Exception {
        RunResult run = measuredRun(dir.resolve("histograms"));
        Path report = ResultsFolder.write(run, dir);
        HeadlessChromium.Page page = HeadlessChromium.open(report, dir);

        assertEquals(List.of(), page.consoleMessages(), "the report logs nothing to the console");
        assertTrue(page.dom().contains("data-ready=\"1\""), "the report's script ran to its end");
        // one bar per scenario × transport in the throughput chart, five percentile dots per row in the latency chart
        assertEquals(4, count(page.dom(), "<rect class=\"bar\""));
        assertEquals(20, count(page.dom(), "<circle class=\"dot\""));
        assertTrue(page.dom().contains("class=\"chart throughput\"") && page.dom().contains("class=\"chart latency\""));
        // the summary rows carry the measured figures, formatted as everywhere else
        for (ScenarioResult s : run.scenarios()) {
            Pattern row = Pattern.compile("<tr data-scenario=\"" + s.scenario() + "\" data-transport=\"" + s.transport() + "\">(.*?)</tr>", Pattern.DOTALL);
            Matcher m = row.matcher(page.dom());
            assertTrue(m.find(), "row for " + s.scenario() + "/" + s.transport());
            String cells = m.group(1);
            assertTrue(cells.contains(">" + Format.rate(s.measurement().opsPerSecond()) + "<"), "ops/s in " + cells);
            assertTrue(cells.contains(">" + Format.ms(s.measurement().latency().p99Ms()) + "<"), "p99 in " + cells);
            assertTrue(s.measurement().opsPerSecond() > 0);
        }
        // the component's figures and the targets
        Matcher component = Pattern.compile("<table[^>]*id=\"component\">(.*?)</table>", Pattern.DOTALL).matcher(page.dom());
        assertTrue(component.find(), "batch writer table");
        assertTrue(component.group(1).contains(">123<") && component.group(1).contains(">45.5<") && component.group(1).contains(">310<"),
                component.group(1));
        Matcher targets = Pattern.compile("<table[^>]*id=\"targets\">(.*?)</table>", Pattern.DOTALL).matcher(page.dom());
        assertTrue(targets.find(), "targets table");
        assertEquals(2, count(targets.group(1), ">not met<"), targets.group(1));
        assertTrue(targets.group(1).contains(">4.0×<") && targets.group(1).contains(">≥ 20.0×<"), targets.group(1));
        assertTrue(Files.size(report) > 5000);
        // self-contained: nothing is loaded from anywhere (the SVG namespace is an identifier, not a fetch)
        String html = Files.readString(report);
        assertTrue(!html.contains("<link") && !html.contains(" src=") && !html.contains("url("), "no external resources");
        assertEquals(html.split("http://").length - 1, html.split("xmlns=\"http://www.w3.org/2000/svg\"").length - 1,
                "the only http:// in the file is the SVG namespace");
    }

    @Test
    void csvAndJsonHoldTheSameFigures(@TempDir Path dir) throws Exception {
        RunResult run = measuredRun(dir.resolve("histograms"));
        ResultsFolder.write(run, dir);
        List<String> csv = Files.readAllLines(dir.resolve(CsvExporter.FILE));
        assertEquals(CsvExporter.HEADER, csv.get(0));
        assertEquals(run.scenarios().size() + 1, csv.size());
        RunResult back = JsonExporter.read(dir);
        assertEquals(run.scenarios().size(), back.scenarios().size());
        for (int i = 0; i < run.scenarios().size(); i++) {
            Measurement a = run.scenarios().get(i).measurement(), b = back.scenarios().get(i).measurement();
            assertEquals(a.windowOps(), b.windowOps());
            assertEquals(a.latency(), b.latency());
            assertEquals(run.scenarios().get(i).targets(), back.scenarios().get(i).targets());
            assertEquals(String.valueOf(run.scenarios().get(i).component()), String.valueOf(back.scenarios().get(i).component()));
            assertTrue(csv.get(i + 1).contains("," + a.windowOps() + ","));
        }
    }

    private static int count(String s, String needle) {
        int n = 0;
        for (int i = s.indexOf(needle); i >= 0; i = s.indexOf(needle, i + 1)) n++;
        return n;
    }
}
