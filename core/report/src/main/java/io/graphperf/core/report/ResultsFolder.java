package io.graphperf.core.report;

import io.graphperf.core.results.RunResult;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One folder per run: run.json, results.csv, comparison.csv (with variants), report.html, and histograms/
 * (HdrHistogram logs, written by the measuring layer while the run goes).
 */
public final class ResultsFolder {
    public static final String HISTOGRAMS = "histograms";

    private ResultsFolder() {
    }

    /** Writes every export of the run and returns the report's path. */
    public static Path write(RunResult run, Path dir, List<ReportSection> sections) throws IOException {
        Files.createDirectories(dir);
        JsonExporter.write(run, dir);
        CsvExporter.write(run, dir);
        return HtmlReport.write(run, dir, sections);
    }
}
