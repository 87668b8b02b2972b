package io.graphperf.cli;

import io.graphperf.core.engine.NoopTransport;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Runner;
import io.graphperf.core.measure.Warmup;
import io.graphperf.core.measure.executors.Closed;
import io.graphperf.workloads.options.DurationConverter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "overhead", mixinStandardHelpOptions = true,
        description = "Measures the harness's own cost: a no-op transport under the closed model, timed and recorded like any other.")
public final class OverheadCommand implements Callable<Integer> {
    @Option(names = "--clients", description = "Client threads (default: 1).")
    int clients = 1;
    @Option(names = "--duration", converter = DurationConverter.class, description = "Measured window (default: 10s).")
    Duration duration = Duration.ofSeconds(10);
    @Option(names = "--warmup", converter = DurationConverter.class, description = "Warm-up, lets the JIT compile (default: 3s).")
    Duration warmup = Duration.ofSeconds(3);

    @Override
    public Integer call() throws Exception {
        Operation op = new Operation("noop", List.of(new Statement("", null)), TxMode.EXPLICIT, 1);
        Measurement m = new Runner(new NoopTransport(), (c, s) -> op, new RunPlan(new Closed(clients), new Warmup.Fixed(warmup), duration),
                null, List.of(), List.of()).run();
        double perClient = m.opsPerSecond() / clients;
        System.out.printf("no-op transport, closed model, %d client(s), %ds: %,.0f ops/s (%,.0f per client) = %.0f ns of harness cost per operation%n",
                clients, duration.toSeconds(), m.opsPerSecond(), perClient, 1e9 / perClient);
        System.out.printf("latency of the recorded no-op: p50 %.0f ns, p99 %.0f ns, max %.0f ns; harness CPU %.2f cores, GC %.0f ms%n",
                m.latency().p50Ms() * 1e6, m.latency().p99Ms() * 1e6, m.latency().maxMs() * 1e6, m.resources().harnessCores(),
                m.resources().harnessGcMillis());
        return 0;
    }
}
