package io.graphperf.core.measure;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Is a cell in a steady state? After Barrett et al., "Virtual Machine Warmup Blows Hot and Cold" (OOPSLA 2017),
 * which splits a series at changepoints of its mean (penalised binary segmentation) and calls a stretch without one
 * steady. The per-interval figure is throughput (closed model) or median latency (open model).
 *
 * <p>The criterion, with its defaults ({@link Criterion#DEFAULT}):
 * <ul>
 *   <li><b>changepoint</b>: a split of a segment whose cost (sum of squared deviations from the mean) falls by more
 *   than {@code penalty × σ² × ln n} and whose means differ by at least {@code minShift} (3 %) of the mean; σ comes
 *   from the median absolute second difference, so neither a trend nor a few shifts inflate it;</li>
 *   <li><b>trend</b>: the least-squares slope against time, in percent of the mean per second, with its 95 % CI;</li>
 *   <li><b>warm-up ends</b> when the last {@code k} intervals (10) hold no changepoint, their trend is within
 *   ±{@code trendBound} (2 %/s) and — where the engine runs on this machine — the JIT compiler threads of the engine
 *   and the harness used less than {@code quietJitCores} (0.15 cores) over them: a JVM compiles its hot code for a
 *   minute or more, and a cell's load can wake the compiler again;</li>
 *   <li><b>the window is steady</b> when its drift — the trend times the window's length — is not significantly above
 *   {@code maxDrift} (10 %): the figure would not change by more if the window were measured again later.
 *   Changepoints in the window are reported, not disqualifying: a database's throughput has bursts (checkpoints,
 *   GC) that a steady state includes.</li>
 * </ul>
 */
public final class Steadiness {

    /**
     * @param k             intervals that must be steady before the window may start
     * @param trendBound    percent of the mean per second
     * @param minShift      smallest changepoint that counts, as a fraction of the mean
     * @param penalty       multiplier of σ² ln n in the changepoint penalty
     * @param quietJitCores the JIT compilers' CPU below which the warm-up may end (local engines)
     * @param maxDrift      the most a steady window may drift over its length, as a fraction of its mean
     */
    public record Criterion(int k, double trendBound, double minShift, double penalty, double quietJitCores, double maxDrift) {
        public static final Criterion DEFAULT = new Criterion(10, 2.0, 0.03, 3.0, 0.15, 0.10);

        public Criterion(int k, double trendBound, double minShift, double penalty) {
            this(k, trendBound, minShift, penalty, DEFAULT.quietJitCores, DEFAULT.maxDrift);
        }

        public Criterion {
            if (k < 4) throw new IllegalArgumentException("the steady-state test needs at least 4 intervals, got " + k);
        }

        public String describe() {
            return String.format(java.util.Locale.ROOT, "warm-up ends when the last %d intervals show no changepoint of the mean (≥ %.0f %%),"
                    + " a trend within ±%.1f %%/s and (local engines) JIT compilers below %.2f cores; a window is steady when its drift over"
                    + " its length is not significantly above %.0f %%", k, minShift * 100, trendBound, quietJitCores, maxDrift * 100);
        }
    }

    /**
     * The verdict on a measured window.
     *
     * @param signal             what was tested: "throughput" (closed model) or "median latency" (open model)
     * @param trendPctPerSecond  least-squares slope in percent of the mean per second
     * @param trendCi95          its 95 % confidence interval
     * @param changepoints       seconds into the window where the mean shifted
     * @param reason             why it is not steady, or null
     */
    public record Verdict(boolean steady, String signal, double trendPctPerSecond, double[] trendCi95, List<Double> changepoints,
                          String reason) {
    }

    /** Sampling intervals a window needs before its steadiness can be judged. */
    public static final int MIN_INTERVALS = 5;

    private Steadiness() {
    }

    /** Whether the last {@code k} intervals of {@code series} (each {@code seconds} long) are steady enough to start the window. */
    public static boolean readyForWindow(double[] series, double seconds, Criterion c) {
        if (series.length < c.k()) return false;
        double[] last = Arrays.copyOfRange(series, series.length - c.k(), series.length);
        if (mean(last) <= 0) return false;
        if (!changepoints(last, c).isEmpty()) return false;
        return Math.abs(trend(last, seconds)[0]) <= c.trendBound();
    }

    /** The verdict on a measured window of per-interval figures. */
    public static Verdict judge(double[] window, double seconds, String signal, Criterion c) {
        if (window.length < MIN_INTERVALS) {
            return new Verdict(false, signal, Double.NaN, new double[]{Double.NaN, Double.NaN}, List.of(),
                    "the window is too short to judge (" + window.length + " sampling intervals; at least " + MIN_INTERVALS + " are needed)");
        }
        double[] t = trend(window, seconds);
        List<Double> cps = new ArrayList<>();
        for (int i : changepoints(window, c)) cps.add(i * seconds);
        double length = window.length * seconds;
        // the smallest drift the confidence interval allows: 0 when it contains no trend
        double slowest = t[1] <= 0 && t[2] >= 0 ? 0 : Math.min(Math.abs(t[1]), Math.abs(t[2]));
        String reason = null;
        if (slowest * length / 100 > c.maxDrift()) {
            reason = String.format(java.util.Locale.ROOT, "the %s drifted %+.1f %%/s in the window (95 %% CI %+.1f … %+.1f): %+.0f %% over its %.0f s,"
                    + " more than ±%.0f %%", signal, t[0], t[1], t[2], t[0] * length, length, c.maxDrift() * 100);
        }
        return new Verdict(reason == null, signal, t[0], new double[]{t[1], t[2]}, cps, reason);
    }

    /**
     * Least-squares slope of the series against time, in percent of its mean per second, with its 95 %
     * confidence interval: {slope, low, high}.
     */
    static double[] trend(double[] y, double seconds) {
        int n = y.length;
        double m = mean(y);
        if (n < 3 || m == 0) return new double[]{0, Double.NaN, Double.NaN};
        double tMean = (n - 1) / 2.0, sxx = 0, sxy = 0;
        for (int i = 0; i < n; i++) {
            sxx += (i - tMean) * (i - tMean);
            sxy += (i - tMean) * (y[i] - m);
        }
        double slope = sxy / sxx; // per interval
        double sse = 0;
        for (int i = 0; i < n; i++) {
            double fit = m + slope * (i - tMean);
            sse += (y[i] - fit) * (y[i] - fit);
        }
        double se = Math.sqrt(sse / (n - 2) / sxx);
        double scale = 100 / Math.abs(m) / seconds;
        double half = tQuantile975(n - 2) * se;
        return new double[]{slope * scale, (slope - half) * scale, (slope + half) * scale};
    }

    /** Indices where a new segment starts (mean shifts), by penalised binary segmentation. */
    static List<Integer> changepoints(double[] y, Criterion c) {
        List<Integer> out = new ArrayList<>();
        double sigma = noise(y);
        double m = Math.abs(mean(y));
        if (m == 0) return out;
        if (sigma == 0) sigma = 1e-9 * m; // a perfectly flat series: any real shift is a changepoint
        double penalty = c.penalty() * sigma * sigma * Math.log(Math.max(2, y.length));
        split(y, 0, y.length, penalty, c.minShift() * m, out);
        out.sort(null);
        return out;
    }

    private static void split(double[] y, int from, int to, double penalty, double minShift, List<Integer> out) {
        int n = to - from;
        if (n < 4) return;
        double total = 0, totalSq = 0;
        for (int i = from; i < to; i++) {
            total += y[i];
            totalSq += y[i] * y[i];
        }
        double whole = totalSq - total * total / n;
        double best = 0;
        int at = -1;
        double left = 0, leftSq = 0;
        // segments of at least 2 intervals: a single burst is noise, not a state
        for (int i = from; i < to - 2; i++) {
            left += y[i];
            leftSq += y[i] * y[i];
            int nl = i - from + 1, nr = n - nl;
            if (nl < 2) continue;
            double right = total - left, rightSq = totalSq - leftSq;
            double cost = (leftSq - left * left / nl) + (rightSq - right * right / nr);
            double gain = whole - cost;
            if (gain > best && Math.abs(left / nl - right / nr) >= minShift) {
                best = gain;
                at = i + 1;
            }
        }
        if (at < 0 || best <= penalty) return;
        out.add(at);
        split(y, from, at, penalty, minShift, out);
        split(y, at, to, penalty, minShift, out);
    }

    /**
     * Noise of one interval, from the median absolute second difference: insensitive to a linear trend (whose
     * second differences vanish) and to a few shifts (which touch two of them each).
     */
    static double noise(double[] y) {
        if (y.length < 4) return 0;
        double[] d = new double[y.length - 2];
        for (int i = 1; i < y.length - 1; i++) d[i - 1] = Math.abs(y[i + 1] - 2 * y[i] + y[i - 1]);
        Arrays.sort(d);
        double mad = d.length % 2 == 1 ? d[d.length / 2] : (d[d.length / 2 - 1] + d[d.length / 2]) / 2;
        // x_{i+1} − 2x_i + x_{i−1} of independent N(0, σ²) is N(0, 6σ²); its absolute value has median 0.6745·√6·σ
        return mad / (0.6745 * Math.sqrt(6));
    }

    static double mean(double[] y) {
        double s = 0;
        for (double v : y) s += v;
        return y.length == 0 ? 0 : s / y.length;
    }

    /**
     * The 0.975 quantile of Student's t with {@code df} degrees of freedom. A table for small df and the
     * Cornish–Fisher expansion beyond it: this module runs inside database servers and stays free of a
     * statistics library; the report module uses commons-math3 for its tests.
     */
    static double tQuantile975(int df) {
        double[] table = {Double.NaN, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
                2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
        if (df < 1) return Double.NaN;
        if (df < table.length) return table[df];
        double z = 1.959964, z3 = z * z * z, z5 = z3 * z * z;
        return z + (z3 + z) / (4.0 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96.0 * df * df);
    }
}
