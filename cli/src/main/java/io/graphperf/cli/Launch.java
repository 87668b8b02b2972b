package io.graphperf.cli;

import io.graphperf.core.BadInput;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engines;
import io.graphperf.core.engine.HostOption;
import io.graphperf.core.report.ConsoleSummary;
import io.graphperf.core.report.HtmlReport;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.ThresholdCheck;
import io.graphperf.core.stats.Precision;
import io.graphperf.core.stats.Verdicts;
import io.graphperf.engines.neo4j.HostSettings;
import io.graphperf.engines.neo4j.Neo4jEngines;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.Experiments;
import io.graphperf.workloads.Trials;
import io.graphperf.workloads.safety.SafetyExperiment;
import io.graphperf.workloads.safety.SafetyLedger;
import io.graphperf.workloads.options.EngineCatalog;
import io.graphperf.workloads.options.EngineChoice;
import io.graphperf.workloads.options.EngineOptions;
import io.graphperf.workloads.options.ExperimentCommand;
import io.graphperf.workloads.options.PairingOption;
import io.graphperf.workloads.options.RunOptions;
import io.graphperf.workloads.options.ServerOptions;
import io.graphperf.workloads.options.Variant;
import io.graphperf.storage.FilesystemSpec;
import io.graphperf.storage.Requirements;
import picocli.CommandLine;
import io.graphperf.core.measure.Slowdown;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What running a parsed experiment command means: validate its options, make a results folder, build each
 * trial's engine (graphperf's own with the variant applied, or the user's server), run the trials, print the
 * summary. The experiment does the rest.
 */
final class Launch implements ExperimentCommand.Launcher {

    /** The engines the commands name, built once by {@link Main}. */
    private final EngineCatalog catalog;

