package io.graphperf.workloads;

import io.graphperf.core.BadInput;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engines;
import io.graphperf.core.measure.DiskProbe;
import io.graphperf.core.measure.MachineProbe;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.measure.SideProgress;
import io.graphperf.core.report.EnvironmentInfo;
import io.graphperf.core.report.ResultsFolder;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.stats.Comparisons;
import io.graphperf.core.stats.Precision;
import io.graphperf.core.stats.VariantComparison;
import io.graphperf.core.stats.Verdicts;
import io.graphperf.storage.CellStorage;
import io.graphperf.storage.Hook;
import io.graphperf.workloads.cells.Duet;
import io.graphperf.workloads.options.Variant;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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
     * @param pairing       interleaved trials, or duets (then exactly two variants)
     */
    public record Spec(List<Variant> variants, int repeats, Path runDir, long seed, Path datasetCache, Path home, Map<String, Object> configuration,
                       Verdicts.Settings verdicts, Precision.Goal precision, Pairing pairing) {
        public Spec {
            if (pairing == null) pairing = Pairing.INTERLEAVED;
            if (pairing == Pairing.DUET && variants.size() != 2) {
                throw new UserError("a duet runs two configurations at once: give the baseline and exactly one --variant (or two --engines), not "
                        + variants.size());
            }
        }

        public Spec(List<Variant> variants, int repeats, Path runDir, long seed, Path datasetCache, Path home, Map<String, Object> configuration,
                    Verdicts.Settings verdicts, Precision.Goal precision) {
            this(variants, repeats, runDir, seed, datasetCache, home, configuration, verdicts, precision, Pairing.INTERLEAVED);
        }

        public Spec(List<Variant> variants, int repeats, Path runDir, long seed, Path datasetCache, Path home, Map<String, Object> configuration,
                    Verdicts.Settings verdicts) {
            this(variants, repeats, runDir, seed, datasetCache, home, configuration, verdicts, null, Pairing.INTERLEAVED);
        }

        /** The most rounds (every variant once) the run may take: --repeat, or with --precision its cap. */
        int maxRounds() {
            return precision == null ? repeats : precision.maxRuns();
        }

        boolean single() {
            return variants.size() == 1 && repeats == 1 && precision == null;
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

    public static <O> RunResult run(Experiment<O> e, O options, Spec spec, EngineFactory engines, ProgressListener progress) throws Exception {
        return new Run<>(e, spec, engines, progress).run(options);
    }

    /** One run's trials and what they measured so far; shared by a duet's two trial threads (every change under its lock). */
    private static final class Run<O> {
        private final Experiment<O> e;
        private final Spec spec;
        private final EngineFactory engines;
        private final ProgressListener progress;
        private final String startedAt = OffsetDateTime.now().toString(), runId;
        private String title;
        private final List<RunResult.Trial> trials = new ArrayList<>();
        private final List<Cell> cells = new ArrayList<>();
        private final List<RunResult.TrialData> data = new ArrayList<>();
        private final List<String> warnings = new ArrayList<>(), failures = new ArrayList<>();
        private final Map<String, Object> environment, machine, configuration;
        /**
         * each variant's engine as it described itself (its version, its Java): with several engines or versions the run's environment is
         * the first trial's, and this says what the others ran
         */
        private final Map<String, String> trialEngines = new LinkedHashMap<>();
        private String engine = "", reset = "";
        /** the run's options (its thresholds are judged on every build of the run's record) */
        private O options;
        private int order, rounds;
        /** variants whose trial failed in a run of several: their later trials are skipped, the other variants go on */
        private final Map<String, String> failedVariants = new LinkedHashMap<>();
        /** each running trial's cells measured so far (its autosaves): kept in the run when the trial fails later */
        private final Map<Integer, List<Cell>> partial = new HashMap<>();

        Run(Experiment<O> e, Spec spec, EngineFactory engines, ProgressListener progress) {
            this.e = e;
            this.spec = spec;
            this.engines = engines;
            this.progress = progress;
            this.runId = spec.runDir().getFileName().toString();
            this.title = e.title();
            this.environment = EnvironmentInfo.collect(spec.home());
            this.machine = new LinkedHashMap<>(environment);
            this.configuration = new LinkedHashMap<>(spec.configuration());
            if (configuration.get(KNOWN_WARNINGS) instanceof List<?> known) known.forEach(w -> warnings.add(String.valueOf(w)));
            if (spec.pairing() == Pairing.DUET) {
                configuration.put(PAIRING, "duet: " + spec.variants().get(0).name() + " and " + spec.variants().get(1).name()
                        + " at the same time, cell for cell from a common start; the sides' start order swapped every round; compared round by round");
            }
        }

        RunResult run(O options) throws Exception {
            this.options = options;
            title = e.title(options);
            long began = System.nanoTime();
            String stopped = null;
            O current = options;
            Precision.WindowChoice windows = null;
            for (int r = 1; r <= spec.maxRounds(); r++) {
                long roundBegan = System.nanoTime();
                rounds = r;
                if (spec.pairing() == Pairing.DUET) duet(r, current);
                else for (Variant v : spec.variants()) {
                    if (failedVariants.containsKey(v.name())) continue;
                    trial(v, r, current, null);
                }
                if (!failedVariants.isEmpty() && failedVariants.size() == spec.variants().size()) break; // nothing left to run
                Precision.Goal goal = spec.precision();
                if (goal == null || r < goal.minRuns()) continue;
                long elapsed = System.nanoTime() - began, round = System.nanoTime() - roundBegan;
                List<Precision.FigurePrecision> now = precision(goal);
                progress.phase("precision after " + r + " rounds");
                progress.phaseDone(now.stream().filter(Precision.FigurePrecision::reached).count() + " of " + now.size() + " figures within " + goal.describe());
                int fewest = spec.pairing() == Pairing.DUET ? Precision.Goal.MIN_ROUNDS_TO_STOP_DUET : Precision.Goal.MIN_RUNS_TO_STOP;
                if (Precision.reached(now) && r >= Math.max(goal.minRuns(), fewest)) {
                    stopped = "every figure within the target";
                    break;
                }
                if (windows == null) { // once, after the first rounds: spend the rest where the variance is
                    windows = Precision.windowFactor(now, r);
                    O longer = windows.factor() > 1 ? e.withLongerWindows(options, windows.factor()) : null;
                    if (windows.factor() > 1 && longer == null) {
                        windows = new Precision.WindowChoice(1, r, windows.why().replaceAll(": windows twice as long.*", "") + ", but " + e.name()
                                + "'s figures come from no windows it could lengthen; windows kept");
                    } else if (longer != null) {
                        current = longer;
                        round *= windows.factor(); // the next rounds' cells last about that much longer
                    }
                    progress.phase("windows");
                    progress.phaseDone(windows.why());
                }
                if (elapsed + round > goal.budget().toNanos()) {
                    stopped = "stopped by the budget: another round (about " + Math.round(round / 1e9) + " s) would overrun it";
                    break;
                }
            }
            if (spec.precision() != null) {
                if (stopped == null) stopped = "stopped at the cap of " + spec.maxRounds() + " runs";
                configuration.put(PRECISION, new Precision.Outcome(spec.precision(), rounds, stopped, precision(spec.precision()), windows));
            }
            RunResult run = build(cells, failures, OffsetDateTime.now().toString(), true);
            ResultsFolder.write(run, spec.runDir(), e.sections());
            return run;
        }

        /** Each figure's precision so far: each variant's mean, or in duets each variant's ratio to the baseline, round by round. */
        private synchronized List<Precision.FigurePrecision> precision(Precision.Goal goal) {
            List<Cell> passed = passedCells(cells);
            return spec.pairing() == Pairing.DUET ? Precision.paired(spec.variants().get(0).name(), passed, goal) : Precision.of(passed, goal);
        }

        /**
         * Round {@code r} as a duet: both variants' trials at once, in threads of their own, each cell started together. Every odd round the
         * baseline's trial starts first, every even one the variant's. A trial that fails ends the pair for both.
         */
        private void duet(int r, O current) throws Exception {
            Variant a = spec.variants().get(0), b = spec.variants().get(1);
            Duet duet = new Duet(a.name(), b.name(), DUET_WAIT);
            List<Variant> inOrder = r % 2 == 1 ? List.of(a, b) : List.of(b, a);
            Exception[] thrown = new Exception[2];
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                Variant v = inOrder.get(i);
                int side = v == a ? 0 : 1;
                Thread t = new Thread(() -> {
                    try {
                        trial(v, r, current, duet.side(side));
                        duet.leave(side, "its trial ended");
                    } catch (Exception ex) {
                        thrown[side] = ex;
                        duet.leave(side, ex instanceof UserError ? ex.getMessage() : ex.toString());
                    }
                }, "graphperf-duet-" + v.name());
                threads.add(t);
                t.start();
            }
            for (Thread t : threads) t.join();
            for (Exception ex : thrown) if (ex != null && !(ex instanceof Hook.Failed)) throw ex;
        }

        /** One trial of variant {@code v} in round {@code r}, its cells and data added to the run's; {@code pairing} pairs its cells in a duet. */
        private void trial(Variant v, int r, O current, Duet.Pairing pairing) throws Exception {
            int ord;
            String name;
            synchronized (this) {
                ord = ++order;
                // a folder name without ':' (neo4j:2025): a path with one cannot go on a JVM's classpath, as a host's plugins do
                name = String.format("%02d-%s-%d", ord, v.name().replaceAll("[^A-Za-z0-9._-]", "-"), r);
            }
            ProgressListener progress = pairing == null ? this.progress : new SideProgress(this.progress, v.name(), v == spec.variants().get(0));
            Path dir = announce(v, r, ord, name, pairing, progress);
            CellStorage storage = null;
            TrialResult tr;
            long trialStart = System.nanoTime();
            MachineProbe probe = null;
            Map<String, Double> covariates;
            try {
                Variant run = v;
                DiskProbe.Snapshot ioStart = null;
                if (v.storage() != null) {
                    storage = prepareStorage(v, dir, progress);
                    run = v.withSettings(folders(storage));
                    ioStart = storage.snapshot();
                }
                String dataDir = run.settings().get("data-dir");
                probe = MachineProbe.start(dataDir != null ? Path.of(dataDir) : dir);
                // a duet's two sides measure their cells in one order (the round's), so that they meet at each
                int position = pairing != null ? r - 1 : ord - 1;
                int total = spec.variants().size() * spec.repeats();
                RunContext ctx = new RunContext(engines.forTrial(run, dir, runId + "-" + name), dir, v.name(), r, position, v.axes(), progress,
                        spec.datasetCache(), spec.home(), spec.seed(), (soFar, f) -> autosave(soFar, f, ord, total), storage != null ? storage : DiskProbe.PROCESSES,
                        run.settings(), pairing, spec.runDir(), v == spec.variants().get(0));
                tr = e.run(ctx, current);
                covariates = probe.covariates();
                if (storage != null) {
                    Map<String, Double> io = storage.since(ioStart);
                    storage.close();
                    tr = tr.withCell(ctx.tag(TrialIo.cell(e.name(), storage, io, (System.nanoTime() - trialStart) / 1e9)));
                }
            } catch (Exception ex) {
                if (probe != null) probe.close();
                if (failed(v, r, ord, name, pairing, progress, closeQuietly(storage, ex), ex)) return;
                throw ex;
            }
            record(v, r, ord, name, tr, storage, covariates);
        }

        /** The trial's folder, made and announced (a run of one trial measures into the run's own folder). */
        private Path announce(Variant v, int r, int ord, String name, Duet.Pairing pairing, ProgressListener progress) throws IOException {
            boolean single = spec.single();
            Path dir = single ? spec.runDir() : spec.runDir().resolve("trials").resolve(name);
            Files.createDirectories(dir);
            if (!single) {
                int total = spec.variants().size() * spec.repeats();
                progress.phase(spec.precision() != null ? String.format("trial %d: %s, round %d (until %s)", ord, v.name(), r, spec.precision().describe())
                        : String.format("trial %d of %d: %s, repeat %d of %d", ord, total, v.name(), r, spec.repeats()));
                progress.phaseDone("into trials/" + name + (pairing != null ? " (a duet: both variants at once)" : ""));
            }
            return dir;
        }

        /** The variant's storage made (filesystems mounted, hooks run) for the trial in {@code dir}. */
        private CellStorage prepareStorage(Variant v, Path dir, ProgressListener progress) throws Exception {
            progress.phase("storage for " + v.name() + ": " + describe(v));
            CellStorage storage = CellStorage.prepare(v.name(), v.storage(), dir, Map.of());
            Map<String, String> folders = folders(storage);
            progress.phaseDone(folders.isEmpty() ? "hooks run" : "mounted " + folders.values());
            return storage;
        }

        /** The engine settings that put its data and transaction log on the trial's storage. */
        private static Map<String, String> folders(CellStorage storage) {
            Map<String, String> folders = new LinkedHashMap<>();
            if (storage.dataDir() != null) folders.put("data-dir", storage.dataDir().toString());
            if (storage.logDir() != null) folders.put("tx-log-dir", storage.logDir().toString());
            return folders;
        }

        /**
         * A failed trial recorded: true when the run goes on without it (a storage hook stopped its cell; one variant of several stops
         * alone), false when the failure ends the run (then the folder keeps what was measured and says why).
         */
        private synchronized boolean failed(Variant v, int r, int ord, String name, Duet.Pairing pairing, ProgressListener progress,
                                            Map<String, Object> storageSummary, Exception ex) throws Exception {
            boolean single = spec.single();
            String why = ex instanceof UserError ? ex.getMessage() : ex.toString();
            failures.add((single ? "" : "trial " + name + ": ") + why);
            trials.add(new RunResult.Trial(ord, v.name(), r, single ? "." : "trials/" + name, OffsetDateTime.now().toString(), false, List.of(why),
                    storageSummary));
            if (ex instanceof Hook.Failed) {
                progress.phaseDone("cell stopped: " + why);
                return true; // that cell stops; the rest of the matrix goes on
            }
            // bad input (a text the engine cannot compile) stops the run, whatever the other variants could do
            boolean goesOn = !single && pairing == null && spec.variants().size() > 1 && !(ex instanceof BadInput);
            if (goesOn) {
                // one engine that crashes (or one variant's wrong setting) does not cost the others their trials: this variant
                // stops, the run goes on and ends failed, saying which variant stopped and why
                failedVariants.put(v.name(), why);
                // what it measured before it failed stays in the run (its trial is failed: left out of every comparison)
                cells.addAll(partial.getOrDefault(ord, List.of()));
                if (r < spec.maxRounds()) warnings.add(v.name() + ": its later trials skipped, as its trial " + name + " failed");
                progress.phaseDone("trial failed: " + why + (failedVariants.size() < spec.variants().size() ? "; the other variants go on" : ""));
            }
            ResultsFolder.write(build(cells, failures, OffsetDateTime.now().toString(), true), spec.runDir(), e.sections());
            return goesOn;
        }

        /** A trial's outcome added to the run's, its own run.json written (when the run has several), the run's folder rewritten. */
        private synchronized void record(Variant v, int r, int ord, String name, TrialResult tr, CellStorage storage, Map<String, Double> covariates)
                throws Exception {
            partial.remove(ord);
            boolean single = spec.single();
            if (engine.isEmpty()) {
                engine = tr.engine();
                reset = tr.resetMethod();
                environment.putAll(tr.environment());
            }
            trialEngines.putIfAbsent(v.name(), tr.engine());
            if (trialEngines.size() > 1) environment.put("engines", trialEngines);
            tr.configuration().forEach(configuration::putIfAbsent);
            cells.addAll(tr.cells());
            if (tr.data() != null) data.add(new RunResult.TrialData(v.name(), r, tr.data()));
            for (String w : tr.warnings()) warnings.add((single ? "" : name + ": ") + w);
            for (String f : tr.failures()) failures.add((single ? "" : name + ": ") + f);
            RunResult.Trial trial = new RunResult.Trial(ord, v.name(), r, single ? "." : "trials/" + name, OffsetDateTime.now().toString(),
                    tr.failures().isEmpty(), tr.failures(), storage == null ? null : storage.summary(), covariates);
            trials.add(trial);
            if (!single) {
                Map<String, Object> own = new LinkedHashMap<>(machine);
                own.putAll(tr.environment());
                RunResult one = new RunResult(RunResult.SCHEMA_VERSION, runId + "/" + name, e.name(), title, startedAt, OffsetDateTime.now().toString(),
                        configuration, own, tr.engine(), tr.resetMethod(), List.of(new RunResult.Variant(v.name(), v.settings())), 1,
                        List.of(trial), tr.cells(), tr.data() == null ? List.of() : List.of(data.get(data.size() - 1)),
                        e.headlines(tr.cells()), e.targets(tr.cells()), e.thresholds(options, tr.cells()), List.of(), tr.warnings(), tr.failures());
                ResultsFolder.write(one, spec.runDir().resolve("trials").resolve(name), e.sections());
            }
            int total = spec.variants().size() * spec.repeats();
            ResultsFolder.write(build(cells, failures, "(incomplete: " + ord + (spec.precision() != null ? "" : " of " + total) + " trials done)", false),
                    spec.runDir(), e.sections());
        }

        /** The run's folder with a trial's cells so far, after each of its cells. */
        private synchronized void autosave(List<Cell> soFar, List<String> f, int ord, int total) throws Exception {
            partial.put(ord, List.copyOf(soFar));
            List<Cell> all = new ArrayList<>(cells);
            all.addAll(soFar);
            List<String> fs = new ArrayList<>(failures);
            fs.addAll(f);
            // with --precision the number of trials is not known in advance
            ResultsFolder.write(build(all, fs, "(incomplete: trial " + ord + (spec.precision() != null ? "" : " of " + total) + ", " + soFar.size()
                    + " cells so far)", false),
                    spec.runDir(), e.sections());
        }

        /** The run's record from what was measured so far. */
        private RunResult build(List<Cell> all, List<String> fs, String finishedAt, boolean complete) {
            List<VariantComparison> comparisons = new ArrayList<>();
            List<RunResult.Variant> variants = spec.variants().stream().map(v -> new RunResult.Variant(v.name(), v.settings())).toList();
            if (complete && spec.variants().size() > 1) {
                String base = spec.variants().get(0).name();
                for (Variant v : spec.variants().subList(1, spec.variants().size())) {
                    List<String> excluded = new ArrayList<>();
                    for (RunResult.Trial t : trials) {
                        if (!t.passed() && (t.variant().equals(base) || t.variant().equals(v.name()))) {
                            excluded.add("trial " + t.dir() + " (" + t.variant() + " #" + t.repeat() + ") failed: " + String.join("; ", t.failures()));
                        }
                    }
                    comparisons.add(spec.pairing() == Pairing.DUET
                            ? Comparisons.comparePaired(base, passedCells(all, base), v.name(), passedCells(all, v.name()), excluded, spec.verdicts())
                            : Comparisons.compare(base, passedCells(all, base), v.name(), passedCells(all, v.name()), excluded, spec.verdicts(),
                            this::covariates));
                }
            }
            List<String> failuresNow = new ArrayList<>(fs);
            if (!complete && !finishedAt.startsWith("(")) failuresNow.add("incomplete run");
            return new RunResult(RunResult.SCHEMA_VERSION, runId, e.name(), title, startedAt, finishedAt, configuration, environment, engine, reset,
                    variants, Math.max(1, rounds), trials, all, data, e.headlines(all), e.targets(all), e.thresholds(options, all), comparisons, warnings,
                    failuresNow);
        }

        /** The cells of every variant's passed trials. */
        private List<Cell> passedCells(List<Cell> all) {
            List<Cell> out = new ArrayList<>();
            for (Variant v : spec.variants()) out.addAll(passedCells(all, v.name()));
            return out;
        }

        /** A variant's cells from its passed trials; in duets, from rounds in which both sides' trials passed. */
        private List<Cell> passedCells(List<Cell> all, String variant) {
            List<Cell> out = new ArrayList<>();
            for (Cell c : all) {
                if (!c.variant().equals(variant)) continue;
                boolean passed = spec.pairing() == Pairing.DUET
                        ? spec.variants().stream().allMatch(v -> passed(v.name(), c.repeat()))
                        : passed(variant, c.repeat());
                if (passed) out.add(c);
            }
            return out;
        }

        /** The machine's covariates during a variant's trial of a repeat (null when not probed). */
        private Map<String, Double> covariates(String variant, int repeat) {
            return trials.stream().filter(t -> t.variant().equals(variant) && t.repeat() == repeat).map(RunResult.Trial::covariates)
                    .filter(Objects::nonNull).findFirst().orElse(null);
        }

        private boolean passed(String variant, int repeat) {
            return trials.stream().anyMatch(t -> t.variant().equals(variant) && t.repeat() == repeat && t.passed());
        }
    }

    /** "data: zfs recordsize=8k, log: ext4, setup hook" */
    private static String describe(Variant v) {
        List<String> parts = new ArrayList<>();
        if (v.storage().data() != null) parts.add("data on " + v.storage().data().describe());
        if (v.storage().log() != null) parts.add("log on " + v.storage().log().describe());
        if (v.storage().setup() != null) parts.add("setup hook");
        if (v.storage().teardown() != null) parts.add("teardown hook");
        return String.join(", ", parts);
    }

    /** Removes the storage of a failed trial, its summary kept; a failure to remove it is added to the trial's error. */
    private static Map<String, Object> closeQuietly(CellStorage storage, Exception ex) {
        if (storage == null) return null;
        try {
            storage.close();
        } catch (Exception c) {
            ex.addSuppressed(c);
        }
        return storage.summary();
    }
}
