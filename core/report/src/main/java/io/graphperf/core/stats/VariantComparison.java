package io.graphperf.core.stats;

import java.util.List;

/**
 * A variant against the baseline, figure by figure.
 *
 * @param test      the statistics behind the verdicts, in words
 * @param excluded  trials left out because they failed, with why
 * @param noise     a duet's split of where each figure's noise lives (empty for interleaved trials)
 */
public record VariantComparison(String baseline, String variant, String test, List<FigureComparison> figures, List<String> excluded,
                                List<NoiseSplit> noise) {

    public VariantComparison {
        noise = noise == null ? List.of() : List.copyOf(noise);
    }

    public VariantComparison(String baseline, String variant, String test, List<FigureComparison> figures, List<String> excluded) {
        this(baseline, variant, test, figures, excluded, List.of());
    }

    public long count(Verdicts.Outcome o) {
        return figures.stream().filter(f -> f.outcome() == o).count();
    }
}
