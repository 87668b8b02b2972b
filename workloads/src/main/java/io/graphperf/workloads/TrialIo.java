package io.graphperf.workloads;

import io.graphperf.core.results.Cell;
import io.graphperf.storage.CellStorage;

import java.util.Map;

/**
 * The row every trial of a matrix cell adds to results.csv, whatever the experiment: what reached the disk over the whole
 * trial (the process tree's I/O, the cell's block devices) and the peak space its stores took on the filesystems graphperf
 * made. Its figure for comparisons is that peak ("disk use"); an experiment's own phases carry their own I/O columns.
 */
final class TrialIo {

    static final String SCENARIO = "trial-io";

    private TrialIo() {
    }

    static Cell cell(String experiment, CellStorage storage, Map<String, Double> io, double seconds) {
        Cell.Builder b = Cell.builder(experiment, SCENARIO).title("the whole trial: I/O of graphperf's processes and the cell's devices, peak disk use")
                .phase(seconds).noDefaultFigure();
        io.forEach(b::value);
        @SuppressWarnings("unchecked")
        Map<String, Double> peak = (Map<String, Double>) storage.summary().getOrDefault("peakDiskUse", Map.of());
        peak.forEach(b::value);
        Double disk = peak.get("disk_bytes");
        if (disk != null) b.figure("peak disk use", "MB", false, disk / 1e6);
        return b.build();
    }
}
