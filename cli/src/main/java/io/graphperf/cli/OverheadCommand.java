package io.graphperf.cli;

import io.graphperf.core.measure.LoadModelName;
import io.graphperf.core.engine.NoopTransport;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Runner;
import io.graphperf.core.measure.Warmup;
import io.graphperf.workloads.options.DurationConverter;
import io.graphperf.workloads.options.LoadOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import io.graphperf.core.UserError;
import io.graphperf.core.measure.Executor;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "overhead", mixinStandardHelpOptions = true,
        description = {"Measures the harness's own cost: a no-op transport under the closed model, timed and recorded like any other.",
                "With --rate: the open model's ceiling — whether one agent (process) can schedule and record that many operations per second."})
public final class OverheadCommand implements Callable<Integer> {
    @Option(names = "--clients", description = "Client threads (default: 1).")
    int clients = 1;
    @Option(names = "--duration", converter = DurationConverter.class, description = "Measured window (default: 10s).")
    Duration duration = Duration.ofSeconds(10);
    @Option(names = "--warmup", converter = DurationConverter.class, description = "Warm-up, lets the JIT compile (default: 3s).")
    Duration warmup = Duration.ofSeconds(3);
    @Option(names = "--rate", description = "Open model at this many no-op operations per second, sent by --clients threads (default: the closed model).")
    Double rate;

    @Override
    public Integer call() throws Exception {
        Operation op = new Operation("noop", List.of(new Statement("", null)), TxMode.EXPLICIT, 1);
        if (rate != null && !(rate > 0)) throw new UserError("--rate must be positive, not " + rate);
        Executor executor = LoadOptions.executor(rate == null ? LoadModelName.CLOSED : LoadModelName.OPEN, rate, clients);
        Measurement m = new Runner(new NoopTransport(), (c, s) -> op, new RunPlan(executor, new Warmup.Fixed(warmup), duration),
                null, List.of(), List.of()).run();
        if (rate != null) {
            System.out.printf("no-op transport, open model at %,.0f ops/s, %d client(s), %ds: achieved %,.0f ops/s (%.1f %%), %.2f %% of the schedule late"
                            + " (over 1 s) or dropped; harness CPU %.2f cores, GC %.0f ms%n", rate, clients, duration.toSeconds(), m.throughput().opsPerSecond(),
                    100 * m.throughput().opsPerSecond() / rate, 100 * m.outcomes().lateShare(), m.resources().harnessCores(), m.resources().harnessGcMillis());
            System.out.printf("latency from the intended start: p50 %.3f ms, p99 %.3f ms, max %.3f ms — %s%n", m.latencies().all().p50Ms(), m.latencies().all().p99Ms(),
                    m.latencies().all().maxMs(), m.overloaded() ? "this process cannot keep this rate: split it over more agents (--agents)"
                            : "one agent keeps this rate");
            return 0;
        }
        double perClient = m.throughput().opsPerSecond() / clients;
        System.out.printf("no-op transport, closed model, %d client(s), %ds: %,.0f ops/s (%,.0f per client) = %.0f ns of harness cost per operation%n",
                clients, duration.toSeconds(), m.throughput().opsPerSecond(), perClient, 1e9 / perClient);
        System.out.printf("latency of the recorded no-op: p50 %.0f ns, p99 %.0f ns, max %.0f ns; harness CPU %.2f cores, GC %.0f ms%n",
                m.latencies().all().p50Ms() * 1e6, m.latencies().all().p99Ms() * 1e6, m.latencies().all().maxMs() * 1e6, m.resources().harnessCores(),
                m.resources().harnessGcMillis());
        return 0;
    }
}
