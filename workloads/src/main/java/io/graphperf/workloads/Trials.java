package io.graphperf.workloads;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engines;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.report.EnvironmentInfo;
import io.graphperf.core.report.ResultsFolder;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.stats.Comparisons;
import io.graphperf.core.stats.Precision;
import io.graphperf.core.stats.VariantComparison;
import io.graphperf.core.stats.Verdicts;
import io.graphperf.core.measure.DiskProbe;
import io.graphperf.storage.CellStorage;
import io.graphperf.storage.Hook;
import io.graphperf.workloads.options.Variant;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs an experiment once per variant and repeat, interleaved (baseline, variant, baseline, variant …) so that
 * slow drifts of the machine spread over every variant, each trial in its own folder under trials/ (or the run's
 * folder itself when there is one trial). After every cell the folder is rewritten, so an interrupted run keeps
 * what it measured; at the end one run.json holds every cell, the experiment's headlines and targets, and each
 * variant's comparison with the baseline over the trials that passed (failed ones left out and listed). A matrix cell's
 * storage (its filesystems, hooks and I/O probe) is made before each of its trials and removed after it, also when the
 * trial fails; a failing hook stops that trial and the matrix goes on. With a precision goal the rounds go on until every figure's
 * interval is narrow enough or the budget ends ({@link Precision}), the outcome in run.json's configuration.
 */
public final class Trials {

    /**
     * @param configuration what shaped the run, for run.json (never a password)
     * @param verdicts      the statistics of the comparisons
     */
    public record Spec(List<Variant> variants, int repeats, Path runDir, long seed, Path datasetCache, Path home, Map<String, Object> configuration,
                       Verdicts.Settings verdicts, Precision.Goal precision) {
        public Spec(List<Variant> variants, int repeats, Path runDir, long seed, Path datasetCache, Path home, Map<String, Object> configuration,
                    Verdicts.Settings verdicts) {
            this(variants, repeats, runDir, seed, datasetCache, home, configuration, verdicts, null);
        }

        /** The most rounds (every variant once) the run may take: --repeat, or with --precision its cap. */
        int maxRounds() {
            return precision == null ? repeats : precision.maxRuns();
        }
    }

    /** The key of run.json's configuration holding a precision run's {@link Precision.Outcome}. */
    public static final String PRECISION = "precision";

    /** Makes the engine of one trial, with the variant's settings applied. */
    @FunctionalInterface
    public interface EngineFactory {
        Engines forTrial(Variant variant, Path trialDir, String trialId);
    }

    private Trials() {
    }

