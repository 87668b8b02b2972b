package io.graphperf.workloads.workload;

import io.graphperf.core.engine.DialectName;
import io.graphperf.core.measure.LoadModelName;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.TransportName;
import io.graphperf.studies.Dialect;
import io.graphperf.core.measure.Executor;
import io.graphperf.core.measure.Ramping;
import io.graphperf.datagen.Datagen;
import io.graphperf.workloads.agents.Agents;
import io.graphperf.workloads.options.AgentOptions;
import io.graphperf.workloads.options.ArrivalsOption;
import io.graphperf.workloads.options.CapacityOptions;
import io.graphperf.workloads.options.DurationConverter;
import io.graphperf.workloads.options.EngineChoice;
import io.graphperf.workloads.options.EngineOptions;
import io.graphperf.workloads.options.ExperimentCommand;
import io.graphperf.workloads.options.LoadOptions;
import io.graphperf.workloads.options.PairingOption;
import io.graphperf.workloads.options.ServerOptions;
import io.graphperf.workloads.options.TransportChoice;
import io.graphperf.workloads.options.Timing;
import io.graphperf.workloads.options.WarmupSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

@Command(name = "workload", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Your workload: your queries, your data, your server — measured and checked like the studies. FILE (YAML) names the operations",
                "(Cypher, a text per dialect, or a procedure; mixed by weight; read or write), where their parameters come from (CSV files, sampled",
                "from the database, uniform or Zipfian ranges, unique ids) and, as keys named like the options below, how to run them; the",
                "command line wins over the file. Before measuring, each read operation's answers on every engine and transport are checked against",
                "the first one's; every declared write's acknowledged ids are checked in the database afterwards. docs/workloads.md."},
        footer = {"", "Examples:", "  graphperf run workload examples/workloads/social-app.yaml",
                "  graphperf run workload examples/workloads/e2-reads.yaml --clients 8 --transports bolt,http",
                "  graphperf run workload my.yaml --engines neo4j,neo4j:2026   (answers cross-checked, then measured side by side; any engine: docs/engines.md)",
                "  graphperf run workload my.yaml --server bolt://db:7687 --user neo4j --reset delete-all   (loaded over Bolt; password: GRAPHPERF_PASSWORD)",
                "  graphperf run workload my.yaml --threshold 'friends p99 < 50ms' --threshold 'errors == 0'   (exit 3 when one is not met)"})
public final class WorkloadCommand extends ExperimentCommand<WorkloadOptions> {

    static final List<String> GENERATED = List.of("social", "b2b");
    /** The options whose values are files: given in a workload file, relative to it. */
    static final List<String> FILE_OPTIONS = List.of("dataset", "setup", "dataset-cache");

