package io.graphperf.core.stats;

import io.graphperf.core.measure.Interval;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Figure;
import org.apache.commons.math3.distribution.TDistribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where one cell's noise lives, from a duet's rounds (two engine processes measured at the same time, cell for cell, round after round):
 * within a window (from one interval to the next), within one process (the uncertainty of a window's mean, from its batches), between
 * two processes running at the same time (the rounds' ratios), and between processes run one after another (the rounds' values). How
 * much of a process's variance it shares with its simultaneous partner — the correlation of their rounds and of their synchronized
 * intervals — says whether pairing helps: what is shared cancels in a duet's ratio, what is not stays.
 *
 * <p>All spreads are standard deviations in percent of the figure's mean (of its logarithm, for the rounds).
 *
 * @param intervalPct      one sampling interval's spread around its window's mean (the cells' median)
 * @param windowPct        the standard error of a window's mean from its batches (throughput only; NaN otherwise)
 * @param simultaneousPct  one process's spread not shared with its partner: the rounds' log ratios' standard deviation over √2
 * @param sequentialPct    one process's spread from round to round: its values' standard deviation (both sides pooled)
 * @param roundCorrelation the correlation of the two sides' values over the rounds (NaN below 3 rounds)
 * @param intervalCorrelation the correlation of the two sides' synchronized intervals within a round (the rounds' median)
 * @param sharedShare      the share of a process's round-to-round variance it shares with its partner: 1 − simultaneous² / sequential²,
 *                         at least 0 — what a duet's ratio removes
 * @param cpu              throughput only, with both engines on this machine: how the sides' split of the CPU moves the ratio (null otherwise)
 */
public record NoiseSplit(String cell, String figure, int rounds, double intervalPct, double windowPct, double simultaneousPct, double sequentialPct,
                         double roundCorrelation, double intervalCorrelation, double sharedShare, CpuSplit cpu) {

    /**
     * Two engines on one machine share its CPU, and when both are CPU-bound the scheduler's split differs from round to round: the side
     * that got more CPU did more. That part of the throughput ratio's spread is the machine's, not the variants'; a duet cannot cancel
     * it, but it can be seen, from the engine processes' CPU in each round. And a variant whose engine costs more CPU an operation
     * takes more of the shared CPU from its partner, so its throughput ratio understates that cost; per engine core it does not.
     *
     * @param serverCores      the engines' CPU over their windows, in cores, on average over both sides and all rounds
     * @param baselineCores    the baseline's engine CPU, in cores, on average over the rounds
     * @param variantCores     the variant's
     * @param cpuChangePct     the variant's engine CPU against the baseline's, in percent (the rounds' geometric mean)
     * @param cpuDiffers       whether that change is significant (Student's t over the rounds' log ratios, 95 %)
     * @param explained        the share of the rounds' throughput log ratios' variance that the log ratios of the sides' engine CPU explain
     *                         (r², NaN below 3 rounds)
     * @param perCorePct       one process's spread not shared with its partner in throughput per engine core (the rounds' log ratios of
     *                         throughput ÷ engine CPU, their standard deviation over √2): what the ratio's spread would be if each side
     *                         always got the same CPU
     * @param perCoreChangePct the variant's throughput per engine core against the baseline's, in percent (the rounds' geometric mean)
     * @param perCoreCi95Pct   its 95 % confidence interval, in percent (Student's t over the rounds' log ratios)
     */
    public record CpuSplit(double serverCores, double baselineCores, double variantCores, double cpuChangePct, boolean cpuDiffers, double explained,
                           double perCorePct, double perCoreChangePct, double[] perCoreCi95Pct) {

        /**
         * From the rounds' throughput log ratios and engine-CPU log ratios (both baseline ÷ variant) and each side's mean CPU in cores;
         * null below 2 rounds.
         */
        static CpuSplit of(double[] logRatios, double[] logCoreRatios, double baselineCores, double variantCores) {
            int n = logRatios.length;
            if (n < 2 || n != logCoreRatios.length) return null;
            double[] perCore = new double[n];
            for (int i = 0; i < n; i++) perCore[i] = logRatios[i] - logCoreRatios[i];
            double r = correlation(logRatios, logCoreRatios);
            double t = new TDistribution(n - 1).inverseCumulativeProbability(0.975);
            Summary pc = Summary.of(perCore), cpu = Summary.of(logCoreRatios);
            double h = t * pc.stdev() / Math.sqrt(n);
            boolean differs = Math.abs(cpu.mean()) > t * cpu.stdev() / Math.sqrt(n);
            return new CpuSplit((baselineCores + variantCores) / 2, baselineCores, variantCores, pct(-cpu.mean()), differs,
                    Double.isFinite(r) ? r * r : Double.NaN, 100 * pc.stdev() / Math.sqrt(2), pct(-pc.mean()),
                    new double[]{pct(-pc.mean() - h), pct(-pc.mean() + h)});
        }

        private String explainedText() {
            return Double.isFinite(explained) ? String.format(Locale.ROOT, "%.0f %%", 100 * explained) : "– (under 3 rounds)";
        }

        private static double pct(double logRatio) {
            return 100 * Math.expm1(logRatio);
        }

        String describe() {
            if (perCoreCi95Pct == null || perCoreCi95Pct.length != 2) { // a run.json written before each side's CPU was recorded
                return String.format(Locale.ROOT, "; the engines used %.2f cores a side, and how the two split the CPU explains %s of the"
                        + " ratio's variance — per engine core, a process not shared with its partner ±%.1f %%", serverCores, explainedText(), perCorePct);
            }
            String line = String.format(Locale.ROOT, "; the engines used %.2f (baseline) and %.2f (variant) cores, %+.1f %%%s, and how the two"
                            + " split the CPU explains %s of the ratio's variance — per engine core, the variant's throughput %+.1f %% (95 %% CI"
                            + " %+.1f … %+.1f %%), a process not shared with its partner ±%.1f %%", baselineCores, variantCores, cpuChangePct,
                    cpuDiffers ? " (a difference)" : "", explainedText(), perCoreChangePct, perCoreCi95Pct[0], perCoreCi95Pct[1], perCorePct);
            return !cpuDiffers ? line : line + ". The variant's engine took " + (cpuChangePct > 0 ? "more" : "less") + " of the shared CPU than"
                    + " its partner: where the engine is CPU-bound, the throughput ratio understates a change in what an operation costs it"
                    + " (read the per-core change, or confirm with --pairing interleaved)";
        }
    }

    /** The split of every figure measured in windows, from the cells of a duet's two sides (paired by round). */
    public static List<NoiseSplit> of(List<Cell> baseline, List<Cell> variant) {
        Map<String, Map<Integer, Cell[]>> byKey = new LinkedHashMap<>();
        Map<String, String[]> names = new LinkedHashMap<>();
        for (int side = 0; side < 2; side++) {
            for (Cell c : side == 0 ? baseline : variant) {
                if (c.measurement() == null) continue;
                for (Figure f : c.figures()) {
                    if (!f.name().equals("throughput") && !f.name().equals("p50 latency")) continue;
                    String key = c.key() + "\u0000" + f.name();
                    names.putIfAbsent(key, new String[]{c.label(), f.name()});
                    byKey.computeIfAbsent(key, k -> new LinkedHashMap<>()).computeIfAbsent(c.repeat(), r -> new Cell[2])[side] = c;
                }
            }
        }
        List<NoiseSplit> out = new ArrayList<>();
        byKey.forEach((key, rounds) -> {
            String figure = names.get(key)[1];
            List<Cell[]> pairs = rounds.values().stream().filter(p -> p[0] != null && p[1] != null).toList();
            if (pairs.isEmpty()) return;
            double[] a = new double[pairs.size()], b = new double[pairs.size()], cores = new double[pairs.size()];
            double[] coreSum = new double[2];
            List<Double> intervalCv = new ArrayList<>(), windowSe = new ArrayList<>(), intervalR = new ArrayList<>();
            for (int i = 0; i < pairs.size(); i++) {
                Cell[] p = pairs.get(i);
                a[i] = Math.log(value(p[0], figure));
                b[i] = Math.log(value(p[1], figure));
                double c0 = serverCores(p[0]), c1 = serverCores(p[1]);
                cores[i] = Math.log(c0 / c1);
                coreSum[0] += c0;
                coreSum[1] += c1;
                double[] x = series(p[0].measurement(), figure), y = series(p[1].measurement(), figure);
                for (double[] s : List.of(x, y)) {
                    double cv = cv(s);
                    if (Double.isFinite(cv)) intervalCv.add(cv);
                }
                for (Cell c : p) {
                    double se = batchSe(c.measurement());
                    if (figure.equals("throughput") && Double.isFinite(se)) windowSe.add(se);
                }
                int n = Math.min(x.length, y.length);
                double r = correlation(Arrays.copyOf(x, n), Arrays.copyOf(y, n));
                if (Double.isFinite(r)) intervalR.add(r);
            }
            double[] d = new double[a.length];
            for (int i = 0; i < d.length; i++) d[i] = a[i] - b[i];
            double simultaneous = a.length < 2 ? Double.NaN : Summary.of(d).stdev() / Math.sqrt(2);
            double sequential = a.length < 2 ? Double.NaN : Math.sqrt((var(a) + var(b)) / 2);
            double shared = !(sequential > 0) ? Double.NaN : Math.max(0, 1 - simultaneous * simultaneous / (sequential * sequential));
            boolean cpuKnown = figure.equals("throughput") && Arrays.stream(cores).allMatch(Double::isFinite);
            CpuSplit cpu = cpuKnown ? CpuSplit.of(d, cores, coreSum[0] / cores.length, coreSum[1] / cores.length) : null;
            out.add(new NoiseSplit(names.get(key)[0], figure, pairs.size(), 100 * median(intervalCv), 100 * median(windowSe), 100 * simultaneous,
                    100 * sequential, a.length < 3 ? Double.NaN : correlation(a, b), median(intervalR), shared, cpu));
        });
        return out;
    }

    /** One line in words. */
    public String describe() {
        if (!Double.isFinite(simultaneousPct) || !Double.isFinite(sequentialPct)) {
            return String.format(Locale.ROOT, "%s · %s, %d rounds: not split (a round without this figure on both sides, e.g. a window with no"
                    + " operation, leaves no ratio to split)", cell, figure, rounds);
        }
        return String.format(Locale.ROOT, "%s · %s, %d rounds: an interval ±%s, a window's mean ±%s, a process not shared with its"
                        + " simultaneous partner ±%.1f %%, from round to round ±%.1f %%; the sides move together (r = %s over the rounds, %s over"
                        + " the intervals): %s of a process's variance is shared, and cancels in a duet's ratio", cell, figure, rounds, pct(intervalPct),
                pct(windowPct), simultaneousPct, sequentialPct,
                fmt(roundCorrelation), fmt(intervalCorrelation), Double.isFinite(sharedShare) ? String.format(Locale.ROOT, "%.0f %%", 100 * sharedShare) : "–")
                + (cpu == null ? "" : cpu.describe());
    }

    /** The engine's CPU over the cell's window, in cores; NaN when the engine is not on this machine or used none. */
    private static double serverCores(Cell c) {
        double v = c.measurement().resources() == null ? Double.NaN : c.measurement().resources().serverCores();
        return v > 0 ? v : Double.NaN;
    }

    private static String pct(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.1f %%", v) : "–";
    }

    private static String fmt(double r) {
        return Double.isFinite(r) ? String.format(Locale.ROOT, "%.2f", r) : "–";
    }

    private static double value(Cell c, String figure) {
        for (Figure f : c.figures()) if (f.name().equals(figure)) return f.value();
        return Double.NaN;
    }

    /** The window's per-interval figure: throughput, or median latency. */
    static double[] series(Measurement m, String figure) {
        return m.throughput().timeline().stream().filter(i -> i.phase() == Interval.Phase.WINDOW)
                .mapToDouble(i -> figure.equals("throughput") ? i.opsPerSecond() : i.p50Ms()).filter(Double::isFinite).toArray();
    }

    /** The standard error of the window's mean rate from its batches, relative to that mean. */
    static double batchSe(Measurement m) {
        List<Double> rates = m.throughput().batchRates();
        if (rates == null || rates.size() < 2) return Double.NaN;
        double[] r = rates.stream().mapToDouble(Double::doubleValue).toArray();
        double mean = Summary.of(r).mean();
        return mean == 0 ? Double.NaN : Summary.of(r).stdev() / Math.sqrt(r.length) / mean;
    }

    static double cv(double[] s) {
        if (s.length < 2) return Double.NaN;
        Summary x = Summary.of(s);
        return x.mean() == 0 ? Double.NaN : x.stdev() / Math.abs(x.mean());
    }

    static double var(double[] v) {
        double s = Summary.of(v).stdev();
        return s * s;
    }

    /** Pearson's correlation; NaN below 3 points or without variation. */
    static double correlation(double[] x, double[] y) {
        int n = Math.min(x.length, y.length);
        if (n < 3) return Double.NaN;
        double mx = 0, my = 0;
        for (int i = 0; i < n; i++) {
            mx += x[i];
            my += y[i];
        }
        mx /= n;
        my /= n;
        double sxy = 0, sxx = 0, syy = 0;
        for (int i = 0; i < n; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
            syy += (y[i] - my) * (y[i] - my);
        }
        return sxx == 0 || syy == 0 ? Double.NaN : sxy / Math.sqrt(sxx * syy);
    }

    static double median(List<Double> v) {
        if (v.isEmpty()) return Double.NaN;
        List<Double> s = v.stream().sorted().toList();
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }
}
