package io.graphperf.workloads;

import io.graphperf.core.report.ReportSection;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.ExperimentData;
import io.graphperf.core.results.Headline;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.TargetCheck;
import io.graphperf.core.results.ThresholdCheck;
import io.graphperf.workloads.agents.AgentReplay;
import io.graphperf.workloads.options.ExperimentCommand;

import java.io.PrintStream;
import java.util.List;
import java.util.Optional;

/**
 * An experiment: one study, in one folder of workloads/ holding everything that is only its own — its options
 * (a picocli command, {@code graphperf run NAME}), its run logic, its result type, its report sections and its
 * summary lines. The CLI parses the command, builds a {@link RunContext} per trial (variants × repeats) and
 * calls {@link #run}; the rest of graphperf knows no experiment.
 *
 * @param <O> the experiment's validated options
 */
public interface Experiment<O> {

    /** CLI name, e.g. {@code writes}. */
    String name();

    /** The spec's id and title, e.g. "E4 — write scaling". */
    String title();

    /** The title of a run with {@code options} (one experiment may answer two studies: import answers E1, and E3 with an export). */
    default String title(O options) {
        return title();
    }

    /** What it measures, for {@code graphperf list}. */
    String description();

    /** A fresh command holding this experiment's options; {@link ExperimentCommand#options()} validates them. */
    ExperimentCommand<O> command();

    /** Runs one trial (one variant, one repeat) and returns its cells and data. */
    TrialResult run(RunContext context, O options) throws Exception;

    /**
     * The same options with every measured window {@code factor} times as long, which a precision run asks for when most of its
     * figures' noise lies within engine processes ({@link io.graphperf.core.stats.Precision#windowFactor}); empty when the
     * experiment's figures come from no windows (a phase's time), so only more trials can narrow them.
     */
    default Optional<O> withLongerWindows(O options, double factor) {
        return Optional.empty();
    }

    /** What load agents replay of this experiment's cells ({@code --agents}); empty when they cannot send them. */
    default Optional<AgentReplay> agentReplay() {
        return Optional.empty();
    }

    /** The experiment's own parts of report.html. */
    default List<ReportSection> sections() {
        return List.of();
    }

    /** The experiment's own lines of the console summary, printed after the generic ones. */
    default void summary(RunResult run, PrintStream out) {
    }

    /** Lines that answer the study's questions, from every cell of the run (first in the summary and report). */
    default List<Headline> headlines(List<Cell> cells) {
        return List.of();
    }

    /** Performance targets checked on the run's cells. */
    default List<TargetCheck> targets(List<Cell> cells) {
        return List.of();
    }

    /** The thresholds the options ask every cell to keep, judged on the run's cells (an unmet one makes the run exit 3). */
    default List<ThresholdCheck> thresholds(O options, List<Cell> cells) {
        return List.of();
    }

    /** The type of the experiment's own results in run.json, or empty when it has none beyond its cells. */
    default Optional<Class<? extends ExperimentData>> dataType() {
        return Optional.empty();
    }
}
