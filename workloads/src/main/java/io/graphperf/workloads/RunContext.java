package io.graphperf.workloads;

import io.graphperf.core.engine.Engines;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.results.Cell;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What one trial of an experiment works with, built by the CLI: the engine (graphperf's or the user's, with
 * the variant's settings), the trial's folder, which variant and repeat it is, progress, and where generated
 * datasets are kept. Experiments report each cell as it is measured through {@link #saved}, so an
 * interrupted run keeps what it measured.
 *
 * @param dir          the trial's folder (histograms/, the engines' folders)
 * @param variant      the variant's name ("baseline" without variants)
 * @param repeat       1-based repeat of that variant
 * @param trial        0-based position of this trial in the run (to rotate orders across trials)
 * @param axes         the variant's settings as given, copied onto every cell
 * @param datasetCache where generated datasets are kept for reuse
 * @param seed         the run's seed (cell order, sampled parameters)
 * @param saved        receives the cells measured so far after each cell
 * @param disk         what reaches the disk during a phase (the cell's devices when graphperf made its filesystems)
 * @param settings     the variant's settings with the folders made for it (data-dir, tx-log-dir), for engines other than
 *                     the one {@code engines} starts
 */
public record RunContext(Engines engines, Path dir, String variant, int repeat, int trial, Map<String, String> axes, ProgressListener progress,
                         Path datasetCache, Path home, long seed, Saved saved, io.graphperf.core.measure.DiskProbe disk,
                         Map<String, String> settings) {

    /** Receives the cells measured so far. */
    @FunctionalInterface
    public interface Saved {
        void cells(List<Cell> soFar, List<String> failures) throws Exception;
    }

    public Path histograms() {
        return dir.resolve(io.graphperf.core.report.ResultsFolder.HISTOGRAMS);
    }

    /** The cell as measured in this trial's variant and repeat. */
    public Cell tag(Cell c) {
        return c.withVariant(variant, repeat, axes);
    }
}
