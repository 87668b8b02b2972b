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
 * The open model: transactions of tx-size nodes started on a fixed schedule (rate ÷ tx-size a second) by a pool of clients,
 * whatever the pipeline does, for the duration; a start later than {@value #LATE_MS} ms behind its slot is counted late. Then
 * the lag of every node (received_time − creation_time) per second of creation, each stage's throughput (sampled each second
 * from the source's and sink's counters) and the CPU of each process over the window.
 */
final class OpenModel {

    static final int CLIENTS = 16, LATE_MS = 10;

    record Result(int rate, int txSize, double seconds, long scheduled, long committed, long failed, long late, double lagP50, double lagP99,
                  double lagMax, List<Second> lagPerSecond, List<Sample> samples, Map<String, Double> cpuCores, SinkCheck check) {
        double offeredPerSecond() {
            return (double) scheduled * txSize / seconds;
        }

        double achievedPerSecond() {
            return (double) committed * txSize / seconds;
        }
    }

    private OpenModel() {
    }

    static Result run(Pipeline p, CdcOptions o) throws Exception {
        String group = UUID.randomUUID().toString();
        int rate = o.rate(), tx = o.txSize();
        long interval = Math.max(1, Math.round(1e9 * tx / rate));
        long durationNs = o.duration().toNanos();
        long slots = durationNs / interval;
        Engine source = p.source();
        long before = o.ownPipeline() ? Series.applied(p) : 0;
        ProcessCpu cpu = ProcessCpu.start(p);
        AtomicLong next = new AtomicLong(), committed = new AtomicLong(), failed = new AtomicLong(), late = new AtomicLong();
        long start = System.nanoTime() + 50_000_000L;
        List<Thread> clients = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            Thread t = new Thread(() -> {
                while (true) {
                    long slot = next.getAndIncrement();
                    if (slot >= slots) return;
                    long at = start + slot * interval;
                    long wait = at - System.nanoTime();
                    if (wait > 0) {
                        try {
                            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                        } catch (InterruptedException e) {
                            return;
                        }
                    } else if (-wait > LATE_MS * 1_000_000L) {
                        late.incrementAndGet();
                    }
                    try {
                        source.execute(Series.STATEMENT, Map.of("n", tx, "uuid", group));
                        committed.incrementAndGet();
                    } catch (Exception e) {
                        failed.incrementAndGet();
                    }
                }
            }, "graphperf-cdc-open-" + c);
            t.start();
            clients.add(t);
        }
        List<Sample> samples = new ArrayList<>();
        while (clients.stream().anyMatch(Thread::isAlive)) {
            samples.add(sample(p, (System.nanoTime() - start) / 1e9));
            for (Thread t : clients) t.join(1000 / clients.size() + 1);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long nodes = committed.get() * tx;
        Series.await(p, o, group, nodes, before + nodes, o.timeout());
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
        return new Result(rate, tx, seconds, slots, committed.get(), failed.get(), late.get(), Series.num(all.get(0)), Series.num(all.get(1)),
                Series.num(all.get(2)), perSecond, samples, cores, check);
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
