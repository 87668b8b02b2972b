package io.graphperf.cli;

import io.graphperf.core.BadInput;
import io.graphperf.core.UserError;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import io.graphperf.workloads.Experiments;
import io.graphperf.workloads.options.EngineCatalog;
import io.graphperf.workloads.options.EngineChoice;
import io.graphperf.workloads.options.ExperimentCommand;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.ListResourceBundle;
import java.util.Set;

/** The graphperf command line. Exit codes: 0 success, 1 failed run or runtime error, 2 bad usage or input, 3 a failed gate or threshold. */
@Command(name = "graphperf", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"A performance lab for graph databases: runs experiments against an engine graphperf starts (Neo4j 5.26 in a child JVM)",
                "or your own server, and writes run.json, results.csv and an HTML report."},
        subcommands = {CompareCommand.class, HistoryCommand.class, DatagenCommand.class, ListCommand.class, EnginesCommand.class, ReportCommand.class, OverheadCommand.class,
                ServeCommand.class, AgentCommand.class, MergeCommand.class, K8sCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        ConsoleLog.install();
        System.exit(execute(args));
    }

    /**
     * The command tree: graphperf, its subcommands, and run's experiments, with the engine catalogue built once and handed to the
     * commands that name engines; --help lists the engines from the tree's resource bundle.
     */
    static CommandLine commandLine() {
        EngineCatalog catalog = EngineTrials.catalog();
        CommandLine cl = new CommandLine(new Main(), new Factory(catalog));
        cl.addSubcommand("run", RunCommand.build(new Launch(catalog), catalog));
        cl.setResourceBundle(new ListResourceBundle() {
            @Override
            protected Object[][] getContents() {
                return new Object[][]{{EngineChoice.NAMES_KEY, catalog.names()}};
            }
        });
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        CommandLine.IParameterExceptionHandler usage = cl.getParameterExceptionHandler();
        cl.setParameterExceptionHandler((ex, args) -> {
            // a capacity search asked of a command whose cells run no open model (an import's phases, the change stream's pipeline)
            if (ex instanceof CommandLine.UnmatchedArgumentException u && u.getUnmatched().stream().anyMatch(a -> a.startsWith("--capacity"))) {
                ex.getCommandLine().getErr().println("graphperf: error: " + ex.getCommandLine().getCommandSpec().qualifiedName(" ") + " has no capacity search"
                        + " (option --capacity): it needs cells that run the open model — graphperf run reads, run writes or run workload");
                return 2;
            }
            return usage.handleParseException(ex, args);
        });
        cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            boolean verbose = parseResult.originalArgs().contains("--verbose");
            PrintWriter err = commandLine.getErr();
            Throwable cause = e;
            while (!(cause instanceof UserError) && cause.getCause() != null && cause.getCause() != cause) cause = cause.getCause();
            if (cause instanceof UserError) {
                err.println("graphperf: error: " + cause.getMessage());
            } else {
                err.println("graphperf: internal error: " + e + (verbose ? "" : " (run with --verbose for the stack trace)"));
            }
            if (verbose) e.printStackTrace(err);
            err.flush();
            return cause instanceof BadInput ? 2 : 1;
        });
        return cl;
    }

    /** Runs the CLI and returns its exit code (tests call this instead of main). */
    public static int execute(String... args) {
        CommandLine cl = commandLine();
        try {
            return cl.execute(resolveRun(cl, args));
        } catch (UserError e) {
            System.err.println("graphperf: error: " + e.getMessage());
            return 2;
        }
    }

    /**
     * {@code graphperf run} without an experiment runs the quick suite, or the experiment a --config file names; a
     * config file's options go before the command line's, leaving out those the command line gives.
     */
    static String[] resolveRun(CommandLine cl, String[] args) {
        int at = List.of(args).indexOf("run");
        if (at < 0) return args;
        List<String> rest = new ArrayList<>(List.of(args).subList(at + 1, args.length));
        if (rest.contains("--help") || rest.contains("-h")) {
            if (rest.isEmpty() || !RunCommand.isExperiment(rest.get(0))) return args;
        }
        Path config = takeConfig(rest);
        Path matrix = matrixOption(rest);
        ConfigFile matrixFile = matrix == null ? null : ConfigFile.matrixOptions(matrix);
        // an ini file is an experiment's own format (E5's): handed to the command as it is
        boolean ini = config != null && config.getFileName().toString().endsWith(".ini");
        ConfigFile file = config == null || ini ? null : ConfigFile.load(config);
        String experiment = experiment(rest, config, file, matrix, matrixFile);
        List<String> out = new ArrayList<>(List.of(args).subList(0, at + 1));
        out.add(experiment);
        CommandLine sub = cl.getSubcommands().get("run").getSubcommands().get(experiment);
        Set<String> given = givenOptions(sub, rest);
        ExperimentCommand<?> command = sub.getCommand();
        Path own = command.fileSections().isEmpty() ? null : positional(sub, rest);
        if (own != null && Files.isRegularFile(own)) {
            // the experiment's own file (a workload file): its options below the command line's, its paths relative to it
            Path dir = own.toAbsolutePath().getParent();
            List<String> fromFile = ConfigFile.load(own, "workload file").arguments(sub.getCommandSpec(), given, command.fileSections(), (k, v) -> command.fileValue(k, v, dir));
            out.addAll(fromFile);
            given.addAll(givenOptions(sub, fromFile));
        }
        if (file != null) {
            List<String> fromFile = file.arguments(sub.getCommandSpec(), given);
            out.addAll(fromFile);
            given.addAll(givenOptions(sub, fromFile));
        }
        // a matrix file's options: below the command line's and a config file's
        if (matrixFile != null) out.addAll(matrixFile.arguments(sub.getCommandSpec(), given));
        if (ini) {
            if (!Files.isRegularFile(config)) throw new UserError("config file " + config + " does not exist (option --config)");
            out.add("--config");
            out.add(config.toString());
        }
        out.addAll(rest);
        return out.toArray(String[]::new);
    }

    /** The run's {@code --config FILE} (or {@code --config=FILE}), taken out of {@code rest}; null when none is given. */
    private static Path takeConfig(List<String> rest) {
        for (int i = 0; i < rest.size(); i++) {
            String a = rest.get(i);
            if (a.equals("--config") && i + 1 < rest.size()) {
                Path config = Path.of(rest.get(i + 1));
                rest.remove(i + 1);
                rest.remove(i);
                return config;
            }
            if (a.startsWith("--config=")) {
                rest.remove(i);
                return Path.of(a.substring("--config=".length()));
            }
        }
        return null;
    }

    /** The run's {@code --matrix FILE}, left in {@code rest}; null when none is given. */
    private static Path matrixOption(List<String> rest) {
        Path matrix = null;
        for (int i = 0; i < rest.size(); i++) {
            if (rest.get(i).equals("--matrix") && i + 1 < rest.size()) matrix = Path.of(rest.get(i + 1));
            else if (rest.get(i).startsWith("--matrix=")) matrix = Path.of(rest.get(i).substring("--matrix=".length()));
        }
        return matrix;
    }

    /**
     * The experiment to run: the command line's (taken out of {@code rest}), which the config and matrix files must agree with, else
     * the config file's, the matrix file's, or the quick suite.
     */
    private static String experiment(List<String> rest, Path config, ConfigFile file, Path matrix, ConfigFile matrixFile) {
        if (rest.isEmpty() || rest.get(0).startsWith("-")) {
            String experiment = file != null && file.experiment() != null ? file.experiment()
                    : matrixFile != null && matrixFile.experiment() != null ? matrixFile.experiment() : RunCommand.QUICK;
            if (!RunCommand.isExperiment(experiment)) throw new UserError("unknown experiment '" + experiment + "' in " + config);
            return experiment;
        }
        String experiment = rest.remove(0);
        if (!RunCommand.isExperiment(experiment)) {
            throw new UserError("unknown experiment '" + experiment + "'; known: " + String.join(", ", Experiments.all().keySet()));
        }
        if (file != null && file.experiment() != null && !file.experiment().equals(experiment)) {
            throw new UserError("config file " + config + " is for experiment '" + file.experiment() + "', not '" + experiment + "'");
        }
        if (matrixFile != null && matrixFile.experiment() != null && !matrixFile.experiment().equals(experiment)) {
            throw new UserError("matrix file " + matrix + " is for experiment '" + matrixFile.experiment() + "', not '" + experiment + "'");
        }
        return experiment;
    }

    /** The command's first positional parameter in {@code args} (an option's value skipped), or null. */
    private static Path positional(CommandLine sub, List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (!a.startsWith("-")) return Path.of(a);
            var o = a.contains("=") ? null : sub.getCommandSpec().findOption(a);
            if (o != null && o.arity().max() > 0) i++;
        }
        return null;
    }

    /** The options the command line gives an experiment (their longest names), or none when it does not parse. */
    private static Set<String> givenOptions(CommandLine sub, List<String> args) {
        Set<String> given = new HashSet<>();
        for (String a : args) {
            if (!a.startsWith("-")) continue;
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            var o = sub.getCommandSpec().findOption(name);
            if (o != null) given.add(o.longestName());
        }
        return given;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Builds the commands picocli instantiates, handing the engine catalogue to those that name engines. */
    private record Factory(EngineCatalog catalog) implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> type) throws Exception {
            if (type == EnginesCommand.class) return type.cast(new EnginesCommand(catalog));
            if (type == DatagenCommand.Export.class) return type.cast(new DatagenCommand.Export(catalog));
            return CommandLine.defaultFactory().create(type);
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[]{"graphperf " + version()};
        }

        /** This graphperf's version (its jar's, else the build's). */
        static String version() {
            String v = Main.class.getPackage().getImplementationVersion();
            return v == null ? "0.1.0-SNAPSHOT" : v;
        }
    }
}