    public static <O> RunResult run(Experiment<O> e, O options, Spec spec, EngineFactory engines, ProgressListener progress) throws Exception {
        String startedAt = OffsetDateTime.now().toString();
        String runId = spec.runDir().getFileName().toString();
        boolean single = spec.variants().size() == 1 && spec.repeats() == 1 && spec.precision() == null;
        List<RunResult.Trial> trials = new ArrayList<>();
        List<Cell> cells = new ArrayList<>();
        List<RunResult.TrialData> data = new ArrayList<>();
        List<String> warnings = new ArrayList<>(), failures = new ArrayList<>();
        Map<String, Object> environment = EnvironmentInfo.collect(spec.home()), machine = new LinkedHashMap<>(environment);
        // each variant's engine as it described itself (its version, its Java): with several engines or versions the run's
        // environment is the first trial's, and this says what the others ran
        Map<String, String> trialEngines = new LinkedHashMap<>();
        Map<String, Object> configuration = new LinkedHashMap<>(spec.configuration());
        String[] engine = {""}, reset = {""};
        int total = spec.variants().size() * spec.repeats(), order = 0;
        int[] rounds = {0};
        Builder b = new Builder(e, spec, runId, startedAt, environment, configuration, engine, reset, trials, cells, data, warnings, failures, rounds);
        long began = System.nanoTime();
        String stopped = null;
        O current = options;
        Precision.WindowChoice windows = null;
        for (int r = 1; r <= spec.maxRounds(); r++) {
            long roundBegan = System.nanoTime();
            rounds[0] = r;
            for (Variant v : spec.variants()) {
                order++;
                // a folder name without ':' (neo4j:2025): a path with one cannot go on a JVM's classpath, as a host's plugins do
                String name = String.format("%02d-%s-%d", order, v.name().replaceAll("[^A-Za-z0-9._-]", "-"), r);
                Path dir = single ? spec.runDir() : spec.runDir().resolve("trials").resolve(name);
                Files.createDirectories(dir);
                if (!single) {
                    progress.phase(spec.precision() != null ? String.format("trial %d: %s, round %d (until %s)", order, v.name(), r, spec.precision().describe())
                            : String.format("trial %d of %d: %s, repeat %d of %d", order, total, v.name(), r, spec.repeats()));
                    progress.phaseDone("into trials/" + name);
                }
                int rep = r, ord = order;
                CellStorage storage = null;
                TrialResult tr;
                long trialStart = System.nanoTime();
                DiskProbe.Snapshot ioStart = null;
                try {
                    Variant run = v;
                    if (v.storage() != null) {
                        progress.phase("storage for " + v.name() + ": " + describe(v));
                        storage = CellStorage.prepare(v.name(), v.storage(), dir, Map.of());
                        Map<String, String> folders = new LinkedHashMap<>();
                        if (storage.dataDir() != null) folders.put("data-dir", storage.dataDir().toString());
                        if (storage.logDir() != null) folders.put("tx-log-dir", storage.logDir().toString());
                        run = v.withSettings(folders);
                        ioStart = storage.snapshot();
                        progress.phaseDone(folders.isEmpty() ? "hooks run" : "mounted " + folders.values());
                    }
                    RunContext ctx = new RunContext(engines.forTrial(run, dir, runId + "-" + name), dir, v.name(), r, order - 1, v.axes(), progress,
                            spec.datasetCache(), spec.home(), spec.seed(), (soFar, f) -> {
                        List<Cell> all = new ArrayList<>(cells);
                        all.addAll(soFar);
                        List<String> fs = new ArrayList<>(failures);
                        fs.addAll(f);
                        ResultsFolder.write(b.build(all, fs, "(incomplete: trial " + ord + " of " + total + ", " + soFar.size() + " cells so far)", false),
                                spec.runDir(), e.sections());
                    }, storage != null ? storage : DiskProbe.PROCESSES, run.settings());
                    tr = e.run(ctx, current);
                    if (storage != null) {
                        Map<String, Double> io = storage.since(ioStart);
                        storage.close();
                        tr = tr.withCell(ctx.tag(TrialIo.cell(e.name(), storage, io, (System.nanoTime() - trialStart) / 1e9)));
                    }
                } catch (Exception ex) {
                    Map<String, Object> st = closeQuietly(storage, ex);
                    String why = ex instanceof UserError ? ex.getMessage() : ex.toString();
                    failures.add((single ? "" : "trial " + name + ": ") + why);
                    trials.add(new RunResult.Trial(order, v.name(), rep, single ? "." : "trials/" + name, OffsetDateTime.now().toString(), false, List.of(why),
                            st));
                    if (ex instanceof Hook.Failed) {
                        progress.phaseDone("cell stopped: " + why);
                        continue; // that cell stops; the rest of the matrix goes on
                    }
                    // the folder keeps what was measured and says why the run stopped
                    ResultsFolder.write(b.build(cells, failures, OffsetDateTime.now().toString(), true), spec.runDir(), e.sections());
                    throw ex;
                }
                if (engine[0].isEmpty()) {
                    engine[0] = tr.engine();
                    reset[0] = tr.resetMethod();
                    environment.putAll(tr.environment());
                }
                trialEngines.putIfAbsent(v.name(), tr.engine());
                if (trialEngines.size() > 1) environment.put("engines", trialEngines);
                tr.configuration().forEach((k, val) -> configuration.putIfAbsent(k, val));
                cells.addAll(tr.cells());
                if (tr.data() != null) data.add(new RunResult.TrialData(v.name(), rep, tr.data()));
                for (String w : tr.warnings()) warnings.add((single ? "" : name + ": ") + w);
                for (String f : tr.failures()) failures.add((single ? "" : name + ": ") + f);
                trials.add(new RunResult.Trial(order, v.name(), rep, single ? "." : "trials/" + name, OffsetDateTime.now().toString(), tr.failures().isEmpty(),
                        tr.failures(), storage == null ? null : storage.summary()));
                if (!single) {
                    Map<String, Object> own = new LinkedHashMap<>(machine);
                    own.putAll(tr.environment());
                    RunResult one = new RunResult(RunResult.SCHEMA_VERSION, runId + "/" + name, e.name(), e.title(), startedAt, OffsetDateTime.now().toString(),
                            configuration, own, tr.engine(), tr.resetMethod(), List.of(new RunResult.Variant(v.name(), v.settings())), 1,
                            List.of(trials.get(trials.size() - 1)), tr.cells(), tr.data() == null ? List.of() : List.of(data.get(data.size() - 1)),
                            e.headlines(tr.cells()), e.targets(tr.cells()), List.of(), tr.warnings(), tr.failures());
                    ResultsFolder.write(one, dir, e.sections());
                }
                ResultsFolder.write(b.build(cells, failures, "(incomplete: " + order + (spec.precision() != null ? "" : " of " + total) + " trials done)",
                        false), spec.runDir(), e.sections());
            }
            Precision.Goal goal = spec.precision();
            if (goal == null || r < goal.minRuns()) continue;
            long elapsed = System.nanoTime() - began, round = System.nanoTime() - roundBegan;
            List<Precision.FigurePrecision> now = Precision.of(b.passedCells(cells), goal);
            progress.phase("precision after " + r + " rounds");
            progress.phaseDone(now.stream().filter(Precision.FigurePrecision::reached).count() + " of " + now.size() + " figures within " + goal.describe());
            if (Precision.reached(now)) {
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
            configuration.put(PRECISION, new Precision.Outcome(spec.precision(), rounds[0], stopped, Precision.of(b.passedCells(cells), spec.precision()), windows));
        }
        RunResult run = b.build(cells, failures, OffsetDateTime.now().toString(), true);
        ResultsFolder.write(run, spec.runDir(), e.sections());
        return run;
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

    /** Assembles the run's record from what was measured so far. */
    private record Builder(Experiment<?> e, Spec spec, String runId, String startedAt, Map<String, Object> environment,
                           Map<String, Object> configuration, String[] engine, String[] reset, List<RunResult.Trial> trials, List<Cell> cells,
                           List<RunResult.TrialData> data, List<String> warnings, List<String> failures, int[] rounds) {

        RunResult build(List<Cell> all, List<String> fs, String finishedAt, boolean complete) {
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
                    comparisons.add(Comparisons.compare(base, passedCells(all, base), v.name(), passedCells(all, v.name()), excluded, spec.verdicts()));
                }
            }
            List<String> failuresNow = new ArrayList<>(fs);
            if (!complete && !finishedAt.startsWith("(")) failuresNow.add("incomplete run");
            return new RunResult(RunResult.SCHEMA_VERSION, runId, e.name(), e.title(), startedAt, finishedAt, configuration, environment, engine[0], reset[0],
                    variants, Math.max(1, rounds[0]), trials, all, data, e.headlines(all), e.targets(all), comparisons, warnings, failuresNow);
        }

        /** The cells of every variant's passed trials. */
        List<Cell> passedCells(List<Cell> all) {
            List<Cell> out = new ArrayList<>();
            for (Variant v : spec.variants()) out.addAll(passedCells(all, v.name()));
            return out;
        }

        private List<Cell> passedCells(List<Cell> all, String variant) {
            List<Cell> out = new ArrayList<>();
            for (Cell c : all) {
                if (!c.variant().equals(variant)) continue;
                boolean passed = trials.stream().anyMatch(t -> t.variant().equals(variant) && t.repeat() == c.repeat() && t.passed());
                if (passed) out.add(c);
            }
            return out;
        }
    }
}