    Launch(EngineCatalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public int launch(ExperimentCommand<?> command) throws Exception {
        return run(command);
    }

    /** What a command's options come to, checked before anything starts. */
    private record Setup<O>(O options, RunOptions run, Map<String, String> notRun, List<Variant> variants, Optional<Precision.Goal> precision, int repeats,
                            EngineOptions engine, Optional<ServerOptions> server, Trials.Pairing pairing) {
    }

    /**
     * The command's options validated, its variants and engines chosen, and the combination checked: a wrong value is bad usage (exit 2),
     * found before anything starts.
     */
    private <O> Setup<O> setup(ExperimentCommand<O> command, Experiment<O> e) throws Exception {
        try {
            if (command.run.config != null && command.run.config.getFileName().toString().endsWith(".ini") && !command.readsIniConfig()) {
                throw new UserError("config file " + command.run.config + ": graphperf run " + e.name() + " takes a YAML config file; ini files are for cdc");
            }
            RunOptions run = command.run;
            // every independent step checked, each refusal kept: the user learns of all of them at once
            OptionProblems problems = new OptionProblems();
            Optional<O> options = problems.check(command::options);
            List<String> chosen = problems.check(() -> command.engineChoice().map(EngineChoice::chosen).orElse(List.of())).orElse(List.of());
            Map<String, String> notRun = !problems.none() ? Map.of() : command.engineChoice().map(EngineChoice::notRunnable).orElse(Map.of());
            boolean configurations = !run.variants.isEmpty() || run.matrix != null;
            if (chosen.size() > 1 && configurations) {
                problems.add("--engines compare engines; --variant and --matrix compare configurations of one (--engine NAME): run them separately");
            }
            // configurations of one engine (--engine with --variant or --matrix): each variant on that engine
            Optional<List<Variant>> variants = problems.check(() -> chosen.isEmpty() ? run.variantList() : configurations
                    ? run.variantList().stream().map(v -> v.withSettings(Map.of(Variant.ENGINE, chosen.get(0)))).toList() : EngineTrials.variants(chosen));
            Optional<Precision.Goal> precision = problems.check(run::precisionGoal).flatMap(goal -> goal);
            Optional<Integer> repeats = problems.check(() -> chosen.isEmpty() || configurations ? run.repeats() : run.repeat != null ? run.repeats() : 1);
            Optional<Trials.Pairing> pairing = problems.check(() -> command.pairing().map(PairingOption::choice).orElse(Trials.Pairing.INTERLEAVED));
            // the combination, once each part is known
            if (problems.none()) {
                problems.check(() -> {
                    check(run, command.engine(), command.server(), variants.get(), repeats.get(), precision, pairing.get());
                    return null;
                });
            }
            problems.throwIfAny();
            return new Setup<>(options.get(), run, notRun, variants.get(), precision, repeats.get(), command.engine(), command.server(),
                    pairing.get());
        } catch (BadInput b) {
            throw b;
        } catch (UserError u) {
            throw new BadInput(u.getMessage(), u);
        }
    }

    private <O> int run(ExperimentCommand<O> command) throws Exception {
        @SuppressWarnings("unchecked")
        Experiment<O> e = (Experiment<O>) Experiments.byName(command.spec.name());
        Setup<O> setup = setup(command, e);
        O options = setup.options();
        RunOptions run = setup.run();
        Map<String, String> notRun = setup.notRun();
        notRun.forEach((name, why) -> System.err.println("graphperf: note: engine " + name + " cannot run here, so the run goes on without it: " + why));
        List<Variant> variants = setup.variants();
        Optional<Precision.Goal> precision = setup.precision();
        int repeats = setup.repeats();
        EngineOptions engine = setup.engine();
        Optional<ServerOptions> yours = setup.server().filter(ServerOptions::given);
        Trials.Pairing pairing = setup.pairing();
        long seed = run.seed != null ? run.seed : new SecureRandom().nextInt(Integer.MAX_VALUE);
        Path out = run.out != null ? run.out : Path.of("results");
        Path runDir = newRunDir(out, e.name());
        PrintStream stdout = System.out;
        ConsoleProgress console = ConsoleProgress.forStderr();
        stdout.println("graphperf run " + e.name() + ": seed " + seed + " (--seed " + seed + " repeats the cell order), results in " + runDir);
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("experiment", e.name());
        config.put("options", given(command));
        config.put("seed", seed);
        if (!notRun.isEmpty()) config.put("enginesNotRun", notRun);
        List<String> suspect = safetyFlags(e, variants, yours.isPresent());
        if (!suspect.isEmpty()) config.put(Trials.KNOWN_WARNINGS, suspect);
        suspect.forEach(w -> System.err.println("graphperf: warning: " + w));
        run.matrixPlan().ifPresent(plan -> config.put("matrix", Map.of("file", run.matrix.toString(), "axes", plan.axes(),
                "cells", variants.stream().map(Variant::name).toList())));
        Optional<Neo4jEngines.Server> remote = yours.map(s -> new Neo4jEngines.Server(s.uri, s.user, s.passwordOrEnv(), s.databaseOrDefault(),
                s.httpUrl, "delete-all".equals(s.reset))); // none: graphperf starts its own
        Path datasets = out.resolve("datasets");
        Trials.Spec spec = new Trials.Spec(variants, repeats, runDir, seed, datasets, Home.get(), config, Verdicts.Settings.DEFAULT, precision, pairing);
        LiveMetrics metrics = run.metricsPort == null ? null : LiveMetrics.start(run.metricsPort, e.name(), console);
        if (metrics != null) stdout.println("live metrics: " + metrics.address());
        RunResult result;
        try {
            result = Trials.run(e, options, spec, (variant, dir, id) -> {
                Optional<Engines> embedded = EngineTrials.embedded(catalog, variant, engine, dir);
                return embedded.isPresent() ? embedded.get() : engines(engine, variant, dir, id, remote);
            }, metrics != null ? metrics : console);
        } finally {
            if (metrics != null) metrics.close();
        }
        return finish(e, result, runDir, stdout);
    }

    /** The engines of this run that failed their last safety study here (none for the safety study itself, or your server). */
    private static List<String> safetyFlags(Experiment<?> e, List<Variant> variants, boolean yourServer) {
        if (e.name().equals(SafetyExperiment.NAME) || yourServer) return List.of();
        List<String> engines = variants.stream().map(v -> Variant.engineOf(v.settings())).distinct().toList();
        return SafetyLedger.warnings(engines.isEmpty() ? List.of("neo4j") : engines);
    }

    /** What a run checks before anything starts: the server, the matrix's storage, the variants' settings, the pairing. */
    private static void check(RunOptions run, EngineOptions engine, Optional<ServerOptions> server, List<Variant> variants, int repeats,
                              Optional<Precision.Goal> precision, Trials.Pairing pairing) {
        server.ifPresent(s -> s.validate(engine, variants.size()));
        boolean yours = server.filter(ServerOptions::given).isPresent();
        if (run.matrix != null) {
            if (yours) throw new UserError("--matrix makes the engine's storage itself; it cannot run against your server (--server)");
            // before anything starts: root and every program the cells' filesystems need
            List<FilesystemSpec> filesystems = variants.stream().filter(v -> v.storage() != null).flatMap(v -> v.storage().filesystems().stream()).toList();
            Requirements.check(filesystems, "--matrix " + run.matrix);
        }
        if (variants.size() > 1 && repeats < Verdicts.Settings.DEFAULT.minRuns() && precision.isEmpty()) {
            System.err.println("graphperf: note: --repeat " + repeats + " gives no verdicts (they need " + Verdicts.Settings.DEFAULT.minRuns()
                    + " runs a side); the report still shows every figure's spread");
        }
        for (Variant v : variants) { // refused now, not at the first cell
            Slowdown.of(v.settings().get(Slowdown.SETTING));
            if (Slowdown.of(Slowdown.CPU_SETTING, v.settings().get(Slowdown.CPU_SETTING)).isPresent() && yours) {
                throw new UserError("setting " + Slowdown.CPU_SETTING + " (variant " + v.name() + ") slows the engine graphperf starts; it cannot reach your server (--server)");
            }
        }
        if (pairing == Trials.Pairing.DUET && variants.size() != 2) {
            throw new UserError("a duet (option --pairing duet) runs two configurations at once: give exactly one --variant (or two --engines), not "
                    + (variants.size() - 1));
        }
    }

    /** The summary, where the results are, and the exit code. */
    private static int finish(Experiment<?> e, RunResult result, Path runDir, PrintStream stdout) {
        print(e, result, stdout);
        if (result.configuration().get(Trials.PRECISION) instanceof Precision.Outcome o) {
            stdout.println();
            Precision.summary(o).forEach(stdout::println);
        }
        stdout.println();
        stdout.println("Results: " + runDir + (result.trials().size() > 1 ? " (each run in trials/)" : ""));
        stdout.println("Report:  " + runDir.resolve(HtmlReport.FILE));
        if (!result.passed()) {
            stdout.println("FAILED: " + String.join("; ", result.failures()));
            return 1;
        }
        if (result.thresholdsNotMet().isEmpty()) return 0;
        stdout.println("THRESHOLDS NOT MET: " + String.join("; ", result.thresholdsNotMet().stream().map(t -> t.threshold() + " on " + t.cell()
                + (Cell.BASELINE.equals(t.variant()) ? "" : " (" + t.variant() + ")") + ": " + ThresholdCheck.number(t.value()) + " " + t.unit()).toList()));
        return THRESHOLDS_NOT_MET;
    }

    /** The exit code of a run that passed but did not keep a threshold (as a failed compare gate). */
    static final int THRESHOLDS_NOT_MET = 3;

    /** The generic summary with the experiment's own lines: headlines first. */
    static void print(Experiment<?> e, RunResult result, PrintStream out) {
        ConsoleSummary.headlines(result, out);
        ConsoleSummary.validity(result, out);
        ConsoleSummary.cells(result, out);
        e.summary(result, out);
        ConsoleSummary.targets(result, out);
        ConsoleSummary.capacities(result, out);
        ConsoleSummary.thresholds(result, out);
        ConsoleSummary.comparisons(result, out);
    }

    /** The options as the user gave them (never a password), for run.json. */
    static Map<String, String> given(ExperimentCommand<?> command) {
        Map<String, String> m = new LinkedHashMap<>();
        CommandLine.ParseResult pr = command.spec.commandLine().getParseResult();
        if (pr == null) return m;
        for (CommandLine.Model.OptionSpec o : pr.matchedOptions()) {
            String name = o.longestName();
            if (name.equals("--password")) continue;
            m.put(name, String.valueOf((Object) o.getValue()));
        }
        return m;
    }

    /** The engine of one trial: graphperf's Neo4j with the variant's settings over the run's, or the user's server. */
    static Neo4jEngines engines(EngineOptions o, Variant variant, Path dir, String trialId, Optional<Neo4jEngines.Server> server) {
        HostOption.Choice host = o.host(variant);
        Map<String, String> settings = new LinkedHashMap<>(o.settings);
        settings.keySet().removeIf(EngineCatalog::isModuleSetting); // another engine's (e.g. falkordb.appendfsync), not Neo4j's
        Optional.ofNullable(variant.settings().get(Variant.ENGINE)).ifPresent(name -> settings.putAll(EngineTrials.neo4jSettings(name)));
        settings.putAll(variant.engineSettings());
        HostSettings base = new HostSettings(dir, host.heap(), host.pageCache(), host.dataDir().orElse(null), host.txLogDir().orElse(null),
                o.boltPort == null ? 0 : o.boltPort, o.httpPort == null ? 0 : o.httpPort, settings);
        return new Neo4jEngines(base, dir, Home.get(), trialId, o.keepStore, server);
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
}
