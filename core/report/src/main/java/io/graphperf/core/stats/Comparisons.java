package io.graphperf.core.stats;

import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Figure;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Lines up the cells of two variants — the same cell (scenario, transport, clients, load, scale and the
 * experiment's dimensions) in each repeat — and compares every figure with {@link Verdicts}.
 */
public final class Comparisons {

    private Comparisons() {
    }

    /** The machine's covariates during a variant's trial of a repeat ({@code MachineProbe}'s names), or null when not probed. */
    @FunctionalInterface
    public interface Covariates {
        Map<String, Double> of(String variant, int repeat);
    }

    /**
     * @param baseline cells of the baseline's passed trials
     * @param variant  cells of the variant's passed trials
     * @param excluded failed trials left out, with why (listed in the comparison)
     */
    public static VariantComparison compare(String baselineName, List<Cell> baseline, String variantName, List<Cell> variant,
                                            List<String> excluded, Verdicts.Settings settings) {
        return compare(baselineName, baseline, variantName, variant, excluded, settings, null);
    }

    /**
     * As above, each figure's runs adjusted for the machine's covariates of their trials where one explains their variance
     * ({@link CovariateAdjustment}); each figure says whether it was adjusted, and how much its interval narrowed.
     */
    public static VariantComparison compare(String baselineName, List<Cell> baseline, String variantName, List<Cell> variant,
                                            List<String> excluded, Verdicts.Settings settings, Covariates covariates) {
        Map<String, List<Double>> a = new LinkedHashMap<>(), b = new LinkedHashMap<>(), within = new LinkedHashMap<>();
        Map<String, List<Integer>> ra = new LinkedHashMap<>(), rb = new LinkedHashMap<>();
        Map<String, Object[]> meta = new LinkedHashMap<>();
        collect(baseline, a, ra, meta, within);
        collect(variant, b, rb, meta, within);
        List<Verdicts.Samples> samples = new ArrayList<>(), adjusted = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (Map.Entry<String, List<Double>> e : a.entrySet()) {
            List<Double> other = b.get(e.getKey());
            if (other == null) continue;
            Object[] m = meta.get(e.getKey());
            Figure f = (Figure) m[1];
            double[] ya = toArray(e.getValue()), yb = toArray(other), w = toArray(within.getOrDefault(e.getKey(), List.of()));
            samples.add(new Verdicts.Samples((String) m[0], f.name(), f.unit(), f.higherIsBetter(), ya, yb, w));
            CovariateAdjustment.Result r = covariates == null ? null : CovariateAdjustment.adjust(ya, yb,
                    covariatesOf(covariates, baselineName, ra.get(e.getKey())), covariatesOf(covariates, variantName, rb.get(e.getKey())));
            adjusted.add(r == null || !r.adjusted() ? samples.get(samples.size() - 1)
                    : new Verdicts.Samples((String) m[0], f.name(), f.unit(), f.higherIsBetter(), r.baseline(), r.variant(), w));
            notes.add(r == null ? null : r.note());
        }
        List<FigureComparison> plain = Verdicts.compare(samples, settings), used = Verdicts.compare(adjusted, settings);
        List<FigureComparison> out = new ArrayList<>();
        for (int i = 0; i < used.size(); i++) {
            String note = notes.get(i);
            if (note != null && note.startsWith("adjusted")) {
                double before = width(plain.get(i)), after = width(used.get(i));
                note += Double.isFinite(before) && Double.isFinite(after) ? String.format(Locale.ROOT,
                        ": its 95 %% interval ±%.1f %% → ±%.1f %% (%s)", before / 2, after / 2, after < before
                                ? String.format(Locale.ROOT, "%.0f %% narrower", 100 * (1 - after / before)) : "no narrower") : "";
            }
            out.add(used.get(i).withAdjustment(note));
        }
        return new VariantComparison(baselineName, variantName, settings.describe(samples.size()), out, excluded);
    }

    /** The interval's width in percent of the baseline's mean. */
    private static double width(FigureComparison c) {
        return c.ci95HighPct() - c.ci95LowPct();
    }

    /** Each covariate's values over the runs of {@code repeats}, NaN where a trial was not probed. */
    private static Map<String, double[]> covariatesOf(Covariates covariates, String variant, List<Integer> repeats) {
        Map<String, double[]> out = new LinkedHashMap<>();
        for (int i = 0; i < repeats.size(); i++) {
            Map<String, Double> c = covariates.of(variant, repeats.get(i));
            if (c == null) continue;
            for (Map.Entry<String, Double> e : c.entrySet()) {
                double[] v = out.computeIfAbsent(e.getKey(), k -> {
                    double[] n = new double[repeats.size()];
                    Arrays.fill(n, Double.NaN);
                    return n;
                });
                v[i] = e.getValue() == null ? Double.NaN : e.getValue();
            }
        }
        return out;
    }

    /**
     * A duet's comparison: the same cell of both variants in each round (their cells' repeat), figure by figure, compared round by round
     * ({@link Verdicts#comparePaired}); a round in which only one side measured a cell is left out of that cell's figures.
     */
    public static VariantComparison comparePaired(String baselineName, List<Cell> baseline, String variantName, List<Cell> variant,
                                                  List<String> excluded, Verdicts.Settings settings) {
        Map<String, Map<Integer, Double>> a = new LinkedHashMap<>(), b = new LinkedHashMap<>();
        Map<String, Object[]> meta = new LinkedHashMap<>();
        byRound(baseline, a, meta);
        byRound(variant, b, meta);
        List<Verdicts.Paired> pairs = new ArrayList<>();
        for (Map.Entry<String, Map<Integer, Double>> e : a.entrySet()) {
            Map<Integer, Double> other = b.get(e.getKey());
            if (other == null) continue;
            List<Integer> rounds = e.getValue().keySet().stream().filter(other::containsKey).sorted().toList();
            if (rounds.isEmpty()) continue;
            Object[] m = meta.get(e.getKey());
            Figure f = (Figure) m[1];
            pairs.add(new Verdicts.Paired((String) m[0], f.name(), f.unit(), f.higherIsBetter(), rounds.stream().mapToDouble(e.getValue()::get).toArray(),
                    rounds.stream().mapToDouble(other::get).toArray()));
        }
        List<NoiseSplit> noise = NoiseSplit.of(baseline, variant);
        List<FigureComparison> figures = Verdicts.comparePaired(pairs, settings).stream().map(f -> unlessCpuDiffers(f, noise)).toList();
        return new VariantComparison(baselineName, variantName, settings.describePaired(pairs.size()), figures, excluded, noise);
    }

    /**
     * A duet's "equivalent" throughput is not one when the variant's engine took a different share of the shared CPU (a difference over
     * the rounds): on a shared machine an engine that costs more an operation keeps its throughput up with its partner's CPU, so the
     * ratio can hide the very change it was to find. Such a figure is inconclusive, its reason giving both sides' CPU and the change per
     * engine core.
     */
    static FigureComparison unlessCpuDiffers(FigureComparison f, List<NoiseSplit> noise) {
        if (f.outcome() != Verdicts.Outcome.EQUIVALENT) return f;
        for (NoiseSplit n : noise) {
            NoiseSplit.CpuSplit c = n.cpu();
            if (c == null || !c.cpuDiffers() || c.perCoreCi95Pct() == null || !n.cell().equals(f.cell()) || !n.figure().equals(f.figure())) continue;
            return f.withOutcome(Verdicts.Outcome.INCONCLUSIVE, String.format(Locale.ROOT, "the ratio's 95 %% CI %+.1f … %+.1f %% lies within the minimum"
                            + " effect, but the variant's engine took %+.1f %% CPU (%.2f against %.2f cores): the side whose engine costs more an"
                            + " operation keeps its throughput up with its partner's CPU; per engine core %+.1f %% (95 %% CI %+.1f … %+.1f %%) — not"
                            + " called equivalent; confirm with --pairing interleaved", f.ci95LowPct(), f.ci95HighPct(), c.cpuChangePct(), c.variantCores(), c.baselineCores(),
                    c.perCoreChangePct(), c.perCoreCi95Pct()[0], c.perCoreCi95Pct()[1]));
        }
        return f;
    }

    private static void byRound(List<Cell> cells, Map<String, Map<Integer, Double>> into, Map<String, Object[]> meta) {
        for (Cell c : cells) {
            for (Figure f : c.figures()) {
                String key = c.key() + "\u0000" + f.name();
                meta.putIfAbsent(key, new Object[]{c.label(), f});
                into.computeIfAbsent(key, k -> new LinkedHashMap<>()).put(c.repeat(), f.value());
            }
        }
    }

    private static void collect(List<Cell> cells, Map<String, List<Double>> into, Map<String, List<Integer>> repeats, Map<String, Object[]> meta,
                                Map<String, List<Double>> within) {
        for (Cell c : cells) {
            for (Figure f : c.figures()) {
                String key = c.key() + "\u0000" + f.name();
                meta.putIfAbsent(key, new Object[]{c.label(), f});
                into.computeIfAbsent(key, k -> new ArrayList<>()).add(f.value());
                repeats.computeIfAbsent(key, k -> new ArrayList<>()).add(c.repeat());
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
        if (!"throughput".equals(f.name()) || c.measurement() == null || c.measurement().throughput().batchRates() == null) return Double.NaN;
        List<Double> rates = c.measurement().throughput().batchRates();
        int k = rates.size();
        if (k < 2) return Double.NaN;
        double mean = rates.stream().mapToDouble(Double::doubleValue).average().orElse(0), ss = 0;
        for (double r : rates) ss += (r - mean) * (r - mean);
        double perSecond = ss / (k - 1) / k;
        // the figure may be in entities/s rather than operations/s: scale by the ratio of the two
        double scale = c.measurement().throughput().opsPerSecond() > 0 ? f.value() / c.measurement().throughput().opsPerSecond() : 1;
        return perSecond * scale * scale;
    }

    private static double[] toArray(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
