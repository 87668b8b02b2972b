package io.graphperf.cli;

import io.graphperf.core.export.SeriesExporter;
import io.graphperf.core.progress.ConsoleProgress;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.SeriesResult;
import io.graphperf.core.stats.Comparison;
import io.graphperf.core.stats.SeriesStatistics;
import io.graphperf.core.system.EnvironmentInfo;

import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Repeated runs of variants, interleaved A B A B …: each run in its own folder under trials/, and
 * after every run the series files (series.json, comparison.csv, report.html) written again, so an
 * interrupted series keeps what it measured.
 */
final class Series {

    /** Runs one variant once into a folder. */
    interface TrialRunner {
        RunResult run(RunSettings s, Path dir) throws Exception;
    }

    private Series() {
    }

    static SeriesResult run(RunSettings s, Path seriesDir, TrialRunner runner, ConsoleProgress progress) throws Exception {
        String startedAt = OffsetDateTime.now().toString();
        Map<String, List<RunResult>> byVariant = new LinkedHashMap<>();
        for (Variant v : s.variants) byVariant.put(v.name(), new ArrayList<>());
        List<SeriesResult.Trial> trials = new ArrayList<>();
        int total = s.variants.size() * s.repeat, order = 0;
        SeriesResult result = null;
        try {
            for (int r = 1; r <= s.repeat; r++) {
                for (Variant v : s.variants) {
                    order++;
                    String name = String.format("%02d-%s-%d", order, v.name(), r);
                    progress.phase(String.format("run %d of %d: %s, repeat %d of %d", order, total, v.name(), r, s.repeat));
                    progress.phaseDone("into trials/" + name);
                    Path dir = seriesDir.resolve("trials").resolve(name);
                    java.nio.file.Files.createDirectories(dir);
                    RunResult run = runner.run(s.with(v), dir);
                    byVariant.get(v.name()).add(run);
                    trials.add(new SeriesResult.Trial(order, v.name(), r, "trials/" + name, run.finishedAt(), run.passed()));
                    result = build(s, seriesDir, startedAt, byVariant, trials, order == total);
                    SeriesExporter.write(result, seriesDir);
                }
            }
        } finally {
            if (result == null || trials.size() < total) {
                SeriesExporter.write(build(s, seriesDir, startedAt, byVariant, trials, false), seriesDir);
            }
        }
        return result;
    }

    static SeriesResult build(RunSettings s, Path seriesDir, String startedAt, Map<String, List<RunResult>> byVariant,
                              List<SeriesResult.Trial> trials, boolean complete) {
        List<SeriesResult.FigureSummary> summaries = new ArrayList<>();
        byVariant.forEach((v, runs) -> summaries.addAll(SeriesStatistics.summaries(v, runs)));
        List<SeriesResult.VariantComparison> comparisons = new ArrayList<>();
        String base = s.variants.get(0).name();
        for (Variant v : s.variants.subList(1, s.variants.size())) {
            comparisons.add(SeriesStatistics.compare(base, byVariant.get(base), v.name(), byVariant.get(v.name())));
        }
        List<String> failures = new ArrayList<>();
        for (SeriesResult.Trial t : trials) if (!t.passed()) failures.add("run " + t.dir() + " failed: see its report");
        if (!complete) failures.add("incomplete: " + trials.size() + " of " + s.variants.size() * s.repeat + " runs finished");
        List<SeriesResult.Variant> variants = s.variants.stream().map(v -> new SeriesResult.Variant(v.name(), v.settings())).toList();
        Map<String, Object> config = s.describe();
        config.remove("variant");
        config.remove("variantSettings");
        config.put("repeat", s.repeat);
        return new SeriesResult(seriesDir.getFileName().toString(), s.name, startedAt, complete ? OffsetDateTime.now().toString() : "(incomplete)",
                variants, s.repeat, trials, summaries, comparisons, Comparison.TEST, config, EnvironmentInfo.collect(Home.get()), failures);
    }
}
