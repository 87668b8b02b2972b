package io.graphperf.workloads.orientdb;

import io.graphperf.core.UserError;
import io.graphperf.workloads.options.DurationConverter;
import io.graphperf.workloads.options.ExperimentCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import io.graphperf.engines.orientdb.OrientHost;
import io.graphperf.workloads.options.EngineOptions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

@Command(name = "orientdb-writes", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"E4's write scenarios on OrientDB " + OrientHost.VERSION + " (embedded, own JVM) through its own API and SQL,",
                "measured by graphperf's Runner inside the engine host (as Neo4j's embedded transport is), every id checked afterwards,",
                "to set beside `graphperf run writes --transports embedded`. Scenarios: create-unlabelled, create-labelled,",
                "create-labelled-indexed, foreach-100, batch-1000-indexed."},
        footer = {"", "Examples:", "  graphperf run orientdb-writes --clients 8 --duration 30s",
                "  graphperf run orientdb-writes --scenarios create-labelled-indexed,batch-1000-indexed --duration 10s"})
public final class OrientWritesCommand extends ExperimentCommand<OrientWritesOptions> {

    @Option(names = "--scenarios", split = ",", paramLabel = "NAME", description = "Scenarios to run (default: all).")
    List<String> scenarios = new ArrayList<>();
    @Option(names = "--clients", description = "Client threads (default: 8, as in the study).")
    Integer clients;
    @Option(names = "--duration", converter = DurationConverter.class, description = "Window of each cell (default: 30s, as in the study).")
    Duration duration;
    @Option(names = "--warmup-max", converter = DurationConverter.class, description = "Cap of the warm-up until steady (default: 30s).")
    Duration warmupMax;
    @picocli.CommandLine.Mixin
    OrientEngineOptions engine = new OrientEngineOptions();

    @Override
    public OrientWritesOptions options() {
        List<String> s = scenarios.isEmpty() ? OrientWritesExperiment.SCENARIOS : scenarios;
        for (String n : s) {
            if (!OrientWritesExperiment.SCENARIOS.contains(n)) throw new UserError("unknown scenario '" + n + "' (option --scenarios); known: "
                    + String.join(", ", OrientWritesExperiment.SCENARIOS));
        }
        int c = clients == null ? 8 : clients;
        if (c < 1 || c > 1024) throw new UserError("--clients " + c + ": from 1 to 1024");
        Duration d = duration == null ? Duration.ofSeconds(30) : duration;
        if (d.toMillis() < 1000) throw new UserError("--duration " + d.toMillis() + " ms: at least 1s");
        return new OrientWritesOptions(s, c, d, warmupMax == null ? Duration.ofSeconds(30) : warmupMax, engine.diskCacheMb(), engine.heapOrDefault(),
                engine.settings());
    }

    @Override
    public EngineOptions engine() {
        return new EngineOptions(); // Neo4j's options do not apply: this experiment starts OrientDB
    }
}
