package io.graphperf.workloads.writes;

import io.graphperf.core.measure.LoadModelName;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.TransportName;
import io.graphperf.workloads.agents.Agents;
import io.graphperf.workloads.cells.Scenario;
import io.graphperf.workloads.cells.ScenarioCells;
import io.graphperf.workloads.options.EngineChoice;
import io.graphperf.workloads.options.EngineOptions;
import io.graphperf.workloads.options.ExperimentCommand;
import io.graphperf.workloads.options.AgentOptions;
import io.graphperf.workloads.options.ArrivalsOption;
import io.graphperf.core.measure.Open;
import io.graphperf.workloads.options.CapacityOptions;
import io.graphperf.workloads.options.LoadOptions;
import io.graphperf.workloads.options.PairingOption;
import io.graphperf.workloads.options.ServerOptions;
import io.graphperf.workloads.options.TransportChoice;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

@Command(name = "writes", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"E4 — write scaling: Cypher writes from one statement per transaction to UNWIND batches, and graphperf's durable batch writer.",
                "Each cell (scenario × transport) warms up until steady, then is measured; the engine is checked by id afterwards."},
        footer = {"", "Examples:", "  graphperf run writes --clients 8 --duration 30s",
                "  graphperf run writes --scenarios unwind-1000,create-labelled --transports bolt",
                "  graphperf run writes --transports bolt,ws-bson --scenarios create-labelled-indexed,unwind-1000,batch-writer-ws-durable",
                "  graphperf run writes --load open --rate 200 --scenarios create-labelled-indexed",
                "  graphperf run writes --engines neo4j,kuzu --scenarios create-labelled-indexed,unwind-1000   (each engine measured in its own JVM)",
                "  graphperf run writes --server neo4j://db.example:7687 --user neo4j --password secret --reset delete-all"})
public final class WritesCommand extends ExperimentCommand<WritesOptions> {

    static final LoadOptions.Defaults DEFAULTS = new LoadOptions.Defaults(8, Duration.ofSeconds(90), Duration.ofSeconds(30));

    @Option(names = "--scenarios", split = ",", paramLabel = "ID", description = "Scenarios to run (default: all; see graphperf list).")
    List<String> scenarios = new ArrayList<>();
    @Option(names = "--transports", split = ",", paramLabel = "T", description = "Transports: bolt, http (default: both), embedded (inside the engine's own JVM;"
            + " the default with an engine other than Neo4j), and graphperf's gateway as ws-FORMAT[-COMPRESSION] (e.g. ws-bson;"
            + " the batch-writer-ws-* scenarios run over it only).")
    List<String> transports = new ArrayList<>();
    @Option(names = "--server-warmup-on", split = ",", paramLabel = "ID", description = {"The scenarios the server warm-up runs (over --transports),"
            + " whatever cells are measured (default: the cells' own). Runs measuring different cells compare fairly when they name the same set:"
            + " the engine's JIT compiles for what it has seen."})
    List<String> warmupOn = new ArrayList<>();
    @Mixin
    LoadOptions load = new LoadOptions();
    @Mixin
    AgentOptions agents = new AgentOptions();
    @Mixin
    EngineOptions engine = new EngineOptions();
    @Mixin
    ServerOptions server = new ServerOptions();
    @Mixin
    EngineChoice engines = new EngineChoice();
    @Mixin
    PairingOption pairing = new PairingOption();
    @Mixin
    CapacityOptions capacity = new CapacityOptions();
    @Mixin
    ArrivalsOption arrivals = new ArrivalsOption();

    @Override
    public Optional<PairingOption> pairing() {
        return Optional.of(pairing);
    }
    @Option(names = "--reset", paramLabel = "MODE", description = "Allow emptying the --server database between cells: delete-all. Required with --server.")
    String reset;

