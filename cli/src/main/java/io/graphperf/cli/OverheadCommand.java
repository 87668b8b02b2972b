package io.graphperf.cli;

import io.graphperf.core.engine.NoopEngine;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;
import io.graphperf.core.measure.LoadModel;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Runner;
import io.graphperf.core.results.Measurement;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.Callable;

@Command(name = "overhead", mixinStandardHelpOptions = true,
        description = "Measures the harness's own cost: a no-op engine under the closed model, timed and recorded like any other.")
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
        Measurement m = new Runner(new NoopEngine(), (c, s) -> op, new RunPlan(new LoadModel.Closed(clients), warmup, duration),
                null, OptionalLong.empty(), null).run();
        double perClient = m.opsPerSecond() / clients;
        System.out.printf("no-op engine, closed model, %d client(s), %ds: %,.0f ops/s (%,.0f per client) = %.0f ns of harness cost per operation%n",
                clients, duration.toSeconds(), m.opsPerSecond(), perClient, 1e9 / perClient);
        System.out.printf("latency of the recorded no-op: p50 %.0f ns, p99 %.0f ns, max %.0f ns; harness CPU %.2f cores%n",
                m.latency().p50Ms() * 1e6, m.latency().p99Ms() * 1e6, m.latency().maxMs() * 1e6, m.cpu().harnessCores());
        return 0;
    }
}