    @Parameters(index = "0", paramLabel = "FILE", description = "The workload file (YAML; docs/workloads.md).")
    Path file;
    @Option(names = "--dataset", paramLabel = "NAME|DIR", description = {"The data: a folder of CSV files in the importer's header format (Person-header.csv,"
            + " Person-part-*.csv[.gz], name:ID(Person), :START_ID(Person)…; integer keys), or a generated dataset (social, b2b). Loaded into each engine"
            + " graphperf starts by its own loader, into your server (--server) over Bolt in batches.", "Default: none (the database as it is: empty, or yours)."})
    String dataset;
    @Option(names = "--scale", description = "With a generated --dataset: its scale (default: 1).")
    Double scale;
    @Option(names = "--dataset-seed", description = "With a generated --dataset: its generator's seed (default: " + Datagen.DEFAULT_SEED + ", as datagen's).")
    Long datasetSeed;
    @Option(names = "--dataset-cache", paramLabel = "DIR", description = "Where generated datasets are kept for reuse (default: OUT/datasets).")
    Path datasetCache;
    @Option(names = "--setup", paramLabel = "[DIALECT=]FILE", description = "A script of statements (separated by ;) that makes the data, run once before the"
            + " checks; one per dialect with DIALECT= (e.g. DIALECT=setup-DIALECT.cypher; dialects: docs/workloads.md); repeatable. Instead of, or after, --dataset.")
    List<String> setup = new ArrayList<>();
    @Option(names = "--transports", split = ",", paramLabel = "T", description = "bolt (default), http, embedded (inside the engine's own process; the default"
            + " with an engine other than Neo4j), and graphperf's gateway as ws-FORMAT[-COMPRESSION] (e.g. ws-bson).")
    List<String> transports = new ArrayList<>();
    @Option(names = "--clients", split = ",", paramLabel = "N", description = "Client threads, a cell each (default: 8); in the open model, the pool that sends the schedule.")
    List<Integer> clients = new ArrayList<>();
    @Option(names = "--load", paramLabel = "MODEL", description = "Load model: closed (clients as fast as possible, default), open (a fixed --rate) or"
            + " ramping (from --rate through --stages, as k6's ramping-arrival-rate).")
    String load;
    @Option(names = "--rate", split = ",", paramLabel = "R", description = "Open model: operations per second, offered whatever the engine does; a cell each."
            + " Ramping: the rate it starts from (and keeps through the fixed --warmup).")
    List<Double> rates = new ArrayList<>();
    @Option(names = "--stages", split = ",", paramLabel = "DURATION:RATE", description = "Ramping: each stage's length and the rate it ends at, the rate"
            + " moving linearly (e.g. 30s:100,1m:500,30s:500); the window is their total (--duration does not apply).")
    List<String> stages = new ArrayList<>();
    @Option(names = "--warmup", paramLabel = "auto|DURATION", converter = WarmupSpec.Converter.class,
            description = "Each cell's warm-up: auto (until steady, default) or a fixed duration such as 30s.")
    WarmupSpec warmup;
    @Option(names = "--warmup-max", paramLabel = "DURATION", converter = DurationConverter.class, description = "Cap of --warmup auto (default: 30s).")
    Duration warmupMax;
    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class, description = "Measured window per cell (default: 30s).")
    Duration duration;
    @Option(names = "--server-warmup", paramLabel = "auto|DURATION", converter = WarmupSpec.Converter.class,
            description = "Before the first cell, every cell's workload in turn until the engine's JIT compilers are quiet (your server: until throughput"
                    + " stops rising): auto (default, capped by --warmup-max × 2) or a fixed duration; 0s to skip.")
    WarmupSpec serverWarmup;
    @Option(names = "--order", paramLabel = "ORDER", description = "Cell order: shuffled (default; the seed is printed, --seed repeats it) or listed.")
    String order;
    @Option(names = "--check-samples", paramLabel = "N", description = "Parameter draws whose answers are checked per read operation, engine and transport"
            + " against the first's (default: 10; 0 for none).")
    Integer checkSamples;
    @Option(names = "--tolerance", paramLabel = "X", description = "How far a number in an answer may be from the first engine's, relative (default: 1e-9;"
            + " an operation's own tolerance: wins).")
    Double tolerance;
    @Option(names = {"--threshold", "--thresholds"}, paramLabel = "T", description = {"A threshold every cell must keep, as [OPERATION] FIGURE OP VALUE:"
            + " 'friends p99 < 50ms', 'errors == 0', 'throughput > 500/s', 'late < 5%%' (figures p50, p90, p99, p99.9, max, mean, throughput, errors,"
            + " dropped, late); repeatable. The run exits 3 when one is not met, naming it with the measured value and its interval."})
    List<String> thresholds = new ArrayList<>();
    @Option(names = "--load-threads", paramLabel = "N", description = "With --server: transactions loading the data over Bolt at once (default: 4).")
    Integer loadThreads;
    @Option(names = "--load-batch", paramLabel = "ROWS", description = "With --server: rows a loading transaction writes (default: 10000).")
    Integer loadBatch;
    @Option(names = "--reset", paramLabel = "MODE", description = "With --server: allow emptying your database before loading (delete-all); needed when the"
            + " database holds other data, or the workload writes.")
    String reset;
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
        server.reset = reset;
        return Optional.of(server);
    }

    @Override
    public EngineOptions engine() {
        return engine;
    }

    @Override
    public List<String> fileSections() {
        return WorkloadFile.SECTIONS;
    }

    @Override
    public String fileValue(String key, String value, Path fileDir) {
        if (!FILE_OPTIONS.contains(key) || key.equals("dataset") && GENERATED.contains(value)) return value;
        int eq = value.indexOf('=');
        if (key.equals("setup") && eq > 0 && !value.substring(0, eq).contains("/")) {
            return value.substring(0, eq + 1) + fileDir.resolve(value.substring(eq + 1)).normalize();
        }
        return fileDir.resolve(value).normalize().toString();
    }

    /** The dialects a workload file may give texts for, by name: Neo4j's and every engine module's on the class path. */
    static Set<String> dialects() {
        Set<String> d = new LinkedHashSet<>(List.of(DialectName.NEO4J.id()));
        Dialect.all().keySet().forEach(n -> d.add(n.id()));
        return d;
    }

    @Override
    public WorkloadOptions options() {
        Workload w = WorkloadFile.read(file, dialects());
        if (server.given() && !engines.chosen().isEmpty()) throw new UserError("--engine and --engines choose engines graphperf starts; --server is your own Neo4j");
        List<TransportName> tr = transports();
        if (server.uris().size() > 1) throw new UserError("--server: a workload runs on one server (a list of servers is for reads' round-robin groups)");
        if (server.given() && w.writes() && reset == null) {
            OperationSpec op = w.writeOperations().get(0);
            throw new UserError("operation '" + op.name() + "' (" + w.file() + " line " + op.line() + ") writes, and graphperf reloads your database's data before"
                    + " each trial of a workload that writes: give --reset delete-all, on a database you can lose");
        }
        if (!server.given()) {
            for (String o : new String[]{loadThreads != null ? "--load-threads" : null, loadBatch != null ? "--load-batch" : null}) {
                if (o != null) throw new UserError(o + " applies to loading your server over Bolt (--server); graphperf's engines load with their own loaders");
            }
        }
        WorkloadOptions.Data data = data();
        var search = arrivals.apply(capacity.settings(this.run), this.run);
        CapacityOptions.refuseFixedLoad(search, load, rates.isEmpty() ? null : rates.get(0));
        List<Executor> loads = loads();
        arrivals.requireOpen(LoadModelName.OPEN.is(load) || search.isPresent());
        Duration window = duration == null ? Duration.ofSeconds(30) : duration, max = warmupMax == null ? Duration.ofSeconds(30) : warmupMax;
        if (window.isZero() || window.isNegative()) throw new UserError("--duration must be positive");
        if (max.isZero() || max.isNegative()) throw new UserError("--warmup-max must be positive");
        String o = order == null ? "shuffled" : order;
        if (!o.equals("shuffled") && !o.equals("listed")) throw new UserError("unknown order '" + o + "' (option --order); known: shuffled, listed");
        int samples = checkSamples == null ? 10 : checkSamples;
        if (samples < 0) throw new UserError("--check-samples must be 0 or more");
        double tol = tolerance == null ? 1e-9 : tolerance;
        if (!(tol >= 0)) throw new UserError("--tolerance must be 0 or more");
        List<String> names = w.operations().stream().map(OperationSpec::name).toList();
        List<Threshold> th = new ArrayList<>();
        for (String t : thresholds) th.add(Threshold.parse(t, names, w.lines().containsKey("thresholds:" + t.trim())
                ? w.file() + " line " + w.lines().get("thresholds:" + t.trim()) + ", key 'thresholds'" : "option --threshold"));
        int threads = loadThreads == null ? 4 : loadThreads, batch = loadBatch == null ? 10_000 : loadBatch;
        if (threads < 1 || threads > 64) throw new UserError("--load-threads: 1 to 64");
        if (batch < 1 || batch > 1_000_000) throw new UserError("--load-batch: 1 to 1,000,000 rows");
        Optional<Agents> split = agents.agents(run.trials());
        split.ifPresent(a -> checkAgents(a, tr, loads));
        WarmupSpec wu = warmup == null ? WarmupSpec.AUTO : warmup;
        return new WorkloadOptions(w, data, tr, loads, new Timing(wu.auto() ? null : wu.fixed(), max, window,
                serverWarmup == null || serverWarmup.auto() ? null : serverWarmup.fixed(), max.multipliedBy(2)), o.equals("shuffled"),
                new WorkloadOptions.Checks(samples, tol, th), new WorkloadOptions.Server(server.given(), "delete-all".equals(reset), threads, batch), split, search);
    }

    /** The transports asked for (bolt by default; embedded with an engine other than Neo4j), each one that applies here. */
    private List<TransportName> transports() {
        List<TransportName> tr = TransportChoice.of(transports, List.of(engines.beyondNeo4j() ? TransportName.EMBEDDED : TransportName.BOLT));
        if (server.given()) TransportChoice.refuseOnYourServer(tr);
        return tr;
    }

    /** A load per cell: each client count (closed), each rate × client count (open), or each client count's ramp. */
    private List<Executor> loads() {
        List<Integer> cl = clients.isEmpty() ? List.of(8) : List.copyOf(clients);
        for (int c : cl) if (c < 1) throw new UserError("--clients must be at least 1, not " + c);
        LoadModelName model = LoadOptions.model(load, LoadModelName.values());
        List<Executor> loads = new ArrayList<>();
        if (!stages.isEmpty() && model != LoadModelName.RAMPING) throw new UserError("--stages needs --load ramping");
        switch (model) {
            case RAMPING -> loads.addAll(ramping(cl));
            case OPEN -> {
                if (rates.isEmpty()) throw new UserError("--load open needs --rate (operations per second)");
                for (double r : rates) for (int c : cl) loads.add(LoadOptions.executor(model, r, c, arrivals.choice(), ArrivalsOption.seed(run)));
            }
            case CLOSED -> {
                if (!rates.isEmpty()) throw new UserError("--rate needs --load open (the closed model runs as fast as the clients can)");
                for (int c : cl) loads.add(LoadOptions.executor(model, null, c));
            }
        }
        return loads;
    }

    /** One ramping cell per client count: from --rate through --stages, after a fixed --warmup at that rate. */
    private List<Executor> ramping(List<Integer> cl) {
        if (rates.size() != 1) throw new UserError("--load ramping needs one --rate: the rate it starts from");
        if (stages.isEmpty()) throw new UserError("--load ramping needs --stages (e.g. 30s:100,1m:500)");
        if (warmup == null || warmup.auto()) throw new UserError("--load ramping needs a fixed --warmup (the ramp starts after it; e.g. --warmup 10s)");
        List<Ramping.Stage> st = new ArrayList<>();
        for (String s : stages) {
            int colon = s.lastIndexOf(':');
            if (colon <= 0) throw new UserError("bad stage '" + s + "' (option --stages): DURATION:RATE, e.g. 30s:100");
            try {
                st.add(new Ramping.Stage(DurationConverter.parse(s.substring(0, colon), "a stage's length").toMillis(), Double.parseDouble(s.substring(colon + 1))));
            } catch (NumberFormatException e) {
                throw new UserError("bad stage '" + s + "' (option --stages): its rate is not a number");
            } catch (IllegalArgumentException e) {
                throw new UserError("bad stage '" + s + "' (option --stages): " + e.getMessage());
            }
        }
        List<Executor> out = new ArrayList<>();
        for (int c : cl) out.add(LoadOptions.ramping(rates.get(0), st, warmup.fixed(), c));
        return out;
    }

    private WorkloadOptions.Data data() {
        Map<String, Path> scripts = new LinkedHashMap<>();
        for (String s : setup) {
            int eq = s.indexOf('=');
            String dialect = eq > 0 ? s.substring(0, eq) : Texts.CYPHER;
            Path p = Path.of(eq > 0 ? s.substring(eq + 1) : s);
            if (eq > 0 && !dialects().contains(dialect)) throw new UserError("--setup " + s + ": unknown dialect '" + dialect + "'; known: " + dialects());
            if (!java.nio.file.Files.isRegularFile(p)) throw new UserError("setup script " + p + " does not exist (option --setup)");
            if (scripts.put(dialect, p) != null) throw new UserError("--setup gives two scripts for " + dialect);
        }
        boolean generated = dataset != null && GENERATED.contains(dataset);
        if (!generated && (scale != null || datasetSeed != null)) throw new UserError((scale != null ? "--scale" : "--dataset-seed")
                + " applies to a generated --dataset (social, b2b)");
        double s = scale == null ? 1 : scale;
        if (!(s > 0 && s <= 100)) throw new UserError("bad scale " + s + " (option --scale): above 0 and at most 100");
        Path folder = null;
        if (dataset != null && !generated) {
            folder = Path.of(dataset).toAbsolutePath().normalize();
            if (!java.nio.file.Files.isDirectory(folder)) {
                throw new UserError("dataset " + dataset + " (option --dataset) is neither a generated dataset (" + String.join(", ", GENERATED) + ") nor a folder");
            }
        }
        return new WorkloadOptions.Data(generated ? dataset : null, s, datasetSeed == null ? Datagen.DEFAULT_SEED : datasetSeed, folder, datasetCache, Map.copyOf(scripts));
    }

    /** What load agents need: a fixed warm-up, Neo4j over bolt or http, clients that split over them. */
    private void checkAgents(Agents split, List<TransportName> tr, List<Executor> loads) {
        if (warmup == null || warmup.auto()) throw new UserError("--agents needs a fixed --warmup (e.g. --warmup 10s): every agent's window starts at the same instant");
        if (engines.beyondNeo4j()) throw new UserError("--agents sends to Neo4j (bolt, http); the other engines run embedded in their own process");
        TransportChoice.requireAgentsTransports(tr);
        for (Executor e : loads) {
            if (e.clients() % split.count() != 0) throw new UserError(e.clients() + " clients do not split over " + split.count() + " agents: give --clients as a multiple of " + split.count());
        }
    }
}
