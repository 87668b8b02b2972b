package io.graphperf.core.stats;

import io.graphperf.core.results.ImportFixtures;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.SeriesResult;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Repeated runs of two variants line up figure by figure; verdicts follow each figure's direction. */
class SeriesStatisticsTest {

    @Test
    void slowerImportIsWorseFasterRateIsNotAndIdenticalFiguresShowNoDifference() {
        double[] baseTimes = {100, 102, 99, 101}, variantTimes = {120, 121, 119, 122};
        double[] schema = {5.0, 5.4, 4.8, 5.1};
        List<RunResult> a = new ArrayList<>(), b = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            a.add(ImportFixtures.run("a" + i, ImportFixtures.study(0.01, baseTimes[i], schema[i])));
            // the same schema times in another order: the same distribution
            b.add(ImportFixtures.run("b" + i, ImportFixtures.study(0.01, variantTimes[i], schema[3 - i])));
        }
        SeriesResult.VariantComparison vc = SeriesStatistics.compare("baseline", a, "encrypted", b);
        Map<String, Comparison> byName = vc.figures().stream().collect(Collectors.toMap(Comparison::figure, c -> c));
        assertEquals(Comparison.Verdict.WORSE, byName.get("b2b 0.01 · import · time").verdict(), "20 % more time is slower");
        assertEquals(Comparison.Verdict.WORSE, byName.get("b2b 0.01 · import · rows/s").verdict(), "a lower rate is worse");
        Comparison s = byName.get("b2b 0.01 · schema · total");
        assertEquals(Comparison.Verdict.NO_SIGNIFICANT_DIFFERENCE, s.verdict());
        assertEquals(0, s.difference(), 1e-12);
        assertTrue(s.differenceCi95()[0] < 0 && s.differenceCi95()[1] > 0, "the CI of no difference contains 0");
        Comparison t = byName.get("b2b 0.01 · import · time");
        assertEquals(20, t.difference(), 1e-9);
        assertTrue(t.differenceCi95()[0] > 15 && t.differenceCi95()[1] < 25, "CI around +20 s");
        assertEquals(100.5, t.a().median(), 1e-9);
        // every figure of the baseline is compared, in the baseline's order
        assertEquals(Figures.of(a.get(0)).stream().map(f -> f.name()).filter(n -> !n.contains("peak RSS")).count(),
                vc.figures().stream().filter(c -> !c.figure().contains("peak RSS")).count());
    }

    @Test
    void summariesGiveMedianAndSpreadPerFigure() {
        List<RunResult> runs = List.of(ImportFixtures.run("1", ImportFixtures.study(0.001, 10, 1)),
                ImportFixtures.run("2", ImportFixtures.study(0.001, 14, 1)), ImportFixtures.run("3", ImportFixtures.study(0.001, 12, 1)));
        SeriesResult.FigureSummary time = SeriesStatistics.summaries("baseline", runs).stream()
                .filter(f -> f.figure().equals("b2b 0.001 · import · time")).findFirst().orElseThrow();
        assertEquals(3, time.summary().n());
        assertEquals(12, time.summary().median(), 1e-12);
        assertEquals(10, time.summary().min(), 1e-12);
        assertEquals(14, time.summary().max(), 1e-12);
        assertEquals("s", time.unit());
        assertTrue(!time.higherIsBetter());
    }
}
