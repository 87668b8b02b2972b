package io.graphperf.core.stats;

import io.graphperf.core.results.Figure;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.SeriesResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns repeated runs per variant into per-figure summaries and baseline comparisons. */
public final class SeriesStatistics {

    private SeriesStatistics() {
    }

    /** Figure name → its values over the runs (NaN values, e.g. a rate of a zero-length phase, left out). */
    static Map<String, List<Double>> samples(List<RunResult> runs, Map<String, Figure> meta) {
        Map<String, List<Double>> out = new LinkedHashMap<>();
        for (RunResult r : runs) {
            for (Figure f : Figures.of(r)) {
                meta.putIfAbsent(f.name(), f);
                if (Double.isFinite(f.value())) out.computeIfAbsent(f.name(), k -> new ArrayList<>()).add(f.value());
            }
        }
        return out;
    }

    public static List<SeriesResult.FigureSummary> summaries(String variant, List<RunResult> runs) {
        Map<String, Figure> meta = new LinkedHashMap<>();
        List<SeriesResult.FigureSummary> out = new ArrayList<>();
        samples(runs, meta).forEach((name, values) -> {
            Figure f = meta.get(name);
            out.add(new SeriesResult.FigureSummary(variant, name, f.unit(), f.higherIsBetter(), Comparison.Summary.of(toArray(values))));
        });
        return out;
    }

    /** Every figure both variants have, in the baseline's order. */
    public static SeriesResult.VariantComparison compare(String baseline, List<RunResult> a, String variant, List<RunResult> b) {
        Map<String, Figure> meta = new LinkedHashMap<>();
        Map<String, List<Double>> sa = samples(a, meta), sb = samples(b, meta);
        List<Comparison> out = new ArrayList<>();
        for (Map.Entry<String, List<Double>> e : sa.entrySet()) {
            List<Double> other = sb.get(e.getKey());
            if (other == null) continue;
            Figure f = meta.get(e.getKey());
            out.add(Comparison.of(e.getKey(), f.higherIsBetter(), toArray(e.getValue()), toArray(other)));
        }
        return new SeriesResult.VariantComparison(baseline, variant, out);
    }

    private static double[] toArray(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
