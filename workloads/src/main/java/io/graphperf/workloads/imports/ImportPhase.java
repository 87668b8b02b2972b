package io.graphperf.workloads.imports;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.Map;

/**
 * One bulk import, timed by graphperf from process start to exit, with what the importer said about
 * itself and what graphperf measured around it.
 *
 * @param seconds      wall time of the importer process (JVM start included)
 * @param peakRssBytes peak resident memory of the importer process (kernel high-water mark)
 * @param storeFiles   bytes per file of the store it wrote, transaction logs included
 */
public record ImportPhase(double seconds, @JsonUnwrapped Importer importer, @JsonUnwrapped Counts counts, @JsonUnwrapped Input input,
                          long peakRssBytes, Map<String, Long> storeFiles) {

    /**
     * What the importer wrote.
     */
    public record Counts(long nodes, long relationships, long properties) {
    }

    /**
     * The files it read.
     *
     * @param inputBytes bytes of the input files as stored (compressed when gzip)
     * @param inputRows  data rows in the input files (header lines excluded), -1 when unknown
     */
    public record Input(long inputBytes, long inputRows) {
    }

    /**
     * What the importer said about itself: its own times, memory, defects, log and command.
     *
     * @param importerSeconds    the importer's own total ("IMPORT DONE in …")
     * @param stages             the importer's stage times, in its order
     * @param importerPeakMemory the importer's own estimate of its data structures, as printed
     * @param badEntries         lines in the bad-entries report
     */
    public record Importer(double importerSeconds, Map<String, Double> stages, String importerPeakMemory, long badEntries, String badEntriesReport,
                           String log, String command) {
    }

    public long nodes() {
        return counts.nodes();
    }

    public long relationships() {
        return counts.relationships();
    }

    public long properties() {
        return counts.properties();
    }

    public long inputBytes() {
        return input.inputBytes();
    }

    public long inputRows() {
        return input.inputRows();
    }

    public double importerSeconds() {
        return importer.importerSeconds();
    }

    public Map<String, Double> stages() {
        return importer.stages();
    }

    public String importerPeakMemory() {
        return importer.importerPeakMemory();
    }

    public long badEntries() {
        return importer.badEntries();
    }

    public String badEntriesReport() {
        return importer.badEntriesReport();
    }

    public String log() {
        return importer.log();
    }

    public String command() {
        return importer.command();
    }


    public long storeBytes() {
        return storeFiles.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Nodes plus relationships: the spec's "rows". */
    public long rows() {
        return nodes() + relationships();
    }

    public double rowsPerSecond() {
        return rows() / seconds;
    }

    public double nodesPerSecond() {
        return nodes() / seconds;
    }

    public double relationshipsPerSecond() {
        return relationships() / seconds;
    }

    public double propertiesPerSecond() {
        return properties() / seconds;
    }

    public double inputMegabytesPerSecond() {
        return inputBytes() / 1e6 / seconds;
    }
}
