package io.graphperf.core.results;

import io.graphperf.core.stats.Comparison;

import java.util.List;
import java.util.Map;

/**
 * Repeated runs of one experiment under several variants (a baseline and configuration changes),
 * run interleaved, with each variant's figures summarised and compared with the baseline's.
 * Also what {@code graphperf compare} makes of two results folders.
 *
 * @param trials       every run in the order it ran, each with its own results folder
 * @param summaries    per variant, per figure: median, spread and mean of its runs
 * @param comparisons  each non-baseline variant against the baseline, figure by figure
 * @param test         the statistical test behind the verdicts, stated for the reader
 */
public record SeriesResult(String seriesId, String experiment, String startedAt, String finishedAt,
                           List<Variant> variants, int repeat, List<Trial> trials,
                           List<FigureSummary> summaries, List<VariantComparison> comparisons, String test,
                           Map<String, Object> configuration, Map<String, Object> environment, List<String> failures) {

    public static final String FILE = "series.json";

    /** @param settings what the variant changes, as given ("page-cache" → "2g") */
    public record Variant(String name, Map<String, String> settings) {
    }

    /** @param dir the trial's results folder, relative to the series folder (or absolute for compare) */
    public record Trial(int order, String variant, int repeat, String dir, String finishedAt, boolean passed) {
    }

    public record FigureSummary(String variant, String figure, String unit, boolean higherIsBetter, Comparison.Summary summary) {
    }

    public record VariantComparison(String baseline, String variant, List<Comparison> figures) {
    }

    public boolean passed() {
        return failures.isEmpty();
    }
}
