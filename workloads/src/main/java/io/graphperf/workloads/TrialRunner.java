package io.graphperf.workloads;

import io.graphperf.core.engine.HostOption;
import io.graphperf.core.UserError;
import io.graphperf.core.measure.DiskProbe;
import io.graphperf.core.measure.MachineProbe;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.measure.SideProgress;
import io.graphperf.storage.CellStorage;
import io.graphperf.storage.Hook;
import io.graphperf.workloads.cells.Duet;
import io.graphperf.workloads.options.Variant;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the planned trials of a round and nothing else: each in its folder, a matrix cell's storage (filesystems, hooks, I/O probe)
 * made before its trial and removed after it, also when it fails; a duet's two sides in threads of their own, each cell started
 * together. What a trial measured goes to the {@link RunRecord}, which also decides whether a failed trial ends the run.
 *
 * @param <O> the experiment's options
 */
final class TrialRunner<O> {

    private final Experiment<O> e;
    private final Trials.Spec spec;
    private final Trials.EngineFactory engines;
    private final ProgressListener progress;
    private final RunRecord<O> record;
    private final TrialPlan<O> plan;

    TrialRunner(Experiment<O> e, Trials.Spec spec, Trials.EngineFactory engines, ProgressListener progress, RunRecord<O> record, TrialPlan<O> plan) {
        this.e = e;
        this.spec = spec;
        this.engines = engines;
        this.progress = progress;
        this.record = record;
        this.plan = plan;
    }

    /** The round's trials: one after another, or a duet's two at once. */
    void round(List<TrialPlan.Planned> trials, O options) throws Exception {
        if (spec.pairing() == Trials.Pairing.DUET) duet(trials, options);
        else for (TrialPlan.Planned t : trials) trial(t, options, null);
    }

    /** Both sides' trials at once, in threads of their own, started in the plan's order. A trial that fails ends the pair for both. */
    private void duet(List<TrialPlan.Planned> sides, O options) throws Exception {
        Variant a = spec.variants().get(0);
        Duet duet = new Duet(a.name(), spec.variants().get(1).name(), Trials.DUET_WAIT);
        Exception[] thrown = new Exception[2];
        List<Thread> threads = new ArrayList<>();
        for (TrialPlan.Planned t : sides) {
            int side = t.baseline() ? 0 : 1;
            Thread thread = new Thread(() -> {
                try {
                    trial(t, options, duet.side(side));
                    duet.leave(side, "its trial ended");
                } catch (Exception ex) {
                    thrown[side] = ex;
                    duet.leave(side, ex instanceof UserError ? ex.getMessage() : ex.toString());
                }
            }, "graphperf-duet-" + t.variant().name());
            threads.add(thread);
            thread.start();
        }
        for (Thread t : threads) t.join();
        for (Exception ex : thrown) if (ex != null && !(ex instanceof Hook.Failed)) throw ex;
    }

    /** One trial, its outcome recorded; {@code pairing} pairs its cells in a duet. */
    private void trial(TrialPlan.Planned t, O options, Duet.Side pairing) throws Exception {
        Variant v = t.variant();
        ProgressListener progress = pairing == null ? this.progress : new SideProgress(this.progress, v.name(), t.baseline());
        Path dir = announce(t, pairing != null, progress);
        CellStorage storage = null;
        TrialResult tr;
        long began = System.nanoTime();
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
            String dataDir = run.settings().get(HostOption.DATA_DIR.key());
            probe = MachineProbe.start(dataDir != null ? Path.of(dataDir) : dir);
            RunContext ctx = new RunContext(engines.forTrial(run, dir, record.runId() + "-" + t.name()),
                    new RunContext.Identity(v.name(), t.round(), t.position(), v.axes(), run.settings(), t.baseline()),
                    new RunContext.Folders(dir, spec.runDir(), spec.datasetCache(), spec.home()), progress, spec.seed(),
                    (soFar, f) -> record.autosave(t, soFar, f, plan.ofTotal(t.order())), storage != null ? storage : DiskProbe.PROCESSES, pairing);
            tr = e.run(ctx, options);
            covariates = probe.covariates();
            if (storage != null) {
                Map<String, Double> io = storage.since(ioStart);
                storage.close();
                tr = tr.withCell(ctx.tag(TrialIo.cell(e.name(), storage, io, (System.nanoTime() - began) / 1e9)));
            }
        } catch (Exception ex) {
            if (probe != null) probe.close();
            if (record.failed(t, pairing != null, closeQuietly(storage, ex), ex, progress)) return;
            throw ex;
        }
        record.recorded(t, tr, storage == null ? null : storage.summary(), covariates, plan.ofTotal(t.order()));
    }

    /** The trial's folder, made and announced (a run of one trial measures into the run's own folder). */
    private Path announce(TrialPlan.Planned t, boolean paired, ProgressListener progress) throws IOException {
        boolean single = spec.single();
        Path dir = single ? spec.runDir() : spec.runDir().resolve("trials").resolve(t.name());
        Files.createDirectories(dir);
        if (!single) {
            progress.phase(spec.precision().isPresent()
                    ? String.format("trial %d: %s, round %d (until %s)", t.order(), t.variant().name(), t.round(), spec.precision().get().describe())
                    : String.format("trial %d of %d: %s, repeat %d of %d", t.order(), plan.total(), t.variant().name(), t.round(), spec.repeats()));
            progress.phaseDone("into trials/" + t.name() + (paired ? " (a duet: both variants at once)" : ""));
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
        if (storage.dataDir() != null) folders.put(HostOption.DATA_DIR.key(), storage.dataDir().toString());
        if (storage.logDir() != null) folders.put(HostOption.TX_LOG_DIR.key(), storage.logDir().toString());
        return folders;
    }

    /** "data on zfs recordsize=8k, log on ext4, setup hook" */
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
