package io.graphperf.cli;

import io.graphperf.core.UserError;
import io.graphperf.core.measure.LoadModel;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.progress.ConsoleProgress;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.SeriesResult;
import io.graphperf.workloads.Experiments;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs an experiment and writes a results folder (run.json, summary.csv, figures.csv, histograms/, report.html);",
                "with --variant or --repeat, a series folder (series.json, comparison.csv, report.html) with each run under trials/.",
                "Without an experiment: the quick suite (every E4 scenario, 1 s warm-up + 2 s each, Bolt and HTTP, embedded Neo4j)."},
        footer = {"", "Examples:", "  graphperf run", "  graphperf run writes --clients 8 --duration 30s",
                "  graphperf run import --dataset b2b --scale 0.001,0.003,0.01",
                "  graphperf run import --scale 0.01 --variant small-cache:page-cache=64m --repeat 3",
                "  graphperf run import --dataset /data/my-csv-folder --index Person.name",
                "  graphperf run reads --scale 1",
                "  graphperf run reads --transports bolt,embedded --queries q01,q03,q07 --threads 1,16,64",
                "  graphperf run writes --scenarios unwind-1000,create-labelled --transports bolt --load open --rate 200",
                "  graphperf run writes --target neo4j://db.example:7687 --user neo4j --password secret --reset delete-all",
                "  graphperf run --config my-run.yaml"})
public final class RunCommand implements Callable<Integer> {

    static final String QUICK = "quick";
    static final Duration QUICK_WARMUP = Duration.ofSeconds(1), QUICK_DURATION = Duration.ofSeconds(2);

    @Parameters(index = "0", arity = "0..1", paramLabel = "EXPERIMENT", description = "Experiment to run: ${COMPLETION-CANDIDATES}; default: the quick suite.",
            completionCandidates = ExperimentNames.class)
    String experiment;

    @Option(names = "--config", paramLabel = "FILE", description = "YAML file with any of these options (same names); the command line wins.")
    Path config;
    @Option(names = "--scenarios", split = ",", paramLabel = "ID", description = "Scenarios to run (default: all; see graphperf list).")
    List<String> scenarios;
    @Option(names = "--transports", split = ",", paramLabel = "T", description = "Transports: bolt, http (default: both).")
    List<String> transports;
    @Option(names = "--clients", description = "Client threads (default: the experiment's, 8 for writes).")
    Integer clients;
    @Option(names = "--duration", converter = DurationConverter.class, description = "Measured window per scenario, e.g. 30s (default: 30s; quick suite 2s).")
    Duration duration;
    @Option(names = "--warmup", converter = DurationConverter.class, description = "Warm-up before each window, not counted (default: 5s; quick suite 1s).")
    Duration warmup;
    @Option(names = "--load", paramLabel = "MODEL", description = "Load model: closed (clients as fast as possible, default) or open (fixed --rate).")
    String load;
    @Option(names = "--rate", description = "Open model: operations per second, offered whatever the server does.")
    Double rate;

    @Option(names = "--target", paramLabel = "URI", description = "Your server, e.g. bolt://host:7687 or neo4j://host:7687 (routing). Default: embedded Neo4j.")
    String target;
    @Option(names = "--user", description = "User for --target.")
    String user;
    @Option(names = "--password", description = "Password for --target (or set GRAPHPERF_PASSWORD).")
    String password;
    @Option(names = "--database", description = "Database on --target (default: neo4j).")
    String database;
    @Option(names = "--http-url", paramLabel = "URL", description = "HTTP API of --target (default: http://HOST:7474).")
    String httpUrl;
    @Option(names = "--reset", paramLabel = "MODE", description = "Allow emptying the --target database between scenarios: delete-all. Required with --target.")
    String reset;

