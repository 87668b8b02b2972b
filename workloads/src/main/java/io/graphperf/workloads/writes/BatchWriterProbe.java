package io.graphperf.workloads.writes;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.measure.RunListener;
import io.graphperf.workloads.cells.CellProbe;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * graphperf's batch writer as a cell sees it (procedures {@code graphperf.batch.*}): its metrics before the cell,
 * its latency histograms restarted when the Runner says the window starts, its gauges as the window ends, and —
 * after waiting until it has applied everything it acknowledged — its counters over the cell, so the id check
 * afterwards sees final contents.
 */
final class BatchWriterProbe implements CellProbe {

    static final String METRICS = "CALL graphperf.batch.metrics($reset) YIELD name, value RETURN [name, value]";
    static final String AWAIT = "CALL graphperf.batch.await(600000) YIELD drained RETURN CASE WHEN drained THEN 1 ELSE 0 END";
    static final List<String> COUNTERS = List.of("submitted", "rejected", "appliedWrites", "batches", "failedTransactions", "transientRetries",
            "deadLetters", "fsyncs");
    static final List<String> GAUGES = List.of("queueDepth", "applyLagMs");

    private Map<String, Object> before;
    /** The writer's gauges when the window ended; empty until then, or when that read failed. */
    private Optional<Map<String, Object>> atWindowEnd = Optional.empty();

    @Override
    public void before(Engine engine) throws Exception {
        before = read(engine, true);
        atWindowEnd = Optional.empty();
    }

    @Override
    public RunListener listener(Engine engine) {
        return new RunListener() {
            @Override
            public void windowStarted(long nanos, double warmupSeconds, WarmupEnd why) {
                // the writer's histograms restart with the window, so warm-up (cold JIT, first compilations) is not in them
                readQuietly(engine, true);
            }

            @Override
            public void windowEnded(long nanos) {
                atWindowEnd = readQuietly(engine, false);
            }
        };
    }

    @Override
    public Outcome after(Engine engine) throws Exception {
        long t0 = System.nanoTime();
        boolean drained = engine.queryLong(AWAIT) == 1;
        double drainSeconds = (System.nanoTime() - t0) / 1e9;
        Map<String, Object> after = read(engine, false);
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("drainedAfterWindow", drained);
        f.put("drainSeconds", Math.round(drainSeconds * 1000) / 1000.0);
        for (String g : GAUGES) f.put(g + "AtWindowEnd", atWindowEnd.map(m -> m.get(g)).orElse(null)); // run.json: null when not read
        for (String c : COUNTERS) f.put(c, number(after.get(c)) - number(before.get(c)));
        double span = number(after.get("uptimeSeconds")) - number(before.get("uptimeSeconds"));
        if (span > 0 && after.containsKey("fsyncs")) {
            f.put("fsyncsPerSecond", Math.round((number(after.get("fsyncs")) - number(before.get("fsyncs"))) / span * 10) / 10.0);
        }
        after.forEach(f::putIfAbsent);
        f.remove("uptimeSeconds"); // the writer's age, not the cell's
        List<String> failures = new ArrayList<>();
        if (!drained) failures.add("the batch writer did not drain within 10 minutes");
        return new Outcome(f, failures);
    }

    @Override
    public void settle(Engine engine) throws Exception {
        engine.queryLong(AWAIT);
    }

    private static Map<String, Object> read(Engine engine, boolean reset) throws Exception {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Object row : engine.queryColumn(METRICS, Map.of("reset", reset))) {
            List<?> pair = (List<?>) row;
            m.put(String.valueOf(pair.get(0)), pair.get(1));
        }
        return m;
    }

    private static Optional<Map<String, Object>> readQuietly(Engine engine, boolean reset) {
        try {
            return Optional.of(read(engine, reset));
        } catch (Exception e) {
            return Optional.empty(); // a failed read of the metrics costs the histograms' restart, never the cell
        }
    }

    private static double number(Object o) {
        return o instanceof Number n ? n.doubleValue() : 0;
    }
}
