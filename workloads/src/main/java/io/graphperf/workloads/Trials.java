package io.graphperf.workloads;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engines;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.stats.Precision;
import io.graphperf.core.stats.Verdicts;
import io.graphperf.workloads.cells.Duet;
import io.graphperf.workloads.options.Variant;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs an experiment once per variant and repeat, each trial in its own folder under trials/ (or the run's folder itself when there is
 * one trial), in one of two pairings: <b>interleaved</b> (baseline, variant, baseline, variant …, so that slow drifts of the machine
 * spread over every variant) or as <b>duets</b> (the baseline and the variant at the same time, cell for cell from a common start,
 * {@link Duet}; the sides' start order swapped every round). After every cell the folder is rewritten, so an interrupted run keeps what
 * it measured; at the end one run.json holds every cell, the experiment's headlines and targets, and each variant's comparison with the
 * baseline over the trials that passed (failed ones left out and listed; paired round by round for duets). A matrix cell's storage (its
 * filesystems, hooks and I/O probe) is made before each of its trials and removed after it, also when the trial fails; a failing hook
 * stops that trial and the matrix goes on. In a run of several variants (not a duet) a trial that fails stops its variant only: its later
 * trials are skipped, the other variants' trials go on, the cells it measured before failing are kept (out of every comparison), and
 * the run ends failed, naming the variant and why. With a precision goal the rounds go on until every figure's interval is narrow
 * enough or the budget ends ({@link Precision}), the outcome in run.json's configuration.
 */
public final class Trials {

    /** How the trials of a run are arranged in time. */
    public enum Pairing {
        INTERLEAVED("interleaved"), DUET("duet");

        public final String text;

        Pairing(String text) {
            this.text = text;
        }
    }

    /**
     * @param configuration what shaped the run, for run.json (never a password)
     * @param verdicts      the statistics of the comparisons
     * @param precision     the goal that decides how many rounds run (--precision); empty: {@code repeats} rounds
     * @param pairing       interleaved trials, or duets (then exactly two variants)
     */
    public record Spec(List<Variant> variants, int repeats, Path runDir, long seed, Path datasetCache, Path home, Map<String, Object> configuration,
                       Verdicts.Settings verdicts, Optional<Precision.Goal> precision, Pairing pairing) {
        public Spec {
            if (pairing == null) pairing = Pairing.INTERLEAVED;
            if (pairing == Pairing.DUET && variants.size() != 2) {
                throw new UserError("a duet runs two configurations at once: give the baseline and exactly one --variant (or two --engines), not "
                        + variants.size());
            }
        }

        public Spec(List<Variant> variants, int repeats, Path runDir, long seed, Path datasetCache, Path home, Map<String, Object> configuration,
                    Verdicts.Settings verdicts, Precision.Goal precision) {
            this(variants, repeats, runDir, seed, datasetCache, home, configuration, verdicts, Optional.of(precision), Pairing.INTERLEAVED);
        }

        public Spec(List<Variant> variants, int repeats, Path runDir, long seed, Path datasetCache, Path home, Map<String, Object> configuration,
                    Verdicts.Settings verdicts) {
            this(variants, repeats, runDir, seed, datasetCache, home, configuration, verdicts, Optional.empty(), Pairing.INTERLEAVED);
        }

        /** The most rounds (every variant once) the run may take: --repeat, or with --precision its cap. */
        int maxRounds() {
            return precision.map(Precision.Goal::maxRuns).orElse(repeats);
        }

        boolean single() {
            return variants.size() == 1 && repeats == 1 && precision.isEmpty();
        }
    }

    /** The key of run.json's configuration holding a precision run's {@link Precision.Outcome}. */
    public static final String PRECISION = "precision";
    /** A configuration key: what is known before the run that makes its figures suspect (a list of sentences), made warnings of the run. */
    public static final String KNOWN_WARNINGS = "knownWarnings";
    /** The key of run.json's configuration saying how the trials were paired. */
    public static final String PAIRING = "pairing";
    /** How long a duet's side waits for the other at a cell (their resets, schemas and server warm-ups included). */
    static final Duration DUET_WAIT = Duration.ofMinutes(15);

    /** Makes the engine of one trial, with the variant's settings applied. */
    @FunctionalInterface
    public interface EngineFactory {
        Engines forTrial(Variant variant, Path trialDir, String trialId);
    }

    private Trials() {
    }

    /**
     * The run: its trials planned round by round ({@link TrialPlan}), run ({@link TrialRunner}) and recorded ({@link RunRecord}),
     * until the plan has no further round or every variant has stopped on a failed trial.
     */
    public static <O> RunResult run(Experiment<O> e, O options, Spec spec, EngineFactory engines, ProgressListener progress) throws Exception {
        RunRecord<O> record = new RunRecord<>(e, spec, options);
        TrialPlan<O> plan = new TrialPlan<>(e, spec, options);
        TrialRunner<O> runner = new TrialRunner<>(e, spec, engines, progress, record, plan);
        long began = System.nanoTime();
        int r = 0;
        boolean another = true;
        while (another) {
            long roundBegan = System.nanoTime();
            record.roundBegins(++r);
            runner.round(plan.round(r, record.stoppedVariants()), plan.options());
            if (record.stoppedVariants().size() == spec.variants().size()) break; // nothing left to run
            another = plan.another(r, System.nanoTime() - began, System.nanoTime() - roundBegan, () -> record.precision(spec.precision().orElseThrow()), progress);
        }
        return record.finish(plan.outcome(r, spec.precision().map(record::precision).orElse(List.of())));
    }
}
