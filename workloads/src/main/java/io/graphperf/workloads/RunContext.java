package io.graphperf.workloads;

import io.graphperf.core.engine.TransportName;
import io.graphperf.core.engine.Engines;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.results.Cell;
import io.graphperf.workloads.agents.Agents;
import io.graphperf.workloads.agents.Coordinator;
import io.graphperf.workloads.cells.CellLoad;
import io.graphperf.workloads.cells.Duet;
import io.graphperf.workloads.cells.Scenario;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Runner;
import io.graphperf.core.measure.Slowdown;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.measure.DiskProbe;
import io.graphperf.core.measure.RunListener;
import io.graphperf.core.report.ResultsFolder;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one trial of an experiment works with, built by the CLI: the engine (graphperf's or the user's, with
 * the variant's settings), the trial's folder, which variant and repeat it is, progress, and where generated
 * datasets are kept. Experiments report each cell as it is measured through {@link #saved}, so an
 * interrupted run keeps what it measured.
 *
 * @param id       which trial this is: its variant, repeat and place in the run
 * @param folders  where it keeps what it makes and reads
 * @param seed     the run's seed (cell order, sampled parameters)
 * @param saved    receives the cells measured so far after each cell
 * @param disk     what reaches the disk during a phase (the cell's devices when graphperf made its filesystems)
 * @param pairing  how this trial's cells are paired with another trial's running at the same time ({@link Trials.Pairing#DUET}):
 *                 starts each of its cells together with the other side's; null when the trial runs alone
 */
public record RunContext(Engines engines, Identity id, Folders folders, ProgressListener progress, long seed, Saved saved, DiskProbe disk,
                         Duet.Side pairing) {

    /**
     * Which trial this is.
     *
     * @param variant   the variant's name ("baseline" without variants)
     * @param repeat    1-based repeat of that variant
     * @param position  0-based position of this trial in the run (to rotate orders across trials)
     * @param axes      the variant's settings as given, copied onto every cell
     * @param settings  the variant's settings with the folders made for it (data-dir, tx-log-dir), for engines other than the one
     *                  {@code engines} starts
     * @param reference whether this trial is of the run's first variant (the first engine), whose answers the others must give
     */
    public record Identity(String variant, int repeat, int position, Map<String, String> axes, Map<String, String> settings, boolean reference) {
    }

    /**
     * Where a trial keeps and finds things.
     *
     * @param dir          the trial's folder (histograms/, the engines' folders)
     * @param runDir       the run's folder, shared by its trials (what one trial leaves for the others: a reference's answers)
     * @param datasetCache where generated datasets are kept for reuse
     * @param home         graphperf's installation (its engine hosts, plugins and examples)
     */
    public record Folders(Path dir, Path runDir, Path datasetCache, Path home) {
    }

    public String variant() {
        return id.variant();
    }

    public int repeat() {
        return id.repeat();
    }

    /** This trial's 0-based position in the run. */
    public int trial() {
        return id.position();
    }

    public Map<String, String> axes() {
        return id.axes();
    }

    public Map<String, String> settings() {
        return id.settings();
    }

    public boolean reference() {
        return id.reference();
    }

    public Path dir() {
        return folders.dir();
    }

    public Path runDir() {
        return folders.runDir();
    }

    public Path datasetCache() {
        return folders.datasetCache();
    }

    public Path home() {
        return folders.home();
    }

    /** Receives the cells measured so far. */
    @FunctionalInterface
    public interface Saved {
        void cells(List<Cell> soFar, List<String> failures) throws Exception;
    }

    /**
     * Who measures this trial's cells: {@code inner}, except that a cell this process measures goes through {@link #runner} (a duet's
     * common start, an injected slowdown).
     */
    public CellLoad load(CellLoad inner) {
        if (pairing == null && slowdown().isEmpty()) return inner;
        if (inner != CellLoad.HERE) {
            throw new UserError("load agents send their own operations: a duet (--pairing duet) or an injected slowdown (setting "
                    + Slowdown.SETTING + ") needs the cells measured by this process; drop --agents");
        }
        return new CellLoad() {
            @Override
            public Measured measure(Engine engine, Scenario s, TransportName transportName, Transport transport,
                                    RunPlan plan, Path histogramLog, List<RunListener> listeners) throws Exception {
                if (transportName.embedded()) {
                    if (slowdown().isPresent()) throw embeddedSlowdown();
                    return inner.measure(engine, s, transportName, transport, plan, histogramLog, listeners);
                }
                return new Measured(runner(new Runner(transport, s.operations(), plan, histogramLog, engine.serverPids(), listeners),
                        s.id() + " over " + transportName + " by " + plan.executor().describe(), plan).run(), List.of());
            }

            @Override
            public String describe() {
                return inner.describe();
            }
        };
    }

    /**
     * {@code runner} (of this process) for {@code cell}: with the variant's injected slowdown ({@link Slowdown#SETTING}), and started
     * together with the other side's same cell when this trial is one side of a duet.
     */
    public Runner runner(Runner runner, String cell, RunPlan plan) {
        Runner r = slowdown().map(runner::slowedBy).orElse(runner);
        return pairing == null ? r : pairing.paired(r, cell, plan);
    }

    /**
     * The trial's load agents, started here (or awaited, when they run elsewhere) with the progress said; refused in a duet or with an
     * injected slowdown, which need every cell measured by this process. The caller closes them.
     */
    public Coordinator startAgents(Agents agents, String experiment) throws Exception {
        if (paired() || slowdown().isPresent()) {
            throw new UserError("load agents send their own operations: a duet (--pairing duet) or an injected slowdown needs the cells"
                    + " measured by this process; drop --agents");
        }
        progress.phase(agents.external() ? "wait for " + agents.count() + " load agents to join " + agents.rendezvous() : "start " + agents.count() + " load agents");
        Coordinator c = Coordinator.start(agents, dir(), experiment);
        progress.phaseDone(c.describe());
        return c;
    }

    /** The slowdown the variant injects into its operations; empty when it injects none. */
    public Optional<Slowdown> slowdown() {
        return Slowdown.of(settings().get(Slowdown.SETTING));
    }

    /** A cell measured inside the engine's process cannot be slowed by this one. */
    public static UserError embeddedSlowdown() {
        return new UserError("setting " + Slowdown.SETTING + " slows the sessions of graphperf's process; the embedded transport runs inside"
                + " the engine: leave it out of --transports");
    }

    /** Whether this trial is one side of a duet: its cells start together with another trial's. */
    public boolean paired() {
        return pairing != null;
    }

    public Path histograms() {
        return dir().resolve(ResultsFolder.HISTOGRAMS);
    }

    /** The cell as measured in this trial's variant and repeat. */
    public Cell tag(Cell c) {
        return c.withVariant(variant(), repeat(), axes());
    }
}
