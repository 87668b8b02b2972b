package io.graphperf.core.measure;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.FileNotFoundException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Several agents' interval histogram logs of one cell (the Runner's .hlog files) added into one: for every tag (an
 * operation type's window latencies, "warmup", "errors"), the histograms of the same interval of the window added bucket by
 * bucket — never percentiles averaged — and their totals. Intervals are numbered from an origin instant (the window's start on
 * the coordinator's clock: agents started together write their logs' timestamps from the common start), so the agents' logs line up
 * interval by interval; intervals before the origin (the warm-up's) count in the totals only.
 */
public final class HistogramMerge {

    /** One tag's merged histograms: the whole, and interval by interval (index 0 the first). */
    public record Merged(Histogram total, List<Histogram> intervals, int agents) {
    }

    private HistogramMerge() {
    }

    /**
     * The logs merged, by tag; a log that cannot be read or holds a histogram of another precision is an error naming it.
     *
     * @param originMillis the instant interval 0 starts at, in the logs' time base (their BaseTime, else their StartTime, plus each
     *                     interval's timestamp)
     */
    public static Map<String, Merged> of(List<Path> logs, long intervalMillis, long originMillis) throws FileNotFoundException {
        if (intervalMillis <= 0) throw new IllegalArgumentException("the interval must be positive, not " + intervalMillis + " ms");
        Map<String, Histogram> totals = new TreeMap<>();
        Map<String, TreeMap<Integer, Histogram>> byInterval = new TreeMap<>();
        Map<String, Integer> agents = new TreeMap<>();
        for (Path log : logs) {
            HistogramLogReader reader = new HistogramLogReader(log.toFile());
            Set<String> tags = new TreeSet<>();
            for (EncodableHistogram e; (e = reader.nextIntervalHistogram()) != null; ) {
                if (!(e instanceof Histogram h)) throw new IllegalArgumentException(log + ": an interval histogram with decimal counts, which graphperf does not write");
                String tag = h.getTag() == null ? "" : h.getTag();
                tags.add(tag);
                int index = (int) Math.round((h.getStartTimeStamp() - originMillis) / (double) intervalMillis);
                totals.computeIfAbsent(tag, t -> Histograms.newHistogram()).add(h);
                TreeMap<Integer, Histogram> parts = byInterval.computeIfAbsent(tag, t -> new TreeMap<>());
                if (index >= 0) parts.computeIfAbsent(index, i -> Histograms.newHistogram()).add(h);
            }
            tags.forEach(tag -> agents.merge(tag, 1, Integer::sum));
        }
        Map<String, Merged> out = new TreeMap<>();
        totals.forEach((tag, total) -> {
            TreeMap<Integer, Histogram> parts = byInterval.get(tag);
            List<Histogram> intervals = new ArrayList<>();
            for (int i = 0; !parts.isEmpty() && i <= parts.lastKey(); i++) intervals.add(parts.getOrDefault(i, Histograms.newHistogram()));
            out.put(tag, new Merged(total, intervals, agents.get(tag)));
        });
        return out;
    }
}
