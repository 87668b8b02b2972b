package io.graphperf.core.measure;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

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
 *   <li><b>warm-up ends</b> when the stretch since the warm-up's last changepoint holds at least the last {@code k} intervals (10) and
 *   its trend is shown to lie within ±{@code trendBound} (2 %/s): its 95 % CI, not just its estimate, inside the bound — a stretch too
 *   short to tell goes on — and, where the engine runs on this machine, the JIT compiler threads of the engine and the harness used
 *   less than {@code quietJitCores} (0.15 cores) over the last {@code k} intervals: a JVM compiles its hot code for a minute or more,
 *   and a cell's load can wake the compiler again;</li>
 *   <li><b>the window</b> has one of three outcomes, from its drift — the trend times the window's length — and that drift's 95 %
 *   CI: <b>steady</b> when the whole CI lies within ±{@code maxDrift} (10 %), <b>drifting</b> when it lies wholly beyond, and
 *   <b>too short to tell</b> when it straddles the bound (or the window holds fewer than {@link #MIN_INTERVALS} intervals): the
 *   last is flagged like drifting, with the window length that would likely decide. Steady is only said when shown.
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
            return String.format(Locale.ROOT, "warm-up ends when the stretch since its last changepoint of the mean (≥ %.0f %%) holds the"
                    + " last %d intervals and its trend's 95 %% CI lies within ±%.1f %%/s, and (local engines) the JIT compilers use below %.2f"
                    + " cores; a window is steady when its drift's 95 %% CI lies within ±%.0f %% of its mean, drifting when wholly beyond,"
                    + " too short to tell otherwise", minShift * 100, k, trendBound, quietJitCores, maxDrift * 100);
        }
    }

    /** A window's outcome: shown steady, shown drifting, or too short to tell which. */
    public enum State {
        STEADY("steady"), DRIFTING("drifting"), UNDECIDED("too short to tell");

        public final String text;

        State(String text) {
            this.text = text;
        }
    }

    /**
     * The verdict on a measured window.
     *
     * @param steady             shown steady (the drift's CI within the bound): {@code state == STEADY}
     * @param signal             what was tested: "throughput" (closed model) or "median latency" (open model)
     * @param trendPctPerSecond  least-squares slope in percent of the mean per second
     * @param trendCi95          its 95 % confidence interval
     * @param changepoints       seconds into the window where the mean shifted
     * @param reason             why it is not steady, or null
     * @param state              steady, drifting or too short to tell
     * @param decidingSeconds    too short to tell: about how long a window would tell (NaN when no length would, or not known)
     */
    public record Verdict(boolean steady, String signal, double trendPctPerSecond, double[] trendCi95, List<Double> changepoints,
                          String reason, State state, double decidingSeconds) {

        public Verdict {
            // a verdict read from an earlier run.json has no state (its reason says which) and no deciding length
            if (state == null) {
                state = steady ? State.STEADY : reason != null && reason.contains("drifted") ? State.DRIFTING : State.UNDECIDED;
                decidingSeconds = Double.NaN;
            }
        }

        /** A window that cannot be judged at all (e.g. intervals without an operation): too short to tell, for {@code why}. */
        public static Verdict undecided(String signal, String why) {
            return new Verdict(false, signal, Double.NaN, new double[]{Double.NaN, Double.NaN}, List.of(), why, State.UNDECIDED, Double.NaN);
        }
    }

    /** Sampling intervals a window needs before its steadiness can be judged. */
    public static final int MIN_INTERVALS = 5;

    private Steadiness() {
    }

    /**
     * Whether the warm-up may end: the stretch of {@code series} (intervals of {@code seconds}) since its last changepoint holds at least
     * the last {@code k} intervals, and its trend's 95 % CI lies within ±{@code trendBound} %/s.
     */
    public static boolean readyForWindow(double[] series, double seconds, Criterion c) {
        if (series.length < c.k()) return false;
        List<Integer> cps = changepoints(series, c);
        int from = cps.isEmpty() ? 0 : cps.get(cps.size() - 1);
        if (series.length - from < c.k()) return false;
        double[] stretch = Arrays.copyOfRange(series, from, series.length);
        if (mean(stretch) <= 0) return false;
        double[] t = trend(stretch, seconds);
        return t[1] > -c.trendBound() && t[2] < c.trendBound();
    }

    /** The verdict on a measured window of per-interval figures. */
    public static Verdict judge(double[] window, double seconds, String signal, Criterion c) {
        if (window.length < MIN_INTERVALS) {
            return new Verdict(false, signal, Double.NaN, new double[]{Double.NaN, Double.NaN}, List.of(),
                    "too short to tell: " + window.length + " sampling intervals; a trend needs at least " + MIN_INTERVALS, State.UNDECIDED,
                    MIN_INTERVALS * seconds);
        }
        double[] t = trend(window, seconds);
        List<Double> cps = new ArrayList<>();
        for (int i : changepoints(window, c)) cps.add(i * seconds);
        double length = window.length * seconds, bound = c.maxDrift() * 100;
        double low = t[1] * length, high = t[2] * length; // the drift's CI over the window, in percent of its mean
        State state = low > -bound && high < bound ? State.STEADY : low >= bound || high <= -bound ? State.DRIFTING : State.UNDECIDED;
        String reason = null;
        double deciding = Double.NaN;
        if (state == State.DRIFTING) {
            reason = String.format(Locale.ROOT, "drifting: the %s drifted %+.1f %%/s in the window (95 %% CI %+.1f … %+.1f): %+.0f %% over"
                    + " its %.0f s, beyond ±%.0f %%", signal, t[0], t[1], t[2], t[0] * length, length, bound);
        } else if (state == State.UNDECIDED) {
            deciding = decidingSeconds(t, length, bound);
            reason = String.format(Locale.ROOT, "too short to tell: the %s's drift over the window's %.1f s is %+.0f %% (95 %% CI %+.0f … %+.0f"
                    + " %%), which straddles ±%.0f %%%s", signal, length, t[0] * length, low, high, bound, Double.isNaN(deciding) ? ""
                    : String.format(Locale.ROOT, "; a window of about %.0f s would likely tell", deciding));
        }
        return new Verdict(state == State.STEADY, signal, t[0], new double[]{t[1], t[2]}, cps, reason, state, deciding);
    }

    /**
     * About how long a window would decide a drift whose 95 % CI over {@code length} seconds straddles ±{@code bound} %: the drift grows
     * with the window (the trend times its length) while its CI's half-width shrinks as one over the square root of its length (for
     * independent intervals). The shortest length, up to a hundred times this one, at which the estimate would lie inside or beyond the
     * bound by {@value #DECIDING_MARGIN} times that half-width — so that such a window decides in about four cases of five, not one of
     * two; NaN if none would.
     */
    static double decidingSeconds(double[] trend, double length, double bound) {
        double slope = Math.abs(trend[0]), half = (trend[2] - trend[1]) / 2 * length;
        if (!Double.isFinite(slope) || !Double.isFinite(half)) return Double.NaN;
        for (double f = 1.1; f <= 100; f *= 1.1) {
            double drift = slope * length * f, h = DECIDING_MARGIN * half / Math.sqrt(f);
            if (drift + h < bound || drift - h > bound) return Math.ceil(length * f);
        }
        return Double.NaN;
    }

    /** How many CI half-widths a window's projected drift must lie from the bound to count as deciding (≈ 80 % of such windows do). */
    static final double DECIDING_MARGIN = 1.7;

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
