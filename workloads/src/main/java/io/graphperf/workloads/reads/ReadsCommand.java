package io.graphperf.workloads.reads;

import io.graphperf.studies.reads.SocialQuery;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.TransportName;
import io.graphperf.datagen.Datagen;
import io.graphperf.workloads.agents.Agents;
import io.graphperf.workloads.options.TransportChoice;
import io.graphperf.workloads.options.AgentOptions;
import io.graphperf.workloads.options.ArrivalsOption;
import io.graphperf.workloads.options.CapacityOptions;
import io.graphperf.workloads.options.DurationConverter;
import io.graphperf.workloads.options.EngineChoice;
import io.graphperf.workloads.options.EngineOptions;
import io.graphperf.workloads.options.ExperimentCommand;
import io.graphperf.workloads.options.PairingOption;
import io.graphperf.workloads.options.ServerOptions;
import io.graphperf.workloads.options.Timing;
import io.graphperf.workloads.options.WarmupSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

@Command(name = "reads", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"E2 — the 19 social-network queries over transports, as Cypher and as stored procedures: result checks against answers",
                "computed from the files, single-client latency per query, throughput against client threads, the open model, connection",
                "pools, the server's Bolt and gateway worker pools and round-robin groups of servers. Loads the social dataset with the",
                "engine's own bulk loader first (Neo4j's importer, Kuzu's COPY); --engines runs the same cells on several engines, side by side.",
                "With --agents N the load cells (throughput, open model, server pools) are sent by N load agents; single-client latency,",
                "connection pools, round-robin groups and cells over embedded or ws-* stay with this process."},
        footer = {"", "Examples:", "  graphperf run reads --scale 1",
                "  graphperf run reads --transports bolt,embedded --queries q01,q03,q07 --threads 1,16,64",
                "  graphperf run reads --engines neo4j,kuzu --scale 1   (each engine in its own JVM, measured in its own process)",
                "  graphperf run reads --transports bolt,http,ws-bson,ws-bson-deflate-fast,ws-json --servers 3",
                "  graphperf run reads --server bolt://db1:7687,bolt://db2:7687 --user neo4j --password secret   (the dataset loaded on each)",
                "  graphperf run reads --agents 4 --transports bolt --warmup 10s --threads 16,64 --rates 2000   (docs/agents.md)"})
public final class ReadsCommand extends ExperimentCommand<ReadsOptions> {

