package io.graphperf.core.results;

/**
 * A performance target stated as a ratio between two scenarios on the same transport, e.g. "the batch
 * writer reaches at least 20× the entities/s of single-statement transactions with the same clients".
 *
 * @param ratio   the measured entities/s of {@code scenario} divided by that of {@code baseline}
 * @param minimum the ratio the target asks for
 */
public record TargetCheck(String label, String scenario, String baseline, String transport, double ratio, double minimum) {

    public boolean met() {
        return ratio >= minimum;
    }

    public String describe() {
        return String.format("%s over %s: %s / %s = %s (target ≥ %s) — %s", label, transport, scenario, baseline,
                ratioText(ratio), ratioText(minimum), met() ? "met" : "NOT met");
    }

    public static String ratioText(double r) {
        if (r >= 1) return String.format("%.1f×", r);
        return r >= 0.1 ? String.format("%.0f %%", r * 100) : String.format("%.1f %%", r * 100);
    }
}
