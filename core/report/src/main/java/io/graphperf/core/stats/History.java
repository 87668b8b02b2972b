package io.graphperf.core.stats;

import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Figure;
import io.graphperf.core.results.RunResult;
import org.apache.commons.math3.distribution.TDistribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Each figure across many runs of one experiment (commit by commit, day by day), as continuous-benchmarking services show it, with
 * change points flagged: for a series of at least {@value #MIN_POINTS} runs, every split leaving at least 3 runs a side is tested
 * (Welch's t) and the strongest is flagged when it is significant after Bonferroni's correction over the splits tried and the
 * shift is at least the minimum effect. A run's value of a figure is its baseline variant's mean over the run's repeats.
 */
public final class History {

    public static final int MIN_POINTS = 6;

    /** One run on the time line: where it came from and what it ran on. */
    public record Run(String dir, String startedAt, String commit, String machine) {
    }

    /** A shift: from the run at index {@code at} on, the figure's mean moved by {@code shiftPct}. */
    public record ChangePoint(int at, double beforeMean, double afterMean, double shiftPct, double p) {
    }

    /** One figure of one cell across the runs that have it ({@code values[i]} NaN where run i lacks it). */
    public record Series(String cell, String figure, String unit, boolean higherIsBetter, double[] values, Optional<ChangePoint> change) {
        public int points() {
            return (int) Arrays.stream(values).filter(Double::isFinite).count();
        }
    }

    private History() {
    }

    /** The runs on the time line, in the given order (sort them by start first). */
    public static List<Run> runs(List<RunResult> results, List<String> dirs) {
        List<Run> out = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            RunResult r = results.get(i);
            Map<String, Object> env = r.environment() == null ? Map.of() : r.environment();
            out.add(new Run(dirs.get(i), r.startedAt(), String.valueOf(env.getOrDefault("graphperf.commit", "?")), machine(env)));
        }
        return out;
    }

    /** What a run ran on, to tell a change of machine from a change of code. */
    static String machine(Map<String, Object> env) {
        return env.getOrDefault("cpu.model", "?") + ", " + env.getOrDefault("cpu.cores", "?") + " cores, " + env.getOrDefault("memory.total", "?");
    }

    /** Every figure of the runs' baseline cells, one series each, change points flagged. */
    public static List<Series> series(List<RunResult> results, Verdicts.Settings s) {
        Map<String, double[]> values = new LinkedHashMap<>();
        Map<String, Object[]> meta = new LinkedHashMap<>();
        for (int i = 0; i < results.size(); i++) {
            RunResult r = results.get(i);
            String baseline = r.variants() == null || r.variants().isEmpty() ? null : r.variants().get(0).name();
            Map<String, List<Double>> runValues = new LinkedHashMap<>();
            for (Cell c : r.cells()) {
                if (baseline != null && !baseline.equals(c.variant())) continue;
                for (Figure f : c.figures()) {
                    String key = c.key() + "\u0000" + f.name();
                    meta.putIfAbsent(key, new Object[]{c.label(), f});
                    if (Double.isFinite(f.value())) runValues.computeIfAbsent(key, k -> new ArrayList<>()).add(f.value());
                }
            }
            for (Map.Entry<String, List<Double>> e : runValues.entrySet()) {
                double[] v = values.computeIfAbsent(e.getKey(), k -> {
                    double[] nan = new double[results.size()];
                    Arrays.fill(nan, Double.NaN);
                    return nan;
                });
                v[i] = e.getValue().stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
            }
        }
        List<Series> out = new ArrayList<>();
        for (Map.Entry<String, double[]> e : values.entrySet()) {
            Object[] m = meta.get(e.getKey());
            Figure f = (Figure) m[1];
            out.add(new Series((String) m[0], f.name(), f.unit(), f.higherIsBetter(), e.getValue(), changePoint(e.getValue(), s)));
        }
        return out;
    }

    /** The strongest significant shift in a series (runs without the figure skipped); empty when none is. */
    public static Optional<ChangePoint> changePoint(double[] series, Verdicts.Settings s) {
        List<Integer> index = new ArrayList<>();
        for (int i = 0; i < series.length; i++) if (Double.isFinite(series[i])) index.add(i);
        int n = index.size();
        if (n < MIN_POINTS) return Optional.empty();
        double[] v = index.stream().mapToDouble(i -> series[i]).toArray();
        int splits = n - 5;
        ChangePoint best = null;
        double bestT = 0;
        for (int k = 3; k <= n - 3; k++) {
            Summary a = Summary.of(Arrays.copyOfRange(v, 0, k)), b = Summary.of(Arrays.copyOfRange(v, k, n));
            double va = a.stdev() * a.stdev() / a.n(), vb = b.stdev() * b.stdev() / b.n(), diff = b.mean() - a.mean();
            double t, p;
            if (va + vb == 0) {
                if (diff == 0) continue;
                t = Double.POSITIVE_INFINITY;
                p = 0;
            } else {
                t = Math.abs(diff) / Math.sqrt(va + vb);
                double df = (va + vb) * (va + vb) / ((va == 0 ? 0 : va * va / (a.n() - 1)) + (vb == 0 ? 0 : vb * vb / (b.n() - 1)));
                p = 2 * (1 - new TDistribution(Math.max(1, df)).cumulativeProbability(t));
            }
            if (t > bestT) {
                bestT = t;
                best = new ChangePoint(index.get(k), a.mean(), b.mean(), a.mean() == 0 ? Double.NaN : 100 * diff / Math.abs(a.mean()), Math.min(1, p * splits));
            }
        }
        if (best == null || best.p() >= s.alpha() || !(Math.abs(best.shiftPct()) >= 100 * s.minEffect())) return Optional.empty();
        return Optional.of(best);
    }
}