    @Option(names = "--scale", description = "Scale of the generated social dataset (default: 1 = 2,011 people, ~83 k nodes).")
    Double scale;
    @Option(names = "--dataset-seed", description = "Generator seed of the dataset (default: " + Datagen.DEFAULT_SEED + ", as datagen's).")
    Long datasetSeed;
    @Option(names = "--transports", split = ",", paramLabel = "T", description = "bolt, http, embedded (default: all three), and graphperf's WebSocket gateway as ws-FORMAT[-COMPRESSION]: "
            + "ws-json, ws-bson, ws-msgpack, each optionally with -deflate-fast, -deflate-best, -zstd or -lz4 (e.g. ws-bson-zstd).")
    List<String> transports = new ArrayList<>();
    @Option(names = "--forms", split = ",", paramLabel = "F", description = "cypher, procedure (the same operations as stored procedures) (default: both).")
    List<String> forms = new ArrayList<>();
    @Option(names = "--queries", split = ",", paramLabel = "ID", description = "Queries to run, q01..q19 (default: all).")
    List<String> queries = new ArrayList<>();
    @Option(names = "--cache", paramLabel = "STATE", description = "Cache state for latency: hot (a warm-up until steady first, default), cold (restart before each query), full (the whole workload once first).")
    String cache;
    @Option(names = "--repeat-factor", paramLabel = "X", description = "Multiplies the study's repeat counts per query (default: 1).")
    Double repeatFactor;
    @Option(names = "--check-samples", paramLabel = "N", description = "Parameter sets whose results are checked per query, transport and form (default: 10).")
    Integer checkSamples;
    @Option(names = "--threads", split = ",", paramLabel = "N", description = "Client threads for the throughput curve (default: 1,4,16,64,128).")
    List<Integer> threads = new ArrayList<>();
    @Option(names = "--rates", split = ",", paramLabel = "R", description = "Open-model arrival rates, ops/s (default: 200,1000).")
    List<Double> rates = new ArrayList<>();
    @Option(names = "--connections", split = ",", paramLabel = "N", description = "Connection-pool sizes to compare over Bolt and each ws-* transport, one warm server (default: 1,8; 0 for none).")
    List<Integer> connections = new ArrayList<>();
    @Option(names = "--bolt-threads", split = ",", paramLabel = "N", description = "Server Bolt worker-pool sizes to compare, a warmed server each (default: 1,2,4,8,16; 0 for none).")
    List<Integer> boltThreads = new ArrayList<>();
    @Option(names = "--gateway-threads", split = ",", paramLabel = "N", description = "The gateway's worker-pool sizes to compare over the first ws-* transport,"
            + " a warmed server each (default: 1,2,4,8,16 when a ws-* transport is given; 0 for none).")
    List<Integer> gatewayThreads = new ArrayList<>();
    @Option(names = "--servers", split = ",", paramLabel = "N", description = "Round-robin groups to compare: N servers, each on its own copy of the loaded store,"
            + " the sweep's clients spread over them in turn, a warmed group each (default: 1,3,5; 0 for none).")
    List<Integer> servers = new ArrayList<>();
    @Option(names = "--sweep-clients", paramLabel = "N", description = "Client threads for the open model and the connection and Bolt-pool sweeps (default: 64).")
    Integer sweepClients;
    @Option(names = "--warmup", paramLabel = "auto|DURATION", converter = WarmupSpec.Converter.class, description = "Each cell's warm-up: auto (until steady, default) or fixed.")
    WarmupSpec warmup;
    @Option(names = "--warmup-max", paramLabel = "DURATION", converter = DurationConverter.class, description = "Cap of --warmup auto (default: 30s).")
    Duration warmupMax;
    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class, description = "Window of each throughput cell (default: 10s).")
    Duration duration;
    @Option(names = "--server-warmup", paramLabel = "auto|DURATION", converter = WarmupSpec.Converter.class,
            description = "After each server start, every transport's mix in turn until the JIT compilers are quiet: auto (default) or fixed; 0s to skip.")
    WarmupSpec serverWarmup;
    @Option(names = "--dataset-cache", paramLabel = "DIR", description = "Where generated datasets are kept for reuse (default: OUT/datasets).")
    Path datasetCache;
    @Option(names = "--max-off-heap", paramLabel = "SIZE", description = "The importer's --max-off-heap-memory (default: 2G).")
    String maxOffHeap;
    @Mixin
    EngineOptions engine = new EngineOptions();
    @Mixin
    ServerOptions server = new ServerOptions();
    @Mixin
    AgentOptions agents = new AgentOptions();
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

    @Override
    public Optional<EngineChoice> engineChoice() {
        return Optional.of(engines);
    }

    @Override
    public Optional<ServerOptions> server() {
        return Optional.of(server);
    }

    @Override
    public ReadsOptions options() {
        if (server.given()) yours();
        if (server.given() && !engines.chosen().isEmpty()) throw new UserError("--engine and --engines choose engines graphperf starts; --server is your own Neo4j");
        // another engine than Neo4j: the defaults measure like with like, in each engine's own process, in Cypher, one server
        boolean beyond = engines.beyondNeo4j();
        double s = scale == null ? 1.0 : scale;
        if (!(s > 0 && s <= 100)) throw new UserError("bad scale " + s + " (option --scale): above 0 and at most 100");
        List<TransportName> tr = TransportChoice.of(transports, server.given() ? List.of(TransportName.BOLT, TransportName.HTTP)
                : beyond ? List.of(TransportName.EMBEDDED) : List.of(TransportName.BOLT, TransportName.HTTP, TransportName.EMBEDDED));
        if (server.given()) TransportChoice.refuseOnYourServer(tr);
        List<String> fm = forms.isEmpty() ? (server.given() || beyond ? List.of("cypher") : List.of("cypher", "procedure")) : forms;
        for (String f : fm) if (!List.of("cypher", "procedure").contains(f)) throw new UserError("unknown form '" + f + "' (option --forms); known: cypher, procedure");
        String cs = cache == null ? "hot" : cache;
        if (!List.of("hot", "cold", "full").contains(cs)) throw new UserError("unknown cache state '" + cs + "' (option --cache); known: hot, cold, full");
        List<String> known = SocialQueries.all().stream().map(SocialQuery::id).toList();
        for (String id : queries) if (!known.contains(id)) throw new UserError("unknown query '" + id + "' (option --queries); known: q01 … q19");
        List<SocialQuery> qs = SocialQueries.all().stream().filter(q -> queries.isEmpty() || queries.contains(q.id())).toList();
        double rf = repeatFactor == null ? 1.0 : repeatFactor;
        if (!(rf > 0)) throw new UserError("--repeat-factor must be above 0");
        List<Integer> th = threads.isEmpty() ? List.of(1, 4, 16, 64, 128) : threads;
        for (int t : th) if (t < 1) throw new UserError("--threads must be at least 1");
        int yours = server.uris().size();
        List<Integer> sv = server.given() ? (yours > 1 ? List.of(yours) : List.of()) : sweep(servers, beyond ? List.of() : List.of(1, 3, 5));
        for (int n : sv) if (n < 1 || n > 16) throw new UserError("bad group size " + n + " (option --servers): 1 to 16 servers, or 0 alone for none");
        if (!sv.isEmpty() && tr.stream().allMatch(TransportName::embedded)) {
            throw new UserError("--servers measures groups over bolt, http or ws-* transports; --transports has only embedded (give --servers 0)");
        }
        boolean ws = tr.stream().anyMatch(TransportName::isGateway);
        List<Integer> gt = server.given() || !ws && gatewayThreads.isEmpty() ? List.of() : sweep(gatewayThreads, List.of(1, 2, 4, 8, 16));
        for (int n : gt) if (n < 1) throw new UserError("bad pool size " + n + " (option --gateway-threads): at least 1, or 0 alone for none");
        if (!gt.isEmpty() && !ws) throw new UserError("--gateway-threads applies to the gateway's ws-* transports, and --transports has none");
        List<Integer> cn = sweep(connections, List.of(1, 8)), bt = sweep(boltThreads, beyond ? List.of() : List.of(1, 2, 4, 8, 16));
        for (int n : cn) if (n < 1) throw new UserError("bad pool size " + n + " (option --connections): at least 1, or 0 alone for none");
        for (int n : bt) if (n < 1) throw new UserError("bad pool size " + n + " (option --bolt-threads): at least 1, or 0 alone for none");
        int sc = sweepClients == null ? 64 : sweepClients;
        if (sc < 1) throw new UserError("--sweep-clients must be at least 1");
        Duration window = duration == null ? Duration.ofSeconds(10) : duration;
        if (window.isZero() || window.isNegative()) throw new UserError("--duration must be positive");
        Duration max = warmupMax == null ? Duration.ofSeconds(30) : warmupMax;
        WarmupSpec w = warmup == null ? WarmupSpec.AUTO : warmup;
        Optional<Agents> split = agents.agents(run.trials());
        split.ifPresent(a -> checkAgents(a, w, tr, sc));
        var search = arrivals.apply(capacity.settings(this.run), this.run);
        if (search.isPresent() && !rates.isEmpty()) throw new UserError("--capacity searches the open model's rate itself: drop --rates");
        return new ReadsOptions(new ReadsOptions.Data(s, datasetSeed == null ? Datagen.DEFAULT_SEED : datasetSeed, datasetCache),
                new ReadsOptions.Measured(tr, fm, cs, qs, rf, checkSamples == null ? 10 : checkSamples),
                new ReadsOptions.Sweeps(th, rates.isEmpty() ? List.of(200.0, 1000.0) : rates, cn, server.given() ? List.of() : bt, gt, sv, sc,
                        arrivals.open(1, sc, this.run)),
                new Timing(w.auto() ? null : w.fixed(), max, window, serverWarmup == null || serverWarmup.auto() ? null : serverWarmup.fixed(),
                        max.multipliedBy(4)),
                maxOffHeap == null ? "2G" : maxOffHeap, split, search);
    }

    /**
     * What load agents need: a fixed warm-up (a common window), Neo4j over bolt or http, the sweep's clients split over them. The cells
     * about one client process (single-client latency, connection pools, round-robin groups) and those over embedded or ws-* stay here.
     */
    private void checkAgents(Agents split, WarmupSpec w, List<TransportName> tr, int sweepClients) {
        if (engines.beyondNeo4j()) throw new UserError("--agents sends to Neo4j (bolt, http); the other engines run embedded in their own process");
        if (w.auto()) throw new UserError("--agents needs a fixed --warmup (e.g. --warmup 10s): every agent's window starts at the same instant");
        if (tr.stream().noneMatch(TransportName::boltOrHttp)) {
            throw new UserError("--agents sends over bolt and http, and --transports has neither");
        }
        if (sweepClients % split.count() != 0) {
            throw new UserError("--sweep-clients " + sweepClients + " does not split over " + split.count() + " agents: give a multiple of " + split.count());
        }
    }

    /** A sweep option: its default when not given, none when given as 0 alone. */
    private static List<Integer> sweep(List<Integer> given, List<Integer> byDefault) {
        return given.isEmpty() ? byDefault : given.equals(List.of(0)) ? List.of() : given;
    }

    /** What cannot be done on the user's servers: refused by name rather than half done. */
    private void yours() {
        if ("cold".equals(cache)) throw new UserError("--cache cold restarts the server before each query; graphperf cannot restart yours (use hot or full)");
        if (!boltThreads.isEmpty() && !boltThreads.equals(List.of(0))) throw new UserError("--bolt-threads restarts the server with each pool size; set your server's pool and run once per size");
        if (!gatewayThreads.isEmpty()) throw new UserError("--gateway-threads applies to the gateway graphperf runs; not with --server");
        if (!servers.isEmpty()) {
            throw new UserError("--servers starts copies of graphperf's loaded store; with --server, list your servers instead (--server bolt://a:7687,bolt://b:7687)");
        }
        if (maxOffHeap != null) throw new UserError("--max-off-heap applies to graphperf's own import; your server is loaded already");
    }

    @Override
    public EngineOptions engine() {
        return engine;
    }
}
