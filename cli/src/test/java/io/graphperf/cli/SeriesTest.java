package io.graphperf.cli;

import io.graphperf.core.export.JsonExporter;
import io.graphperf.core.export.ResultsFolder;
import io.graphperf.core.export.SeriesExporter;
import io.graphperf.core.results.ImportFixtures;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.SeriesResult;
import io.graphperf.core.stats.Comparison;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Variants run interleaved, each run in its own folder, the series files rewritten as runs finish; compare reads them back. */
class SeriesTest {

    @Test
    void variantsRunInterleavedAndAreComparedWithTheBaseline(@TempDir Path dir) throws Exception {
        RunCommand cmd = new RunCommand();
        cmd.experiment = "import";
        cmd.variants = List.of("small-cache:page-cache=64m,db.tx_log.rotation.size=1M");
        cmd.repeat = 3;
        cmd.out = dir;
        RunSettings s = cmd.resolve();
        List<String> order = new ArrayList<>();
        List<String> pageCaches = new ArrayList<>();
        // a stand-in for the import study: the variant takes a third longer to import
        SeriesResult result = Series.run(s, dir.resolve("series"), (settings, trialDir) -> {
            order.add(settings.variant.name());
            pageCaches.add(settings.pageCache + " " + settings.settings.get("db.tx_log.rotation.size"));
            boolean variant = settings.variant.name().equals("small-cache");
            double t = (variant ? 130 : 100) + order.size() % 3;
            RunResult r = ImportFixtures.run(trialDir.getFileName().toString(), ImportFixtures.study(0.01, t, 5 + order.size() % 2));
            ResultsFolder.write(r, trialDir);
            return r;
        }, io.graphperf.core.progress.ConsoleProgress.forStderr());

        assertEquals(List.of("baseline", "small-cache", "baseline", "small-cache", "baseline", "small-cache"), order, "A B A B A B");
        assertEquals("512m null", pageCaches.get(0));
        assertEquals("64m 1M", pageCaches.get(1), "the variant's settings applied over the run's");
        assertEquals(6, result.trials().size());
        assertTrue(result.passed(), result.failures().toString());
        SeriesResult.VariantComparison vc = result.comparisons().get(0);
        Comparison time = vc.figures().stream().filter(c -> c.figure().equals("b2b 0.01 · import · time")).findFirst().orElseThrow();
        assertEquals(Comparison.Verdict.WORSE, time.verdict());
        assertEquals(3, time.a().n());
        Path series = dir.resolve("series");
        assertTrue(Files.isRegularFile(series.resolve("report.html")) && Files.isRegularFile(series.resolve(SeriesExporter.CSV)));
        assertEquals("trials/02-small-cache-1", SeriesExporter.read(series).trials().get(1).dir());
        assertTrue(Files.isRegularFile(series.resolve("trials/02-small-cache-1").resolve(JsonExporter.FILE)));

        // graphperf compare on the series' two variants gives the same verdict, and on a single run: no verdict
        CliErrorsTest.Outcome o = CliErrorsTest.cli("compare", series + ":baseline", series + ":small-cache", "--out", dir.resolve("cmp").toString());
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("slower / worse"), o.out());
        SeriesResult cmp = SeriesExporter.read(dir.resolve("cmp"));
        assertEquals(Comparison.Verdict.WORSE, cmp.comparisons().get(0).figures().stream()
                .filter(c -> c.figure().equals("b2b 0.01 · import · time")).findFirst().orElseThrow().verdict());
        CliErrorsTest.Outcome one = CliErrorsTest.cli("compare", series.resolve("trials/01-baseline-1").toString(),
                series.resolve("trials/02-small-cache-1").toString(), "--out", dir.resolve("cmp1").toString());
        assertEquals(0, one.code(), one.err());
        assertTrue(one.out().contains("without a verdict (too few runs)"), one.out());
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("compare", series.toString(), series + ":baseline"), "is a series of variants [baseline, small-cache]");
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("compare", series + ":nope", series + ":baseline"), "has no variant 'nope'");
    }

    @Test
    void badVariantsAreNamed() {
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("run", "import", "--variant", "x:colour=blue"), "bad --variant 'x:colour=blue': unknown key 'colour'");
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("run", "import", "--variant", "nocolon"), "expected NAME:key=value");
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("run", "import", "--variant", "a:heap=1g", "--variant", "a:heap=2g"), "is used twice");
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("run", "import", "--repeat", "0"), "--repeat must be at least 1");
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("run", "import", "--dataset", "/no/such/folder"), "is neither b2b, social nor an existing folder");
    }
}
