package io.graphperf.core.stats;

import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Figure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lines up the cells of two variants — the same cell (scenario, transport, clients, load, scale and the
 * experiment's dimensions) in each repeat — and compares every figure with {@link Verdicts}.
 */
public final class Comparisons {

    private Comparisons() {
    }

    /**
     * @param baseline cells of the baseline's passed trials
     * @param variant  cells of the variant's passed trials
     * @param excluded failed trials left out, with why (listed in the comparison)
     */
    public static VariantComparison compare(String baselineName, List<Cell> baseline, String variantName, List<Cell> variant,
                                            List<String> excluded, Verdicts.Settings settings) {
        Map<String, List<Double>> a = new LinkedHashMap<>(), b = new LinkedHashMap<>(), within = new LinkedHashMap<>();
        Map<String, Object[]> meta = new LinkedHashMap<>();
        collect(baseline, a, meta, within);
        collect(variant, b, meta, within);
        List<Verdicts.Samples> samples = new ArrayList<>();
        for (Map.Entry<String, List<Double>> e : a.entrySet()) {
            List<Double> other = b.get(e.getKey());
            if (other == null) continue;
            Object[] m = meta.get(e.getKey());
            Figure f = (Figure) m[1];
            samples.add(new Verdicts.Samples((String) m[0], f.name(), f.unit(), f.higherIsBetter(), toArray(e.getValue()), toArray(other),
                    toArray(within.getOrDefault(e.getKey(), List.of()))));
        }
        return new VariantComparison(baselineName, variantName, settings.describe(samples.size()), Verdicts.compare(samples, settings), excluded);
    }

    private static void collect(List<Cell> cells, Map<String, List<Double>> into, Map<String, Object[]> meta, Map<String, List<Double>> within) {
        for (Cell c : cells) {
            for (Figure f : c.figures()) {
                String key = c.key() + "\u0000" + f.name();
                meta.putIfAbsent(key, new Object[]{c.label(), f});
                into.computeIfAbsent(key, k -> new ArrayList<>()).add(f.value());
                double w = withinVariance(c, f);
                if (Double.isFinite(w)) within.computeIfAbsent(key, k -> new ArrayList<>()).add(w);
            }
        }
    }

    /**
     * The variance of a throughput figure due to noise within its engine process: the variance of the window's consecutive
     * batches' rates over their number (the figure is their mean). NaN for other figures, whose runs give one value each.
     */
    public static double withinVariance(Cell c, Figure f) {
        if (!"throughput".equals(f.name()) || c.measurement() == null || c.measurement().batchRates() == null) return Double.NaN;
        List<Double> rates = c.measurement().batchRates();
        int k = rates.size();
        if (k < 2) return Double.NaN;
        double mean = rates.stream().mapToDouble(Double::doubleValue).average().orElse(0), ss = 0;
        for (double r : rates) ss += (r - mean) * (r - mean);
        double perSecond = ss / (k - 1) / k;
        // the figure may be in entities/s rather than operations/s: scale by the ratio of the two
        double scale = c.measurement().opsPerSecond() > 0 ? f.value() / c.measurement().opsPerSecond() : 1;
        return perSecond * scale * scale;
    }

    private static double[] toArray(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
