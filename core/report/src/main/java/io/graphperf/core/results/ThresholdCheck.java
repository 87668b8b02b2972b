package io.graphperf.core.results;

import java.util.Locale;

/**
 * A threshold a run was asked to keep (k6's idea: {@code 'friends p99 < 50ms'}, {@code 'errors == 0'}, {@code 'throughput > 500/s'}),
 * judged on one cell of one variant over its repeats: the measured value (the mean over the repeats), its 95 % interval where the runs
 * give one, and whether it is met. An unmet threshold makes the run exit 3; a flagged cell's outcome says so.
 *
 * @param threshold the threshold as given
 * @param cell      the cell's label
 * @param bound     the threshold's bound, in {@code unit}
 * @param value     the measured value in {@code unit} (mean over the runs)
 * @param low       lower end of its 95 % interval, NaN when the runs give none
 * @param high      upper end
 * @param runs      the runs (repeats) it is measured over
 * @param met       whether the value keeps the threshold
 * @param interval  how the interval was made, or why there is none
 * @param flags     why the cell is flagged (not steady, too few operations, overloaded), empty when it is not
 */
public record ThresholdCheck(String threshold, String cell, String variant, String unit, double bound, double value, double low, double high,
                             int runs, boolean met, String interval, String flags) {

    /** Whether the interval reaches across the bound: the runs cannot tell on which side the true value lies. */
    public boolean undecided() {
        return Double.isFinite(low) && low < bound && bound < high;
    }

    /** One line: the threshold, the cell, the measured value with its interval, met or not. */
    public String describe() {
        String ci = Double.isFinite(low) ? String.format(Locale.ROOT, " (95 %% CI %s – %s)", number(low), number(high)) : "";
        return String.format(Locale.ROOT, "%s — %s%s: %s %s%s over %d run%s: %s%s%s", threshold, cell, Cell.BASELINE.equals(variant) ? "" : " (" + variant + ")",
                number(value), unit, ci, runs, runs == 1 ? "" : "s", met ? "met" : "NOT MET",
                undecided() ? "; the interval reaches across " + number(bound) + " " + unit + ": more runs would tell" : "",
                flags.isEmpty() ? "" : " [flagged: " + flags + "]");
    }

    /** A measured value as the summary prints it. */
    public static String number(double v) {
        if (!Double.isFinite(v)) return "–";
        double a = Math.abs(v);
        if (a >= 1000) return String.format(Locale.ROOT, "%,.0f", v);
        if (a >= 10) return String.format(Locale.ROOT, "%.1f", v);
        if (a >= 0.1 || a == 0) return String.format(Locale.ROOT, "%.2f", v);
        return String.format(Locale.ROOT, "%.3g", v);
    }
}
