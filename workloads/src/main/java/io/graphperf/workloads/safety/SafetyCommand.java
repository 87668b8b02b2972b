package io.graphperf.workloads.safety;

import io.graphperf.core.UserError;
import io.graphperf.workloads.options.DurationConverter;
import io.graphperf.workloads.options.EngineChoice;
import io.graphperf.workloads.options.EngineOptions;
import io.graphperf.workloads.options.ExperimentCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

@Command(name = "safety", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Safety before speed: does the engine keep every write it acknowledged?",
                "Concurrent clients write records in transactions of each size; every acknowledged id is checked by scan and by key, open and"
                        + " after a clean close and reopen. Then every client increments one shared counter (lost updates counted), and the engine's"
                        + " processes are killed with kill -9 while clients write, restarted on the same store and checked again."},
        footer = {"", "Examples:", "  graphperf run safety",
                "  graphperf run safety --engines neo4j,neo4j:2026 --clients 16 --duration 15s   (NAME:VERSION side by side: graphperf engines lists them)",
                "  graphperf run safety --tx-sizes 1,100,1000 --kills 3"})
public final class SafetyCommand extends ExperimentCommand<SafetyOptions> {

    /** The transaction sizes the study has scenarios for (E4's UNWIND batches). */
    static final List<Integer> SIZES = List.of(1, 10, 100, 1000, 10000);

    @Option(names = "--clients", description = "Clients writing at once in every phase (default: ${DEFAULT-VALUE}).")
    int clients = 8;
    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How long each phase writes (default: 10s).")
    Duration duration = Duration.ofSeconds(10);
    @Option(names = "--tx-sizes", split = ",", paramLabel = "N", description = "Records a transaction writes, a phase each: 1, 10, 100, 1000 or 10000"
            + " (default: 1,10,1000).")
    List<Integer> txSizes = new ArrayList<>(List.of(1, 10, 1000));
    @Option(names = "--kills", paramLabel = "N", description = "Rounds of writing in transactions of 10 while the engine's processes are killed"
            + " (kill -9) at a moment drawn from the seed, each followed by a restart and the checks (default: ${DEFAULT-VALUE}; 0: none).")
    int kills = 1;
    @Mixin
    EngineOptions engine = new EngineOptions();
    @Mixin
    EngineChoice engines = new EngineChoice();

    @Override
    public SafetyOptions options() {
        if (clients < 1) throw new UserError("--clients must be at least 1, got " + clients);
        if (duration.isZero() || duration.isNegative()) throw new UserError("--duration must be positive, got " + duration);
        if (kills < 0) throw new UserError("--kills must be 0 or more, got " + kills);
        if (txSizes.isEmpty()) throw new UserError("--tx-sizes names no size");
        for (int n : txSizes) {
            if (!SIZES.contains(n)) throw new UserError("--tx-sizes: " + n + " is not one of " + SIZES);
        }
        return new SafetyOptions(clients, duration, txSizes.stream().distinct().toList(), kills);
    }

    @Override
    public Optional<EngineChoice> engineChoice() {
        return Optional.of(engines);
    }

    @Override
    public EngineOptions engine() {
        return engine;
    }
}