    @Option(names = "--heap", description = "Embedded Neo4j heap (default: 1g).")
    String heap;
    @Option(names = "--page-cache", description = "Embedded Neo4j page cache (default: 512m).")
    String pageCache;
    @Option(names = "--data-dir", description = "Embedded Neo4j data directory (default: inside the results folder).")
    Path dataDir;
    @Option(names = "--tx-log-dir", description = "Embedded Neo4j transaction-log directory (default: under the data directory).")
    Path txLogDir;
    @Option(names = "--bolt-port", description = "Embedded Neo4j Bolt port (default: a free one).")
    Integer boltPort;
    @Option(names = "--http-port", description = "Embedded Neo4j HTTP port (default: a free one).")
    Integer httpPort;
    @Option(names = "--setting", paramLabel = "KEY=VALUE", description = "Extra Neo4j setting for the embedded server (repeatable); graphperf.batch_writer.* keys configure the batch writer (written to its graphperf.conf).")
    Map<String, String> settings;
    @Option(names = "--keep-store", description = "Keep the embedded store after the run (default: deleted, logs kept).")
    boolean keepStore;

    @Option(names = "--out", description = "Folder for results (default: results).")
    Path out;
    @Option(names = "--verbose", description = "Show stack traces of errors.")
    boolean verbose;

    @Option(names = "--variant", paramLabel = "NAME:KEY=VALUE,...", description = {"A configuration to compare with the baseline (this run's own settings); repeatable.",
            "Keys: heap, page-cache, data-dir, tx-log-dir, or any Neo4j setting (e.g. db.tx_log.rotation.size).",
            "Example: --variant big-cache:page-cache=2g --variant other-disk:data-dir=/mnt/ssd2"})
    List<String> variants;
    @Option(names = "--repeat", description = "Runs per variant, interleaved A B A B … (default: 1). Verdicts need at least 2.")
    Integer repeat;

    @Option(names = "--dataset", paramLabel = "NAME|DIR", description = "import: b2b (default), social, or a folder of Neo4j-import CSV files.")
    String dataset;
    @Option(names = "--scale", split = ",", paramLabel = "S", description = "import: scale factors of the generated dataset, e.g. 0.001,0.003,0.01 (default: 0.01); reads: one scale (default: 1).")
    List<Double> scales;
    @Option(names = "--index", split = ",", paramLabel = "LABEL.PROPERTY", description = "import: property indexes after the constraints (default b2b: Individual.lastName,Organization.name; social: Person.lastName,Message.sentAt).")
    List<String> indexes;
    @Option(names = "--probe-label", paramLabel = "LABEL", description = "import: label whose keys the probe queries look up (default: b2b Individual, social Person, else the first label with a key).")
    String probeLabel;
    @Option(names = "--bad-tolerance", paramLabel = "N", description = "import: bad rows the importer may skip before it fails (default: 10000, as in the study).")
    Integer badTolerance;
    @Option(names = "--max-off-heap", paramLabel = "SIZE", description = "import: the importer's --max-off-heap-memory (default: 2G).")
    String maxOffHeap;
    @Option(names = "--defects", paramLabel = "N", description = "import: defects per kind injected into a generated dataset (default: 0).")
    Integer defects;
    @Option(names = "--seed", description = "import: generator seed (default: 1).")
    Long seed;
    @Option(names = "--dataset-cache", paramLabel = "DIR", description = "import, reads: where generated datasets are kept for reuse (default: OUT/datasets).")
    Path datasetCache;
    @Option(names = "--no-drop-os-cache", negatable = false, description = "import: do not drop the OS file cache before cold starts (dropping needs root; default: drop when permitted).")
    boolean noDropOsCache;

