package io.graphperf.workloads;

import io.graphperf.core.engine.Target;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A server-side component a scenario's writes go through (the batch writer): how to read its metrics and
 * how to wait until it has applied everything, so the counts afterwards are final. The scenario's
 * figures are the component's counters over the scenario (after minus before), its gauges at the end of
 * the measured window, and its latency histograms, restarted when the measured window starts.
 *
 * @param metricsQuery rows of {@code [name, value]}; {@code $reset} true starts new histograms after reading
 * @param drainQuery   returns 1 once everything submitted is applied, 0 on timeout
 * @param counters     metric names that count since the component started (reported as differences; the
 *                     span for rates is the difference of "uptimeSeconds")
 * @param gauges       metric names worth reading at the end of the window, before the drain
 */
public record ComponentProbe(String name, String metricsQuery, String drainQuery, List<String> counters, List<String> gauges) {

    /** The batch writer plugin's procedures (graphperf.batch.*). */
    public static final ComponentProbe BATCH_WRITER = new ComponentProbe("batch writer",
            "CALL graphperf.batch.metrics($reset) YIELD name, value RETURN [name, value]",
            "CALL graphperf.batch.await(600000) YIELD drained RETURN CASE WHEN drained THEN 1 ELSE 0 END",
            List.of("submitted", "rejected", "appliedWrites", "batches", "failedTransactions", "transientRetries", "deadLetters", "fsyncs"),
            List.of("queueDepth", "applyLagMs"));

    public Map<String, Object> read(Target target, boolean reset) throws Exception {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Object row : queryRows(target, reset)) {
            List<?> pair = (List<?>) row;
            m.put(String.valueOf(pair.get(0)), pair.get(1));
        }
        return m;
    }

    private List<Object> queryRows(Target target, boolean reset) throws Exception {
        return target.queryColumn(metricsQuery.replace("$reset", Boolean.toString(reset)));
    }

    /**
     * The scenario's figures: counters as differences, fsyncs per second over the same span, gauges at
     * the window's end, everything else (histograms, configuration) as read after the drain.
     */
    public Map<String, Object> figures(Map<String, Object> before, Map<String, Object> atWindowEnd, Map<String, Object> after,
                                       double drainSeconds, boolean drained) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("drainedAfterWindow", drained);
        f.put("drainSeconds", Math.round(drainSeconds * 1000) / 1000.0);
        for (String g : gauges) f.put(g + "AtWindowEnd", atWindowEnd.get(g));
        for (String c : counters) f.put(c, number(after.get(c)) - number(before.get(c)));
        double span = number(after.get("uptimeSeconds")) - number(before.get("uptimeSeconds"));
        if (span > 0 && after.containsKey("fsyncs")) {
            f.put("fsyncsPerSecond", Math.round((number(after.get("fsyncs")) - number(before.get("fsyncs"))) / span * 10) / 10.0);
        }
        after.forEach((k, v) -> f.putIfAbsent(k, v));
        f.remove("uptimeSeconds"); // the writer's age, not the scenario's
        return f;
    }

    private static double number(Object o) {
        return o instanceof Number n ? n.doubleValue() : 0;
    }
}
