package io.graphperf.cli;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Target;
import io.graphperf.core.export.ResultsFolder;
import io.graphperf.core.measure.LoadModel;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.progress.ConsoleProgress;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.ScenarioResult;
import io.graphperf.core.system.EnvironmentInfo;
import io.graphperf.engines.neo4j.HostSettings;
import io.graphperf.engines.neo4j.Neo4jTarget;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.ExperimentRunner;
import io.graphperf.workloads.Experiments;
import io.graphperf.workloads.Scenario;
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
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs an experiment and writes a results folder (run.json, summary.csv, histograms/, report.html).",
                "Without an experiment: the quick suite (every E4 scenario, 1 s warm-up + 2 s each, Bolt and HTTP, embedded Neo4j)."},
        footer = {"", "Examples:", "  graphperf run", "  graphperf run writes --clients 8 --duration 30s",
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
    @Option(names = "--setting", paramLabel = "KEY=VALUE", description = "Extra Neo4j setting for the embedded server (repeatable).")
    Map<String, String> settings;
    @Option(names = "--keep-store", description = "Keep the embedded store after the run (default: deleted, logs kept).")
    boolean keepStore;

    @Option(names = "--out", description = "Folder for results (default: results).")
    Path out;
    @Option(names = "--verbose", description = "Show stack traces of errors.")
    boolean verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Settings s = resolve();
        PrintStream stdout = System.out;
        ConsoleProgress progress = ConsoleProgress.forStderr();
        Path runDir = newRunDir(s.out, s.name);
        String startedAt = OffsetDateTime.now().toString();

        Target t;
        progress.phase(s.target == null ? "start embedded Neo4j" : "connect to " + s.target);
        if (s.target == null) {
            t = Neo4jTarget.embedded(s.host(runDir.resolve("engine")), Home.get());
        } else {
            Neo4jTarget remote = Neo4jTarget.remote(s.target, s.user, s.password, s.database, s.httpUrl, "delete-all".equals(s.reset));
            t = remote;
            try {
                remote.checkResetAllowed();
            } catch (UserError e) {
                remote.close();
                throw e;
            }
        }
        List<ScenarioResult> results;
        List<String> failures;
        Map<String, Object> environment = EnvironmentInfo.collect(Home.get());
        String targetDescription = t.description();
        try (Target target = t) {
            progress.phaseDone(targetDescription);
            environment.putAll(target.environment());
            ExperimentRunner runner = new ExperimentRunner(target, s.transports, s.plan, runDir.resolve(ResultsFolder.HISTOGRAMS), progress);
            // the folder is rewritten after every scenario, marked incomplete until the end, so an
            // interrupted or failed run keeps what it measured
            results = runner.run(s.experiment, s.scenarios, soFar -> ResultsFolder.write(new RunResult(runDir.getFileName().toString(),
                    s.name, startedAt, "(incomplete: " + soFar.size() + " of " + s.scenarios.size() * s.transports.size() + " done)",
                    s.describe(), environment, targetDescription, target.resetMethod(), soFar, runner.failures()), runDir));
            failures = runner.failures();
            progress.phase("stop " + (s.target == null ? "embedded Neo4j" : "connection"));
        }
        progress.phaseDone("done");
        if (s.target == null && !keepStore) deleteStore(runDir.resolve("engine").resolve("data"));

        RunResult run = new RunResult(runDir.getFileName().toString(), s.name, startedAt, OffsetDateTime.now().toString(),
                s.describe(), environment, targetDescription, t.resetMethod(), results, failures);
        Path report = ResultsFolder.write(run, runDir);
        SummaryTable.print(run, stdout);
        stdout.println();
        stdout.println("Results: " + runDir);
        stdout.println("Report:  " + report);
        if (!run.passed()) {
            stdout.println("FAILED: " + String.join("; ", failures));
            return 1;
        }
        return 0;
    }

    /** Command line over config file over defaults, validated before anything starts. */
    Settings resolve() {
        RunConfig c = config != null ? RunConfig.load(config) : new RunConfig();
        Settings s = new Settings();
        String exp = first(experiment, c.experiment, null);
        boolean quick = exp == null || exp.equals(QUICK);
        s.experiment = Experiments.byName(quick ? "writes" : exp);
        s.name = quick ? QUICK : s.experiment.name();
        s.scenarios = Experiments.select(s.experiment, first(scenarios, c.scenarios, List.of()));
        s.transports = first(transports, c.transports, List.of("bolt", "http"));
        for (String tr : s.transports) {
            if (!List.of("bolt", "http").contains(tr)) throw new UserError("unknown transport '" + tr + "' (option --transports); known: bolt, http");
        }
        int n = first(clients, c.clients, s.experiment.defaultClients());
        Duration d = first(duration, parse(c.duration, "duration"), quick ? QUICK_DURATION : s.experiment.defaultDuration());
        Duration w = first(warmup, parse(c.warmup, "warmup"), quick ? QUICK_WARMUP : s.experiment.defaultWarmup());
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

    private static Path newRunDir(Path out, String name) throws IOException {
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

    private static void deleteStore(Path data) throws IOException {
        if (!Files.exists(data)) return;
        try (var walk = Files.walk(data)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    /** The effective settings of a run. */
    static final class Settings {
        Experiment experiment;
        String name;
        List<Scenario> scenarios;
        List<String> transports;
        RunPlan plan;
        String target, user, password, database, httpUrl, reset, heap, pageCache;
        Path dataDir, txLogDir, out;
        int boltPort, httpPort;
        Map<String, String> settings;

        HostSettings host(Path workDir) {
            return new HostSettings(workDir, heap, pageCache, dataDir, txLogDir, boltPort, httpPort, settings);
        }

        /** For run.json: everything that shaped the run (never the password). */
        Map<String, Object> describe() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("experiment", name);
            m.put("scenarios", scenarios.stream().map(Scenario::id).toList());
            m.put("transports", transports);
            m.put("loadModel", plan.model().describe());
            m.put("clients", plan.model().clients());
            m.put("warmupSeconds", plan.warmup().toMillis() / 1000.0);
            m.put("durationSeconds", plan.duration().toMillis() / 1000.0);
            m.put("target", target == null ? "embedded" : target);
            if (target != null) {
                m.put("database", database);
                m.put("user", user);
            } else {
                m.put("heap", heap);
                m.put("pageCache", pageCache);
                m.put("dataDir", dataDir == null ? "(results folder)/engine/data" : dataDir.toString());
                m.put("txLogDir", txLogDir == null ? "(default, under the data directory)" : txLogDir.toString());
                m.put("settings", settings);
            }
            return m;
        }
    }

    static final class ExperimentNames extends ArrayList<String> {
        ExperimentNames() {
            super(Experiments.all().keySet());
            add(QUICK);
        }
    }
}
