package io.graphperf.workloads.options;

import io.graphperf.core.measure.LoadModelName;
import io.graphperf.core.UserError;
import io.graphperf.core.measure.Executor;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Warmup;
import io.graphperf.core.measure.Closed;
import io.graphperf.core.measure.Open;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.List;

/** How each cell is loaded and measured: clients, load model, warm-up, window; and how the server is warmed first. */
public final class LoadOptions {

    @Option(names = "--clients", description = "Client threads (default: the experiment's; scenarios that fix their clients keep them).")
    public Integer clients;
    @Option(names = "--load", paramLabel = "MODEL", description = "Load model: closed (clients as fast as possible, default) or open (a fixed --rate).")
    public String load;
    @Option(names = "--rate", description = "Open model: operations per second, offered whatever the engine does.")
    public Double rate;
    @Option(names = "--warmup", paramLabel = "auto|DURATION", converter = WarmupSpec.Converter.class,
            description = "Each cell's warm-up: auto (until steady, default) or a fixed duration such as 30s.")
    public WarmupSpec warmup;
    @Option(names = "--warmup-max", paramLabel = "DURATION", converter = DurationConverter.class, description = "Cap of --warmup auto (default: the experiment's).")
    public Duration warmupMax;
    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class, description = "Measured window per cell (default: the experiment's).")
    public Duration duration;
    @Option(names = "--server-warmup", paramLabel = "auto|DURATION", converter = WarmupSpec.Converter.class,
            description = "Before the first cell, every cell's workload in turn until the engine's JIT compilers are quiet (a user's server: until throughput stops rising): auto (default, capped by --warmup-max × 2) or a fixed duration; 0s to skip.")
    public WarmupSpec serverWarmup;
    @Option(names = "--isolation", paramLabel = "MODE", description = {"shared (default): every cell on one engine, warmed on every cell's workload first;",
            "cell: a freshly started engine per cell, warmed on that cell's workload only (like JMH's forks; ~2 minutes more per cell)."})
    public String isolation;
    @Option(names = "--order", paramLabel = "ORDER", description = "Cell order: shuffled (default; the seed is printed, --seed repeats it) or listed (as --scenarios names them).")
    public String order;

    /** The experiment's defaults. */
    public record Defaults(int clients, Duration warmupMax, Duration window) {
    }

    public int clients(Defaults d) {
        int n = clients != null ? clients : d.clients();
        if (n < 1) throw new UserError("--clients must be at least 1, not " + n);
        return n;
    }

    public Executor executor(int clientCount) {
        return executor(model(load, LoadModelName.CLOSED, LoadModelName.OPEN), rate, clientCount);
    }

    /** The load model {@code --load} names ({@code given}; null: closed), one of {@code known}, or a refusal naming them. */
    public static LoadModelName model(String given, LoadModelName... known) {
        if (given == null) return LoadModelName.CLOSED;
        return LoadModelName.of(given).filter(m -> List.of(known).contains(m)).orElseThrow(() -> new UserError("unknown load model '" + given
                + "' (option --load); known: " + LoadModelName.ids(known)));
    }

    /** The load model {@code model} (closed or open) at {@code rate} (open only) with {@code clientCount} clients. */
    public static Executor executor(LoadModelName model, Double rate, int clientCount) {
        return executor(model, rate, clientCount, Open.Arrivals.FIXED, 0);
    }

    /** As above, an open model's arrivals spaced as {@code arrivals} says (Poisson: drawn from {@code seed}). */
    public static Executor executor(LoadModelName model, Double rate, int clientCount, Open.Arrivals arrivals, long seed) {
        try {
            return switch (model) {
                case CLOSED -> {
                    if (rate != null) throw new UserError("--rate needs --load open (the closed model runs as fast as the clients can)");
                    yield new Closed(clientCount);
                }
                case OPEN -> {
                    if (rate == null) throw new UserError("--load open needs --rate (operations per second)");
                    yield new Open(rate, clientCount, arrivals, seed);
                }
                case RAMPING -> throw new UserError("--load ramping needs --stages (a ramp's rates and durations)");
            };
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage() + " (options --clients/--rate)");
        }
    }

    /**
     * The open model ramping in {@code stages} from {@code startRate} (its rate through a fixed warm-up of {@code warmup}), with
     * {@code clientCount} clients; errors name the options.
     */
    public static Executor ramping(double startRate, java.util.List<io.graphperf.core.measure.Ramping.Stage> stages, Duration warmup, int clientCount) {
        try {
            return new io.graphperf.core.measure.Ramping(startRate, stages, warmup.toMillis(), clientCount);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage() + " (options --rate/--stages/--clients)");
        }
    }

    public RunPlan plan(Defaults d) {
        Duration max = warmupMax != null ? warmupMax : d.warmupMax();
        Duration window = duration != null ? duration : d.window();
        if (window.isZero() || window.isNegative()) throw new UserError("--duration must be positive");
        if (max.isZero() || max.isNegative()) throw new UserError("--warmup-max must be positive");
        WarmupSpec w = warmup == null ? WarmupSpec.AUTO : warmup;
        Warmup warm = w.auto() ? new Warmup.UntilSteady(max) : new Warmup.Fixed(w.fixed());
        return new RunPlan(executor(clients(d)), warm, window);
    }

    /** The server warm-up: null for auto, else its fixed length (zero: none). */
    public Duration serverWarmupFixed() {
        return serverWarmup == null || serverWarmup.auto() ? null : serverWarmup.fixed();
    }

    /** True for an engine per cell. */
    public boolean isolated() {
        String i = isolation == null ? "shared" : isolation;
        if (!i.equals("shared") && !i.equals("cell")) throw new UserError("unknown isolation '" + i + "' (option --isolation); known: shared, cell");
        return i.equals("cell");
    }

    public boolean shuffled() {
        String o = order == null ? "shuffled" : order;
        if (!o.equals("shuffled") && !o.equals("listed")) throw new UserError("unknown order '" + o + "' (option --order); known: shuffled, listed");
        return o.equals("shuffled");
    }
}
