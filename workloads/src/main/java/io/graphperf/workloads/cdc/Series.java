package io.graphperf.workloads.cdc;

import io.graphperf.core.engine.Engine;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The seed's measurement: one transaction of n nodes on the source, then, from timestamps in the sink's data,
 * elapsed = max(received_time) − min(creation_time) and each node's lag received_time − creation_time (both in ms, from the
 * two databases' clocks, which are this machine's). The end is detected from the sink's own progress: graphperf's sink wakes
 * {@code graphperf.cdc.awaitApplied} at each batch commit (resolution: one sink transaction, under a millisecond beyond it);
 * a pipeline of the user's is polled every {@value #POLL_MS} ms with an indexed count.
 */
final class Series {

    static final String STATEMENT = "UNWIND range(1,$n) AS i CREATE (n:Performance) SET n.group=$uuid, n.creation_time=timestamp()";
    static final int POLL_MS = 50;

    /** One transaction's figures; {@code shortfall} says what was missing when the sink did not have it all in time (else null). */
    record Transfer(int multiplier, int repeat, long nodes, double elapsedMs, double commitMs, double visibleMs, Lag lag,
                    SinkCheck check, Stages stages, Map<String, Double> cpuSeconds, String shortfall) {
        double msPerNode() {
            return elapsedMs / nodes;
        }

        double nodesPerSecond() {
            return nodes / (elapsedMs / 1000);
        }
    }

    private Series() {
    }

    static Transfer run(Pipeline p, CdcOptions o, int multiplier, int repeat) throws Exception {
        long n = (long) o.unit() * multiplier;
        String group = UUID.randomUUID().toString();
        Engine source = p.source(), sink = p.sink();
        long before = o.ownPipeline() ? applied(p) : 0;
        Stages stages = o.ownPipeline() ? Stages.watch(p, n) : null;
        ProcessCpu cpu = ProcessCpu.start(p);
        long t0 = System.nanoTime();
        double commitMs, visibleMs;
        String shortfall;
        try {
            source.execute(STATEMENT, Map.of("n", n, "uuid", group));
            commitMs = (System.nanoTime() - t0) / 1e6;
            Optional<String> missing = await(p, o, group, n, before + n, o.timeout());
            visibleMs = missing.isEmpty() ? (System.nanoTime() - t0) / 1e6 : Double.NaN;
            shortfall = missing.orElse(null); // run.json: absent when the sink had it all
        } finally {
            if (stages != null) stages.stop(t0);
        }
        Map<String, Double> cpuSeconds = cpu.seconds();
        List<Object> row = sink.queryColumn("MATCH (n:Performance {group: $g}) WITH n.received_time - n.creation_time AS lag, n "
                + "RETURN [max(n.received_time) - min(n.creation_time), percentileDisc(lag, 0.5), percentileDisc(lag, 0.99), max(lag)]", Map.of("g", group));
        List<?> r = (List<?>) row.get(0);
        SinkCheck check = SinkCheck.of(source, sink, group, o.ownPipeline());
        return new Transfer(multiplier, repeat, n, num(r.get(0)), commitMs, visibleMs, Lag.of(r, 1), check, stages, cpuSeconds, shortfall);
    }

    static long applied(Pipeline p) throws Exception {
        Map<String, Object> m = p.metrics(p.sink(), false);
        return ((Number) m.get("sink.applied")).longValue() + ((Number) m.get("sink.deadLettered")).longValue();
    }

    /**
     * Until the sink has the group's n nodes (woken by graphperf's sink, or polling a pipeline of the user's): empty when it did, else
     * what arrived, what is missing and every counter of the source and the sink, as one sentence.
     */
    static Optional<String> await(Pipeline p, CdcOptions o, String group, long n, long appliedTarget, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        if (o.ownPipeline()) {
            // the applied count covers every event the sink applies: when it reaches the target, the group is checked, and while
            // other events (a backlog) took part of the count, the wait goes on for what is missing
            long target = appliedTarget;
            while (System.nanoTime() < deadline) {
                long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
                Object got = p.sink().queryColumn("CALL graphperf.cdc.awaitApplied($a, $t) YIELD applied RETURN applied",
                        Map.of("a", target, "t", Math.min(left, 10_000))).get(0);
                long applied = ((Number) got).longValue();
                if (applied < target) continue;
                long have = arrived(p, group);
                if (have >= n) return Optional.empty();
                target = applied + (n - have);
            }
        } else {
            while (System.nanoTime() < deadline) {
                if (arrived(p, group) >= n) return Optional.empty();
                Thread.sleep(POLL_MS);
            }
        }
        long have = arrived(p, group);
        if (have >= n) return Optional.empty();
        return Optional.of("the sink had " + have + " of the " + n + " nodes of group " + group + " after " + timeout.toSeconds()
                + " s (option --series-timeout): " + (n - have) + " missing" + p.counters());
    }

    private static long arrived(Pipeline p, String group) throws Exception {
        return ((Number) p.sink().queryColumn("MATCH (n:Performance {group: $g}) RETURN count(n)", Map.of("g", group)).get(0)).longValue();
    }

    static double num(Object o) {
        return o instanceof Number x ? x.doubleValue() : Double.NaN;
    }
}
