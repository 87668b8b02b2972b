package io.graphperf.workloads.options;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * An experiment's picocli command ({@code graphperf run NAME}): its own options plus those every experiment
 * takes; {@code --help} lists exactly these, and any other option is refused by name. The command only parses:
 * running it hands it to the CLI's launcher, which builds the trials and calls the experiment.
 *
 * @param <O> the experiment's validated options
 */
public abstract class ExperimentCommand<O> implements Callable<Integer> {

    @Mixin
    public RunOptions run = new RunOptions();

    @Spec
    public CommandSpec spec;

    /** Runs a parsed command (the CLI). */
    @FunctionalInterface
    public interface Launcher {
        int launch(ExperimentCommand<?> command) throws Exception;
    }

    private Launcher launcher;

    public ExperimentCommand<O> launcher(Launcher l) {
        this.launcher = l;
        return this;
    }

    /** Hands the CLI's engine catalogue to the command's engine choice, if it has one (before the options are read). */
    public ExperimentCommand<O> engines(EngineCatalog catalog) {
        engineChoice().ifPresent(choice -> choice.use(catalog));
        return this;
    }

    /** The validated options; a wrong value or combination is a {@link io.graphperf.core.UserError} naming the option. */
    public abstract O options();

    /** The settings of the engine graphperf starts (heap, page cache, settings); a run against your server ignores them. */
    public abstract EngineOptions engine();

    /** The engines to run the cells on (--engine, --engines), or empty where the experiment runs on Neo4j only. */
    public Optional<EngineChoice> engineChoice() {
        return Optional.empty();
    }

    /**
     * --pairing, or empty where the experiment cannot run as a duet (then its trials are interleaved). A command offers it only when
     * its experiment measures every cell through {@code RunContext.load}, in an order both sides of a round share.
     */
    public Optional<PairingOption> pairing() {
        return Optional.empty();
    }

    /** Whether the experiment reads an ini file given as --config (its own format); the others take YAML only. */
    public boolean readsIniConfig() {
        return false;
    }

    /**
     * The top-level keys of a file the experiment reads itself (a workload file's operations:), which a config file's reading leaves to
     * it; every other key is an option.
     */
    public List<String> fileSections() {
        return List.of();
    }

    /** An option's value as a file gives it, made what the command line would give (a file's path made relative to the file's folder). */
    public String fileValue(String key, String value, Path fileDir) {
        return value;
    }

    /** The options naming a user's server (--server …), or empty where the experiment needs graphperf's own engine. */
    public Optional<ServerOptions> server() {
        return Optional.empty();
    }

    @Override
    public Integer call() throws Exception {
        if (launcher == null) throw new IllegalStateException("no launcher: an experiment command runs through graphperf's CLI");
        return launcher.launch(this);
    }
}
