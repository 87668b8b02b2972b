package io.graphperf.workloads;

import io.graphperf.core.BadInput;
import io.graphperf.core.UserError;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.report.EnvironmentInfo;
import io.graphperf.core.report.ResultsFolder;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.stats.Precision;
import io.graphperf.core.stats.VariantComparison;
import io.graphperf.storage.Hook;
import io.graphperf.workloads.options.Variant;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a run measured so far, and its folder: each trial's outcome recorded as it ends (its own run.json when the run has several),
 * the run's folder rewritten after every cell (an interrupted run keeps what it measured), and at the end one run.json with every
 * cell and each variant's comparison with the baseline over the trials that passed. Shared by a duet's two trial threads: every
 * change under its lock.
 *
 * @param <O> the experiment's options
 */
final class RunRecord<O> {

    private final Experiment<O> e;
    private final Trials.Spec spec;
    private final O options;
    private final String startedAt = OffsetDateTime.now().toString(), runId, title;
    private final List<RunResult.Trial> trials = new ArrayList<>();
    private final List<Cell> cells = new ArrayList<>();
    private final List<RunResult.TrialData> data = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>(), failures = new ArrayList<>();
    private final Map<String, Object> environment, machine, configuration;
    /** each variant's engine as it described itself: with several engines or versions the environment is the first trial's, this the rest */
    private final Map<String, String> trialEngines = new LinkedHashMap<>();
    private String engine = "", reset = "";
    private int rounds;
    /** variants whose trial failed in a run of several: their later trials are skipped, the other variants go on */
    private final Map<String, String> stoppedVariants = new LinkedHashMap<>();
    /** each running trial's cells measured so far (its autosaves): kept in the run when the trial fails later */
    private final Map<Integer, List<Cell>> partial = new HashMap<>();

    RunRecord(Experiment<O> e, Trials.Spec spec, O options) {
        this.e = e;
        this.spec = spec;
        this.options = options;
        this.runId = spec.runDir().getFileName().toString();
        this.title = e.title(options);
        this.environment = EnvironmentInfo.collect(spec.home());
        this.machine = new LinkedHashMap<>(environment);
        this.configuration = new LinkedHashMap<>(spec.configuration());
        if (configuration.get(Trials.KNOWN_WARNINGS) instanceof List<?> known) known.forEach(w -> warnings.add(String.valueOf(w)));
        if (spec.pairing() == Trials.Pairing.DUET) {
            configuration.put(Trials.PAIRING, "duet: " + spec.variants().get(0).name() + " and " + spec.variants().get(1).name()
                    + " at the same time, cell for cell from a common start; the sides' start order swapped every round; compared round by round");
        }
    }

    String runId() {
        return runId;
    }

    synchronized void roundBegins(int r) {
        rounds = r;
    }

    /** The variants stopped by a failed trial. */
    synchronized Set<String> stoppedVariants() {
        return Set.copyOf(stoppedVariants.keySet());
    }

    /** The run's folder with a trial's cells so far, after each of its cells. */
    synchronized void autosave(TrialPlan.Planned t, List<Cell> soFar, List<String> f, String ofTotal) throws Exception {
        partial.put(t.order(), List.copyOf(soFar));
        List<Cell> all = new ArrayList<>(cells);
        all.addAll(soFar);
        List<String> fs = new ArrayList<>(failures);
        fs.addAll(f);
        write(build(all, fs, Optional.of("(incomplete: trial " + ofTotal + ", " + soFar.size() + " cells so far)")));
    }

    /** A trial's outcome added to the run's, its own run.json written (when the run has several), the run's folder rewritten. */
    synchronized void recorded(TrialPlan.Planned t, TrialResult tr, Map<String, Object> storage, Map<String, Double> covariates, String ofTotal)
            throws Exception {
        partial.remove(t.order());
        boolean single = spec.single();
        if (engine.isEmpty()) {
            engine = tr.engine();
            reset = tr.resetMethod();
            environment.putAll(tr.environment());
        }
        trialEngines.putIfAbsent(t.variant().name(), tr.engine());
        if (trialEngines.size() > 1) environment.put("engines", trialEngines);
        tr.configuration().forEach(configuration::putIfAbsent);
        cells.addAll(tr.cells());
        if (tr.data() != null) data.add(new RunResult.TrialData(t.variant().name(), t.round(), tr.data()));
        for (String w : tr.warnings()) warnings.add((single ? "" : t.name() + ": ") + w);
        for (String f : tr.failures()) failures.add((single ? "" : t.name() + ": ") + f);
        RunResult.Trial trial = new RunResult.Trial(t.order(), t.variant().name(), t.round(), single ? "." : "trials/" + t.name(),
                OffsetDateTime.now().toString(), tr.failures().isEmpty(), tr.failures(), storage, covariates);
        trials.add(trial);
        if (!single) writeTrial(t, tr, trial);
        write(build(cells, failures, Optional.of("(incomplete: " + ofTotal + " trials done)")));
    }