    @Option(names = "--queries", split = ",", paramLabel = "ID", description = "reads: queries to run, q01..q19 (default: all).")
    List<String> queries;
    @Option(names = "--forms", split = ",", paramLabel = "F", description = "reads: cypher, procedure (the same operations as stored procedures) (default: both).")
    List<String> forms;
    @Option(names = "--cache", paramLabel = "STATE", description = "reads: cache state for latency: hot (a warm-up run first, default), cold (restart before each query), full (the whole workload once first).")
    String cache;
    @Option(names = "--repeat-factor", paramLabel = "X", description = "reads: multiplies the study's repeat counts per query (default: 1).")
    Double repeatFactor;
    @Option(names = "--check-samples", paramLabel = "N", description = "reads: parameter sets whose results are checked per query, transport and form (default: 10).")
    Integer checkSamples;
    @Option(names = "--threads", split = ",", paramLabel = "N", description = "reads: client threads for the throughput curve (default: 1,4,16,64,128).")
    List<Integer> threads;
    @Option(names = "--rates", split = ",", paramLabel = "R", description = "reads: open-model arrival rates, ops/s (default: 200,1000).")
    List<Double> rates;
    @Option(names = "--connections", split = ",", paramLabel = "N", description = "reads: Bolt connection-pool sizes to compare (default: 1,8).")
    List<Integer> connections;
    @Option(names = "--bolt-threads", split = ",", paramLabel = "N", description = "reads: server Bolt worker-pool sizes to compare (default: 1,2,4,8,16).")
    List<Integer> boltThreads;
    @Option(names = "--sweep-clients", paramLabel = "N", description = "reads: client threads for the open model and the connection and Bolt-pool sweeps (default: 64).")
    Integer sweepClients;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        RunSettings s = resolve();
        PrintStream stdout = System.out;
        ConsoleProgress progress = ConsoleProgress.forStderr();
        Path runDir = newRunDir(s.out, s.name);
        Series.TrialRunner trial = (settings, dir) -> settings.isImport() ? ImportTrial.run(settings, dir, progress)
                : settings.isReads() ? ReadTrial.run(settings, dir, progress) : ScenarioTrial.run(settings, dir, progress);
        if (s.variants.size() == 1 && s.repeat == 1) {
            RunResult run = trial.run(s.with(s.variants.get(0)), runDir);
            SummaryTable.print(run, stdout);
            return finish(stdout, runDir, "", run.failures());
        }
        SeriesResult series = Series.run(s, runDir, trial, progress);
        SummaryTable.print(series, stdout);
        return finish(stdout, runDir, " (each run in trials/)", series.failures());
    }

    /** Where the results are, and the exit code: 1 when anything failed. */
    private static int finish(PrintStream stdout, Path dir, String note, List<String> failures) {
        stdout.println();
        stdout.println("Results: " + dir + note);
        stdout.println("Report:  " + dir.resolve(io.graphperf.core.export.HtmlReportExporter.FILE));
        if (failures.isEmpty()) return 0;
        stdout.println("FAILED: " + String.join("; ", failures));
        return 1;
    }

    /** Command line over config file over defaults, validated before anything starts. */
    RunSettings resolve() {
        RunConfig c = config != null ? RunConfig.load(config) : new RunConfig();
        RunSettings s = new RunSettings();
        String exp = first(experiment, c.experiment, null);
        boolean quick = exp == null || exp.equals(QUICK);
        s.experiment = Experiments.byName(quick ? "writes" : exp);
        s.name = quick ? QUICK : s.experiment.name();
        s.scenarios = Experiments.select(s.experiment, first(scenarios, c.scenarios, List.of()));
        s.transports = first(transports, c.transports, List.of("bolt", "http"));
        for (String tr : s.experiment instanceof io.graphperf.workloads.reads.ReadExperiment ? List.<String>of() : s.transports) {
            if (!List.of("bolt", "http").contains(tr)) throw new UserError("unknown transport '" + tr + "' (option --transports); known: bolt, http");
        }
        int n = first(clients, c.clients, s.experiment.defaultClients());
        Duration d = first(duration, parse(c.duration, "duration"), quick ? QUICK_DURATION : s.experiment.defaultDuration());
        Duration w = first(warmup, parse(c.warmup, "warmup"), quick ? QUICK_WARMUP : s.experiment.defaultWarmup());
        if (s.experiment instanceof io.graphperf.workloads.imports.ImportExperiment || s.experiment instanceof io.graphperf.workloads.reads.ReadExperiment) {
            // E1 is a study of phases: no load model (a placeholder plan keeps describe() simple)
            n = 1;
            d = Duration.ofSeconds(1);
            w = Duration.ZERO;
        }
        String model = first(load, c.load, "closed");
        Double r = first(rate, c.rate, null);
        LoadModel lm;
        try {
            lm = switch (model) {
                case "closed" -> {
                    if (r != null) throw new UserError("--rate needs --load open (the closed model runs as fast as the clients can)");
                    yield new LoadModel.Closed(n);
                }
                case "open" -> {
                    if (r == null) throw new UserError("--load open needs --rate (operations per second)");
                    yield new LoadModel.Open(r, n);
                }
                default -> throw new UserError("unknown load model '" + model + "' (option --load); known: closed, open");
            };
            s.plan = new RunPlan(lm, w, d);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage() + " (options --clients/--rate/--duration/--warmup)");
        }
        s.target = first(target, c.target, null);
        s.user = first(user, c.user, null);
        s.password = first(password, c.password, System.getenv("GRAPHPERF_PASSWORD"));
        s.database = first(database, c.database, "neo4j");
        s.httpUrl = first(httpUrl, c.httpUrl, null);
        s.reset = first(reset, c.reset, null);
        if (s.reset != null && !s.reset.equals("delete-all")) throw new UserError("unknown reset mode '" + s.reset + "' (option --reset); known: delete-all");
        s.heap = first(heap, c.heap, "1g");
        s.pageCache = first(pageCache, c.pageCache, "512m");
        s.dataDir = first(dataDir, c.dataDir == null ? null : Path.of(c.dataDir), null);
        s.txLogDir = first(txLogDir, c.txLogDir == null ? null : Path.of(c.txLogDir), null);
        s.boltPort = first(boltPort, c.boltPort, 0);
        s.httpPort = first(httpPort, c.httpPort, 0);
        s.settings = new LinkedHashMap<>(c.settings == null ? Map.of() : c.settings);
        if (settings != null) s.settings.putAll(settings);
        s.out = first(out, c.out == null ? null : Path.of(c.out), Path.of("results"));
        if (s.target != null && (heap != null || pageCache != null || dataDir != null || boltPort != null || settings != null)) {
            throw new UserError("--heap, --page-cache, --data-dir, --bolt-port and --setting apply to the embedded Neo4j only, not to --target");
        }
        s.keepStore = keepStore || Boolean.TRUE.equals(c.keepStore);
        s.variants = Variant.all(first(variants, c.variants, List.of()));
        s.repeat = first(repeat, c.repeat, 1);
        if (s.repeat < 1) throw new UserError("--repeat must be at least 1, not " + s.repeat);
        if (s.target != null && s.variants.size() > 1) {
            throw new UserError("--variant changes the embedded Neo4j's settings; with --target, run each configuration of your server and use graphperf compare");
        }
        s.dataset = first(dataset, c.dataset, "b2b");
        s.scales = first(scales, c.scale, List.of(0.01));
        s.indexes = first(indexes, c.index, null);
        s.probeLabel = first(probeLabel, c.probeLabel, null);
        s.badTolerance = first(badTolerance, c.badTolerance, 10_000);
        s.maxOffHeap = first(maxOffHeap, c.maxOffHeap, "2G");
        s.defects = first(defects, c.defects, 0);
        s.seed = first(seed, c.seed, 1L);
        s.datasetCache = first(datasetCache, c.datasetCache == null ? null : Path.of(c.datasetCache), s.out.resolve("datasets"));
        s.dropOsCache = !(noDropOsCache || Boolean.FALSE.equals(c.dropOsCache));
        if (s.isReads()) {
            if (s.target != null) throw new UserError("run reads loads the social dataset with the bulk importer on this machine; drop --target");
            if (scales == null && c.scale == null) s.scales = List.of(1.0);
            if (s.scales.size() != 1) throw new UserError("run reads takes one --scale");
            List<String> tr = first(transports, c.transports, List.of("bolt", "http", "embedded"));
            for (String t : tr) if (!List.of("bolt", "http", "embedded").contains(t)) throw new UserError("unknown transport '" + t + "' (option --transports); known: bolt, http, embedded");
            List<String> fm = first(forms, c.forms, List.of("cypher", "procedure"));
            for (String f : fm) if (!List.of("cypher", "procedure").contains(f)) throw new UserError("unknown form '" + f + "' (option --forms); known: cypher, procedure");
            String cs = first(cache, c.cache, "hot");
            if (!List.of("hot", "cold", "full").contains(cs)) throw new UserError("unknown cache state '" + cs + "' (option --cache); known: hot, cold, full");
            List<String> ids = first(queries, c.queries, List.of());
            List<io.graphperf.workloads.reads.SocialQuery> qs = new ArrayList<>();
            List<String> known = io.graphperf.workloads.reads.SocialQueries.all().stream().map(q -> q.id()).toList();
            for (String id : ids) if (!known.contains(id)) throw new UserError("unknown query '" + id + "' (option --queries); known: q01 … q19");
            for (var q : io.graphperf.workloads.reads.SocialQueries.all()) if (ids.isEmpty() || ids.contains(q.id())) qs.add(q);
            double rf = first(repeatFactor, c.repeatFactor, 1.0);
            if (!(rf > 0)) throw new UserError("--repeat-factor must be above 0");
            s.reads = new io.graphperf.workloads.reads.ReadStudy.Options(tr, fm, cs, qs, rf, first(checkSamples, c.checkSamples, 10),
                    first(threads, c.threads, List.of(1, 4, 16, 64, 128)), first(warmup, parse(c.warmup, "warmup"), Duration.ofSeconds(2)),
                    first(duration, parse(c.duration, "duration"), Duration.ofSeconds(10)), first(rates, c.rates, List.of(200.0, 1000.0)),
                    first(connections, c.connections, List.of(1, 8)), first(boltThreads, c.boltThreads, List.of(1, 2, 4, 8, 16)),
                    first(sweepClients, c.sweepClients, 64));
            for (int th : s.reads.threads()) if (th < 1) throw new UserError("--threads must be at least 1");
        }
        if (s.isImport()) {
            if (s.target != null) throw new UserError("run import needs the embedded Neo4j (the importer writes a store on this machine); drop --target");
            if (s.badTolerance < 0) throw new UserError("--bad-tolerance must be 0 or more");
            for (double sc : s.scales) if (!(sc > 0 && sc <= 100)) throw new UserError("bad scale " + sc + " (option --scale): above 0 and at most 100");
            if (!ImportTrial.GENERATED.contains(s.dataset) && !java.nio.file.Files.isDirectory(Path.of(s.dataset))) {
                throw new UserError("--dataset '" + s.dataset + "' is neither b2b, social nor an existing folder");
            }
            if (!ImportTrial.GENERATED.contains(s.dataset) && scales != null) throw new UserError("--scale applies to generated datasets (b2b, social), not to a folder");
        }
        return s;
    }

    private static Duration parse(String v, String key) {
        if (v == null) return null;
        try {
            return DurationConverter.parse(v, "config key '" + key + "'");
        } catch (CommandLine.TypeConversionException e) {
            throw new UserError(e.getMessage());
        }
    }

    @SafeVarargs
    private static <T> T first(T... values) {
        for (T v : values) if (v != null) return v;
        return null;
    }

    /** A new, empty results folder OUT/TIMESTAMP-NAME (suffixed when one exists already). */
    static Path newRunDir(Path out, String name) throws IOException {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            throw new UserError("cannot create results folder " + out + " (option --out): " + e.getMessage());
        }
        Path dir = out.resolve(stamp + "-" + name);
        for (int i = 2; Files.exists(dir); i++) dir = out.resolve(stamp + "-" + name + "-" + i);
        Files.createDirectories(dir);
        return dir.toAbsolutePath();
    }

    static final class ExperimentNames extends ArrayList<String> {
        ExperimentNames() {
            super(Experiments.all().keySet());
            add(QUICK);
        }
    }
}
