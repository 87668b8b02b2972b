package io.graphperf.workloads.quick;

import io.graphperf.core.UserError;
import io.graphperf.workloads.options.DurationConverter;
import io.graphperf.workloads.options.EngineOptions;
import io.graphperf.workloads.options.ExperimentCommand;
import io.graphperf.workloads.options.WarmupSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Duration;

@Command(name = "quick", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"The quick suite (what `graphperf run` runs): a handful of steady cells that answer the studies' questions —",
                "one transaction per write vs UNWIND 1000 vs the batch writer, Bolt vs HTTP, a read mix — with headline ratios and",
                "their 95 %% confidence intervals, on one warmed engine. 3–5 minutes on 2 cores."})
public final class QuickCommand extends ExperimentCommand<QuickOptions> {

    /** The automatic server warm-up's cap: what fits the suite's 3 minutes on 2 cores (README: "The quick suite"). */
    static final int SERVER_WARMUP_CAP_SECONDS = 50;

    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class, description = "Window of each cell (default: 4s).")
    Duration duration;
    @Option(names = "--window-max", paramLabel = "DURATION", converter = DurationConverter.class, description = "The longest a cell's window is"
            + " lengthened to while it is too short to tell whether the cell is steady (default: 12s; the --duration itself: never).")
    Duration windowMax;
    @Option(names = "--warmup-max", paramLabel = "DURATION", converter = DurationConverter.class, description = "Cap of each cell's warm-up until steady (default: 10s).")
    Duration warmupMax;
    @Option(names = "--server-warmup", paramLabel = "auto|DURATION", converter = WarmupSpec.Converter.class,
            description = "Before the first cell, every cell's workload in turn until the JIT compilers are quiet: auto (default, at most " + QuickCommand.SERVER_WARMUP_CAP_SECONDS + "s) or fixed.")
    WarmupSpec serverWarmup;
    @Option(names = "--clients", description = "Client threads of each cell (default: 8).")
    Integer clients;
    @Mixin
    EngineOptions engine = new EngineOptions();

    @Override
    public QuickOptions options() {
        Duration w = duration == null ? Duration.ofSeconds(4) : duration;
        if (w.isZero() || w.isNegative()) throw new UserError("--duration must be positive");
        Duration max = warmupMax == null ? Duration.ofSeconds(10) : warmupMax;
        Duration longest = windowMax == null ? Duration.ofSeconds(12) : windowMax;
        if (longest.compareTo(w) < 0) throw new UserError("--window-max " + longest.toSeconds() + "s is shorter than --duration " + w.toSeconds() + "s");
        int n = clients == null ? 8 : clients;
        if (n < 1) throw new UserError("--clients must be at least 1");
        return new QuickOptions(w, longest, max, serverWarmup == null || serverWarmup.auto() ? null : serverWarmup.fixed(), Duration.ofSeconds(SERVER_WARMUP_CAP_SECONDS), n);
    }

    @Override
    public EngineOptions engine() {
        return engine;
    }
}
