package io.graphperf.workloads.imports;

import java.util.Map;

/**
 * One bulk import, timed by graphperf from process start to exit, with what the importer said about
 * itself and what graphperf measured around it.
 *
 * @param seconds             wall time of the importer process (JVM start included)
 * @param importerSeconds     the importer's own total ("IMPORT DONE in …")
 * @param stages              the importer's stage times, in its order
 * @param inputBytes          bytes of the input files as stored (compressed when gzip)
 * @param inputRows           data rows in the input files (header lines excluded), -1 when unknown
 * @param peakRssBytes        peak resident memory of the importer process (kernel high-water mark)
 * @param importerPeakMemory  the importer's own estimate of its data structures, as printed
 * @param storeFiles          bytes per file of the store it wrote, transaction logs included
 * @param badEntries          lines in the bad-entries report
 */
public record ImportPhase(double seconds, double importerSeconds, Map<String, Double> stages,
                          long nodes, long relationships, long properties, long inputBytes, long inputRows,
                          long peakRssBytes, String importerPeakMemory, Map<String, Long> storeFiles,
                          long badEntries, String badEntriesReport, String log, String command) {

    public long storeBytes() {
        return storeFiles.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Nodes plus relationships: the spec's "rows". */
    public long rows() {
        return nodes + relationships;
    }

    public double rowsPerSecond() {
        return rows() / seconds;
    }

    public double nodesPerSecond() {
        return nodes / seconds;
    }

    public double relationshipsPerSecond() {
        return relationships / seconds;
    }

    public double propertiesPerSecond() {
        return properties / seconds;
    }

    public double inputMegabytesPerSecond() {
        return inputBytes / 1e6 / seconds;
    }
}
