package io.graphperf.workloads.cdc;

import io.graphperf.core.engine.Engine;

import io.graphperf.workloads.cdc.CdcData.Sample;
import io.graphperf.workloads.cdc.CdcData.Second;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The open model: transactions of tx-size nodes started on a fixed schedule (rate ÷ tx-size a second) by {@code --clients} clients
 * ({@link Schedule}), whatever the pipeline does, for the duration. Then the lag of every node (received_time − creation_time) per second
 * of creation, each stage's throughput (sampled each second from the source's and sink's counters), the CPU of each process over the
 * window, the sink checked against the source and, for graphperf's pipeline, the topic itself ({@link TopicCheck}).
 */
final class OpenModel {

    /**
     * What the open model offered.
     *
     * @param rate             changes a second
     * @param txSize           changes a transaction
     * @param scheduledSeconds the schedule's length (its slots × interval)
     */
    record Offered(int rate, int txSize, int clients, double scheduledSeconds) {
    }

    /**
     * What became of the schedule's transactions.
     *
     * @param seconds until the last client finished, late starts included
     */
    record Done(double seconds, long scheduled, long committed, long failed, long late) {
    }

    record Result(Offered offered, Done done, Lag lag, List<Second> lagPerSecond, List<Sample> samples, Map<String, Double> cpuCores,
                  SinkCheck check, TopicCheck topic, String shortfall) {
        /** What the schedule offered: its changes over its own length, whatever the source did. */
        double offeredPerSecond() {
            return (double) done.scheduled() * offered.txSize() / offered.scheduledSeconds();
        }

        double achievedPerSecond() {
            return (double) done.committed() * offered.txSize() / done.seconds();
        }
    }

    private OpenModel() {
    }

    static Result run(Pipeline p, CdcOptions o) throws Exception {
        String group = UUID.randomUUID().toString();
        int rate = o.rate(), tx = o.txSize();
        long interval = Math.max(1, Math.round(1e9 * tx / rate));
        long slots = o.duration().toNanos() / interval;
        Engine source = p.source();
        long before = o.ownPipeline() ? Series.applied(p) : 0;
        TopicCheck.Window topic = o.ownPipeline() ? TopicCheck.from(p.bootstrapServers(), o.topic()) : null;
        ProcessCpu cpu = ProcessCpu.start(p);
        long start = System.nanoTime() + 50_000_000L;
        List<Sample> samples = new ArrayList<>();
        AtomicLong committed = new AtomicLong();
        Schedule.Outcome run = Schedule.run(o.clients(), interval, start, slot -> slot < slots, slot -> {
            source.execute(Series.STATEMENT, Map.of("n", tx, "uuid", group));
            committed.incrementAndGet();
        }, "graphperf-cdc-open", () -> samples.add(sample(p, (System.nanoTime() - start) / 1e9)));
        double seconds = (System.nanoTime() - start) / 1e9;
        long nodes = committed.get() * tx;
        String shortfall = Series.await(p, o, group, nodes, before + nodes, o.timeout()).orElse(null); // run.json: absent when none
        samples.add(sample(p, (System.nanoTime() - start) / 1e9));
        Map<String, Double> cores = new LinkedHashMap<>();
        double wall = (System.nanoTime() - start) / 1e9;
        cpu.seconds().forEach((k, v) -> cores.put(k, v / wall));
        long t0 = p.source().queryLong("MATCH (n:Performance {group: '" + group + "'}) RETURN min(n.creation_time)");
        List<Second> perSecond = new ArrayList<>();
        for (Object row : p.sink().queryColumn("MATCH (n:Performance {group: $g}) WITH toInteger((n.creation_time - $t0) / 1000) AS s, "
                + "n.received_time - n.creation_time AS lag WITH s, count(*) AS c, percentileDisc(lag, 0.5) AS p50, percentileDisc(lag, 0.99) AS p99, max(lag) AS mx "
                + "ORDER BY s RETURN [s, c, p50, p99, mx]",
                Map.of("g", group, "t0", t0))) {
            List<?> r = (List<?>) row;
            perSecond.add(new Second(((Number) r.get(0)).intValue(), ((Number) r.get(1)).longValue(), Series.num(r.get(2)), Series.num(r.get(3)), Series.num(r.get(4))));
        }
        List<?> all = (List<?>) p.sink().queryColumn("MATCH (n:Performance {group: $g}) WITH n.received_time - n.creation_time AS lag "
                + "RETURN [percentileDisc(lag, 0.5), percentileDisc(lag, 0.99), max(lag)]", Map.of("g", group)).get(0);
        SinkCheck check = SinkCheck.of(p.source(), p.sink(), group, o.ownPipeline());
        TopicCheck topicCheck = topic == null ? null : topic.check(group, check.expected());
        return new Result(new Offered(rate, tx, o.clients(), slots * interval / 1e9), new Done(seconds, slots, committed.get(), run.failed(), run.late()),
                Lag.of(all, 0), perSecond, samples, cores, check, topicCheck, shortfall);
    }

    private static Sample sample(Pipeline p, double at) {
        try {
            Map<String, Object> s = p.metrics(p.source(), false), k = p.metrics(p.sink(), false);
            if (s.isEmpty()) return new Sample(at, -1, -1, -1, -1);
            return new Sample(at, ((Number) s.get("source.captured")).longValue(), ((Number) s.get("source.published")).longValue(),
                    ((Number) k.get("sink.applied")).longValue(), ((Number) k.get("sink.consumerLag")).longValue());
        } catch (Exception e) {
            return new Sample(at, -1, -1, -1, -1);
        }
    }
}
