package io.graphperf.cli;

import io.graphperf.workloads.Experiments;
import io.graphperf.workloads.options.EngineCatalog;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.nio.file.Path;

/**
 * {@code graphperf run EXPERIMENT [options]}: each experiment is a subcommand with its own options, from the
 * registry. Without an experiment (and without a config file naming one) it runs the quick suite.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs an experiment and writes a results folder (run.json, results.csv, report.html, histograms/; with --variant or",
                "--repeat also comparison.csv and each run under trials/). Without an experiment: the quick suite.",
                "Every experiment has its own options: graphperf run EXPERIMENT --help."},
        footer = {"", "Examples:", "  graphperf run", "  graphperf run writes --clients 8 --duration 30s", "  graphperf run reads --scale 1",
                "  graphperf run import --dataset b2b --scale 0.001,0.003,0.01", "  graphperf run --config examples/writes-open-model.yaml"})
final class RunCommand implements Runnable {

    static final String QUICK = "quick";

    @CommandLine.Option(names = "--config", paramLabel = "FILE", description = "YAML file naming the experiment (experiment: NAME) and its options.")
    Path config;

    static CommandLine build(Launch launch, EngineCatalog catalog) {
        CommandLine run = new CommandLine(new RunCommand());
        for (var e : Experiments.all().values()) run.addSubcommand(e.name(), new CommandLine(e.command().launcher(launch).engines(catalog)));
        return run;
    }

    @Override
    public void run() {
        // Main rewrites `graphperf run` without an experiment to the quick suite (or the config file's experiment)
        throw new IllegalStateException("graphperf run needs an experiment");
    }

    static boolean isExperiment(String name) {
        return Experiments.all().containsKey(name);
    }
}
