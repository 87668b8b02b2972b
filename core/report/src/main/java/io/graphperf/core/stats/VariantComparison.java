package io.graphperf.core.stats;

import java.util.List;

/**
 * A variant against the baseline, figure by figure.
 *
 * @param test      the statistics behind the verdicts, in words
 * @param excluded  trials left out because they failed, with why
 */
public record VariantComparison(String baseline, String variant, String test, List<FigureComparison> figures, List<String> excluded) {

    public long count(Verdicts.Outcome o) {
        return figures.stream().filter(f -> f.outcome() == o).count();
    }
}
