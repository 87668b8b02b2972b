package io.graphperf.workloads.cdc;

import io.graphperf.core.measure.CpuMeter;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** CPU seconds each process of the pipeline used from {@link #start} to {@link #seconds}: the source and sink databases, graphperf's broker, this harness. */
final class ProcessCpu {

    static final String HARNESS = "harness (clients)";

    private final Map<String, CpuMeter> meters = new LinkedHashMap<>();
    private final Map<String, CpuMeter.Snapshot> start = new LinkedHashMap<>();

    private ProcessCpu() {
    }

    static ProcessCpu start(Pipeline p) {
        ProcessCpu c = new ProcessCpu();
        p.source().serverPid().ifPresent(pid -> c.meters.put("source database", new CpuMeter(List.of(pid))));
        if (p.broker() != null) c.meters.put("Kafka broker", new CpuMeter(List.of(p.broker().pid())));
        p.sink().serverPid().ifPresent(pid -> c.meters.put("sink database", new CpuMeter(List.of(pid))));
        c.meters.put(HARNESS, new CpuMeter(List.of()));
        c.meters.forEach((k, m) -> c.start.put(k, m.snapshot()));
        return c;
    }

    Map<String, Double> seconds() {
        Map<String, Double> out = new LinkedHashMap<>();
        meters.forEach((k, m) -> {
            CpuMeter.Snapshot a = start.get(k), b = m.snapshot();
            out.put(k, k.equals(HARNESS) ? (b.harnessCpuNanos() - a.harnessCpuNanos()) / 1e9 : b.serverCpuSeconds() - a.serverCpuSeconds());
        });
        return out;
    }
}
