package io.graphperf.core.export;

import io.graphperf.core.results.ImportFixtures;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.SeriesResult;
import io.graphperf.core.stats.Comparison;
import io.graphperf.core.stats.SeriesStatistics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** E1's report section and a series' comparison report, opened in a real browser. */
class ImportAndSeriesReportInBrowserTest {

    @Test
    void importStudyAtTwoScalesWithScalingCharts(@TempDir Path dir) throws Exception {
        RunResult run = ImportFixtures.run("r", ImportFixtures.study(0.001, 15.8, 3.5), ImportFixtures.study(0.01, 120.0, 30.0));
        Path report = ResultsFolder.write(run, dir);
        HeadlessChromium.Page page = HeadlessChromium.open(report, dir);
        assertEquals(List.of(), page.consoleMessages());
        String dom = page.dom();
        assertTrue(dom.contains("data-ready=\"1\""));
        assertTrue(dom.contains("<tr data-dataset=\"b2b 0.001\">") && dom.contains("<tr data-dataset=\"b2b 0.01\">"), "one summary row per scale");
        assertTrue(dom.contains("class=\"chart scaling-time\"") && dom.contains("class=\"chart scaling-rate\""), "scaling charts");
        // rows/s of the larger scale, as the table shows it, and the reference line (24,000 per core × 2 cores)
        long rows = 4_570_000L + 21_760_000L;
        assertTrue(dom.contains(">" + Format.rate(rows / 120.0) + "<"), "rows/s in the summary");
        assertTrue(dom.contains("reference: 24,000 rows/s per core × 2"), "reference line named in the legend");
        assertTrue(dom.contains("<td class=\"num cached\">100 %</td>") && dom.contains("<td class=\"num cached\">79 %</td>"), "cached fractions");
        assertTrue(Files.readString(dir.resolve(CsvExporter.FIGURES)).contains("b2b 0.01 · import · time,120.000,s,false"));
    }

    @Test
    void seriesReportShowsVerdictsAndAForestPlot(@TempDir Path dir) throws Exception {
        List<RunResult> a = new ArrayList<>(), b = new ArrayList<>();
        double[] ta = {100, 102, 99}, tb = {130, 128, 131};
        for (int i = 0; i < 3; i++) {
            a.add(ImportFixtures.run("a" + i, ImportFixtures.study(0.001, ta[i] / 10, 3), ImportFixtures.study(0.01, ta[i], 30)));
            b.add(ImportFixtures.run("b" + i, ImportFixtures.study(0.001, tb[i] / 10, 3), ImportFixtures.study(0.01, tb[i], 30)));
        }
        List<SeriesResult.FigureSummary> summaries = new ArrayList<>(SeriesStatistics.summaries("baseline", a));
        summaries.addAll(SeriesStatistics.summaries("encrypted", b));
        SeriesResult.VariantComparison vc = SeriesStatistics.compare("baseline", a, "encrypted", b);
        List<SeriesResult.Trial> trials = new ArrayList<>();
        for (int i = 0; i < 6; i++) trials.add(new SeriesResult.Trial(i + 1, i % 2 == 0 ? "baseline" : "encrypted", i / 2 + 1, "trials/0" + i, "t", true));
        SeriesResult s = new SeriesResult("s", "import", "start", "end", List.of(new SeriesResult.Variant("baseline", Map.of()),
                new SeriesResult.Variant("encrypted", Map.of("data-dir", "/mnt/enc"))), 3, trials, summaries, List.of(vc), Comparison.TEST,
                Map.of(), Map.of(), List.of());
        Path report = SeriesExporter.write(s, dir);
        HeadlessChromium.Page page = HeadlessChromium.open(report, dir);
        assertEquals(List.of(), page.consoleMessages());
        String dom = page.dom();
        assertTrue(dom.contains("data-ready=\"1\""));
        assertTrue(dom.contains("class=\"chart forest\""));
        assertEquals(vc.figures().size(), count(dom, "<tr data-verdict="), "one table row per compared figure");
        assertTrue(dom.contains("Welch"), "the test is stated");
        long worse = vc.figures().stream().filter(c -> c.verdict() == Comparison.Verdict.WORSE).count();
        assertEquals(worse, count(dom, "<tr data-verdict=\"WORSE\""));
        assertTrue(worse >= 4, "import times and rates at both scales are worse");
        assertTrue(dom.contains("class=\"chart scaling-time\""), "medians against scale");
        assertTrue(Files.readString(dir.resolve(SeriesExporter.CSV)).lines().anyMatch(l -> l.startsWith("encrypted,baseline,b2b 0.01 · import · time,s,false,3,")
                && l.endsWith(",WORSE")));
        assertEquals(s.trials().size(), SeriesExporter.read(dir).trials().size(), "series.json reads back");
    }

    private static int count(String s, String needle) {
        int n = 0;
        for (int i = s.indexOf(needle); i >= 0; i = s.indexOf(needle, i + 1)) n++;
        return n;
    }
}