    /** The trial's own run.json, in its folder. */
    private void writeTrial(TrialPlan.Planned t, TrialResult tr, RunResult.Trial trial) throws Exception {
        Map<String, Object> own = new LinkedHashMap<>(machine);
        own.putAll(tr.environment());
        Variant v = t.variant();
        RunResult one = new RunResult(new RunResult.About(RunResult.SCHEMA_VERSION, runId + "/" + t.name(), e.name(), title, startedAt,
                OffsetDateTime.now().toString()),
                new RunResult.Setup(configuration, own, tr.engine(), tr.resetMethod(), List.of(new RunResult.VariantSettings(v.name(),
                        v.settings())), 1),
                List.of(trial), tr.cells(), tr.data() == null ? List.of() : List.of(data.get(data.size() - 1)),
                new RunResult.Findings(e.headlines(tr.cells()), e.targets(tr.cells()), e.thresholds(options, tr.cells()), List.of(), tr.warnings(),
                        tr.failures()));
        ResultsFolder.write(one, spec.runDir().resolve("trials").resolve(t.name()), e.sections());
    }

    /**
     * A failed trial recorded: true when the run goes on without it (a storage hook stopped its cell; one variant of several stops
     * alone), false when the failure ends the run (then the folder keeps what was measured and says why).
     */
    synchronized boolean failed(TrialPlan.Planned t, boolean paired, Map<String, Object> storageSummary, Exception ex,
                                ProgressListener progress) throws Exception {
        boolean single = spec.single();
        String why = ex instanceof UserError ? ex.getMessage() : ex.toString();
        failures.add((single ? "" : "trial " + t.name() + ": ") + why);
        trials.add(new RunResult.Trial(t.order(), t.variant().name(), t.round(), single ? "." : "trials/" + t.name(), OffsetDateTime.now().toString(),
                false, List.of(why), storageSummary));
        if (ex instanceof Hook.Failed) {
            progress.phaseDone("cell stopped: " + why);
            return true; // that cell stops; the rest of the matrix goes on
        }
        // bad input (a text the engine cannot compile) stops the run, whatever the other variants could do
        boolean goesOn = !single && !paired && spec.variants().size() > 1 && !(ex instanceof BadInput);
        if (goesOn) {
            // one engine that crashes (or one variant's wrong setting) does not cost the others their trials: this variant stops, the
            // run goes on and ends failed; what it measured before it failed stays in the run, left out of every comparison
            stoppedVariants.put(t.variant().name(), why);
            cells.addAll(partial.getOrDefault(t.order(), List.of()));
            if (t.round() < spec.maxRounds()) warnings.add(t.variant().name() + ": its later trials skipped, as its trial " + t.name() + " failed");
            progress.phaseDone("trial failed: " + why + (stoppedVariants.size() < spec.variants().size() ? "; the other variants go on" : ""));
        }
        write(build(cells, failures, Optional.empty()));
        return goesOn;
    }

    /** The run's record at its end (with a precision run's outcome in its configuration), written to its folder. */
    synchronized RunResult finish(Optional<Precision.Outcome> precision) throws Exception {
        precision.ifPresent(p -> configuration.put(Trials.PRECISION, p));
        RunResult run = build(cells, failures, Optional.empty());
        write(run);
        return run;
    }

    /** Each figure's precision so far: each variant's mean, or in duets each variant's ratio to the baseline, round by round. */
    synchronized List<Precision.FigurePrecision> precision(Precision.Goal goal) {
        List<Cell> passed = new PassedTrials(spec, List.copyOf(trials)).cells(cells);
        return spec.pairing() == Trials.Pairing.DUET ? Precision.paired(spec.variants().get(0).name(), passed, goal) : Precision.of(passed, goal);
    }

    private void write(RunResult run) throws Exception {
        ResultsFolder.write(run, spec.runDir(), e.sections());
    }

    /** The run's record from what was measured so far; {@code incomplete} says how far a run still going has come. */
    private RunResult build(List<Cell> all, List<String> fs, Optional<String> incomplete) {
        List<RunResult.VariantSettings> variants = spec.variants().stream().map(v -> new RunResult.VariantSettings(v.name(), v.settings())).toList();
        List<VariantComparison> comparisons = incomplete.isPresent() ? List.of() : new PassedTrials(spec, List.copyOf(trials)).comparisons(all);
        return new RunResult(new RunResult.About(RunResult.SCHEMA_VERSION, runId, e.name(), title, startedAt,
                incomplete.orElseGet(() -> OffsetDateTime.now().toString())),
                new RunResult.Setup(configuration, environment, engine, reset, variants, Math.max(1, rounds)), trials, all, data,
                new RunResult.Findings(e.headlines(all), e.targets(all), e.thresholds(options, all), comparisons, warnings, new ArrayList<>(fs)));
    }
}