    @Override
    public WritesOptions options() {
        List<Scenario> all = WriteScenarios.all();
        List<Scenario> chosen = select(all, scenarios, "writes", "--scenarios");
        List<Scenario> warmSet = warmupOn.isEmpty() ? List.of() : select(all, warmupOn, "writes", "--server-warmup-on");
        if (server.given() && !engines.chosen().isEmpty()) throw new UserError("--engine and --engines choose engines graphperf starts; --server is your own Neo4j");
        // another engine than Neo4j: like with like, each engine measured in its own process
        List<TransportName> tr = TransportChoice.of(transports, engines.beyondNeo4j() ? List.of(TransportName.EMBEDDED) : List.of(TransportName.BOLT, TransportName.HTTP));
        if (server.given()) TransportChoice.refuseOnYourServer(tr);
        if (!scenarios.isEmpty()) requireTransport(chosen, tr, "");
        if (!warmSet.isEmpty()) {
            Duration fixed = load.serverWarmupFixed();
            if (fixed != null && fixed.isZero()) {
                throw new UserError("--server-warmup-on names what the server warm-up runs, and --server-warmup 0s skips it");
            }
            requireTransport(warmSet, tr, " (option --server-warmup-on)");
        }
        var search = arrivals.apply(capacity.settings(this.run), this.run);
        CapacityOptions.refuseFixedLoad(search, load.load, load.rate);
        var run = load.plan(DEFAULTS);
        arrivals.requireOpen(run.executor() instanceof Open || search.isPresent());
        if (run.executor() instanceof Open o) run = run.withExecutor(LoadOptions.executor(LoadModelName.OPEN, o.ratePerSecond(), o.clients(), arrivals.choice(), ArrivalsOption.seed(this.run)));
        Duration cap = (load.warmupMax != null ? load.warmupMax : DEFAULTS.warmupMax()).multipliedBy(2);
        int clients = run.executor().clients();
        Optional<Agents> split = agents.agents(this.run.trials());
        split.ifPresent(a -> checkAgents(a, chosen, tr, clients));
        return new WritesOptions(new ScenarioCells.Plan(chosen, tr, run, load.serverWarmupFixed(), cap, load.shuffled(), load.isolated(), warmSet,
                WriteDialects.ALL, null, search), split);
    }

    /** What load agents need: a fixed warm-up (a common window), Neo4j over bolt or http, clients that split over them. */
    private void checkAgents(Agents split, List<Scenario> chosen, List<TransportName> tr, int clients) {
        if (load.warmup == null || load.warmup.auto()) {
            throw new UserError("--agents needs a fixed --warmup (e.g. --warmup 10s): every agent's window starts at the same instant");
        }
        if (engines.beyondNeo4j()) throw new UserError("--agents sends to Neo4j (bolt, http); the other engines run embedded in their own process");
        TransportChoice.requireAgentsTransports(tr);
        if (clients % split.count() != 0) {
            throw new UserError(clients + " clients do not split over " + split.count() + " agents: give --clients as a multiple of " + split.count());
        }
        for (Scenario s : chosen) {
            if (tr.stream().noneMatch(s::runsOver)) continue; // a gateway-only scenario: no cell over the agents' transports
            if (s.clients() > 0 && s.clients() % split.count() != 0) {
                throw new UserError("scenario " + s.id() + " fixes " + s.clients() + " client(s), which do not split over " + split.count()
                        + " agents: leave it out (option --scenarios)");
            }
        }
    }

    /** Each scenario runs over at least one of the transports; else an error naming it ({@code where}: which option named it). */
    private static void requireTransport(List<Scenario> named, List<TransportName> transports, String where) {
        for (Scenario s : named) {
            if (transports.stream().noneMatch(s::runsOver)) {
                throw new UserError("scenario " + s.id() + where + " runs over " + s.overText() + ", and --transports gives " + String.join(",", TransportName.ids(transports)));
            }
        }
    }

    /** The scenarios named (all when none), in the order named (so --order listed runs them so); an unknown one is an error naming it. */
    static List<Scenario> select(List<Scenario> all, List<String> ids, String experiment, String option) {
        if (ids.isEmpty()) return all;
        List<String> known = all.stream().map(Scenario::id).toList();
        List<Scenario> out = new ArrayList<>();
        for (String id : ids) {
            if (!known.contains(id)) throw new UserError("unknown scenario '" + id + "' (option " + option + ") for " + experiment + "; known: " + String.join(", ", known));
            Scenario s = all.get(known.indexOf(id));
            if (!out.contains(s)) out.add(s);
        }
        return out;
    }

    @Override
    public Optional<EngineChoice> engineChoice() {
        return Optional.of(engines);
    }

    @Override
    public EngineOptions engine() {
        return engine;
    }

    @Override
    public Optional<ServerOptions> server() {
        server.reset = reset;
        return Optional.of(server);
    }
}
