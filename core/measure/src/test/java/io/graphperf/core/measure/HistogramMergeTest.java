package io.graphperf.core.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class HistogramMergeTest {

    /**
     * Four agents record latencies (a long tail, each agent its own) into interval histograms and write them as the Runner does; the
     * merge of their logs equals, bucket for bucket, one histogram of every raw recording, in total and interval by interval.
     */
    @Test
    void theMergeOfFourAgentsLogsEqualsTheHistogramOfAllTheirRecordings(@TempDir Path dir) throws Exception {
        int agents = 4, intervals = 10;
        Histogram all = Histograms.newHistogram();
        List<Histogram> allByInterval = new ArrayList<>();
        for (int i = 0; i < intervals; i++) allByInterval.add(Histograms.newHistogram());
        List<Path> logs = new ArrayList<>();
        for (int a = 0; a < agents; a++) {
            SplittableRandom random = new SplittableRandom(a);
            Path log = dir.resolve("agent-" + a + ".hlog");
            logs.add(log);
            try (PrintStream out = new PrintStream(Files.newOutputStream(log), false, "UTF-8")) {
                HistogramLogWriter w = new HistogramLogWriter(out);
                w.outputLogFormatVersion();
                w.outputStartTime(1_700_000_000_000L + a * 3); // each agent's own clock, a few ms apart
                w.outputLegend();
                for (int i = 0; i < intervals; i++) {
                    Histogram h = Histograms.newHistogram();
                    for (int n = 0; n < 5_000 + 1_000 * a; n++) {
                        long nanos = 50_000 + (long) (-Math.log(1 - random.nextDouble()) * 400_000 * (a + 1)) + (random.nextInt(1000) == 0 ? 2_000_000_000L : 0);
                        h.recordValue(nanos);
                        all.recordValue(nanos);
                        allByInterval.get(i).recordValue(nanos);
                    }
                    h.setStartTimeStamp(i * 1_000L + a);
                    h.setEndTimeStamp((i + 1) * 1_000L + a);
                    h.setTag("write");
                    w.outputIntervalHistogram(h);
                }
            }
        }
        Map<String, HistogramMerge.Merged> merged = HistogramMerge.of(logs, 1_000, 1_700_000_000_000L);
        HistogramMerge.Merged write = merged.get("write");
        assertEquals(agents, write.agents());
        assertEquals(all, write.total(), "bucket for bucket, the whole window");
        assertEquals(all.getTotalCount(), write.total().getTotalCount());
        assertEquals(all.getValueAtPercentile(99.9), write.total().getValueAtPercentile(99.9));
        assertEquals(intervals, write.intervals().size());
        for (int i = 0; i < intervals; i++) assertEquals(allByInterval.get(i), write.intervals().get(i), "interval " + i);
    }

    @Test
    void aMissingLogIsNamed(@TempDir Path dir) {
        Path gone = dir.resolve("agent-9.hlog");
        Exception e = assertThrows(Exception.class, () -> HistogramMerge.of(List.of(gone), 1_000, 0));
        assertEquals(true, e.getMessage().contains("agent-9.hlog"), e.getMessage());
    }
}
