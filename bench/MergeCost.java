import io.graphperf.core.measure.HistogramMerge;
import io.graphperf.core.measure.Histograms;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What merging load agents' interval logs costs, on paper: AGENTS logs of INTERVALS one-second intervals, each holding
 * OPS_PER_AGENT_PER_S latencies (log-normal around 2 ms with a 1-in-1000 tail up to 2 s) as graphperf's Runner writes them; then
 * graphperf's own HistogramMerge adds them. Prints the log size per agent and interval and the merge time per agent and interval.
 *
 *   java -cp "$(graphperf's classpath)" bench/MergeCost.java AGENTS INTERVALS OPS_PER_AGENT_PER_S
 */
public final class MergeCost {
    public static void main(String[] a) throws Exception {
        int agents = Integer.parseInt(a[0]), intervals = Integer.parseInt(a[1]), ops = Integer.parseInt(a[2]);
        Path dir = Files.createTempDirectory("graphperf-merge-cost");
        List<Path> logs = new ArrayList<>();
        long origin = 1_800_000_000_000L, bytes = 0;
        for (int g = 0; g < agents; g++) {
            SplittableRandom random = new SplittableRandom(g);
            Path log = dir.resolve("agent-" + g + ".hlog");
            try (PrintStream out = new PrintStream(Files.newOutputStream(log), false, "UTF-8")) {
                HistogramLogWriter w = new HistogramLogWriter(out);
                w.outputLogFormatVersion();
                w.outputStartTime(origin);
                w.outputBaseTime(origin);
                w.outputLegend();
                for (int i = 0; i < intervals; i++) {
                    Histogram h = Histograms.newHistogram();
                    for (int n = 0; n < ops; n++) {
                        double ms = Math.exp(Math.log(2) + 0.6 * random.nextGaussian()) + (random.nextInt(1000) == 0 ? random.nextDouble() * 2000 : 0);
                        h.recordValue((long) (ms * 1e6));
                    }
                    h.setStartTimeStamp(i * 1000L);
                    h.setEndTimeStamp((i + 1) * 1000L);
                    h.setTag("create");
                    w.outputIntervalHistogram(h);
                }
            }
            logs.add(log);
            bytes += Files.size(log);
        }
        for (int warm = 0; warm < 2; warm++) HistogramMerge.of(logs, 1000, origin); // the JIT first
        int rounds = 3;
        long t0 = System.nanoTime();
        long count = 0;
        for (int r = 0; r < rounds; r++) count = HistogramMerge.of(logs, 1000, origin).get("create").total().getTotalCount();
        double seconds = (System.nanoTime() - t0) / 1e9 / rounds;
        System.out.printf("%d agents × %d intervals × %,d ops/s each (%,d recorded): logs %,.1f KB per agent-interval (%,.1f MB in all);"
                        + " merge %.1f s, %.3f ms per agent-interval%n", agents, intervals, ops, count, bytes / 1024.0 / agents / intervals,
                bytes / 1e6, seconds, seconds * 1000 / agents / intervals);
        try (var s = Files.list(dir)) {
            s.forEach(p -> p.toFile().delete());
        }
        Files.delete(dir);
    }
}
