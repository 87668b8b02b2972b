package io.graphperf.core.results;

import java.util.Locale;

/**
 * A performance target stated as a ratio between two cells on the same transport, e.g. "the component
 * reaches at least 20× the entities/s of single-statement transactions with the same clients". A target is a
 * finding about this machine, not a test: an unmet one does not fail the run.
 *
 * @param ratio    the measured entities/s of {@code scenario} divided by that of {@code baseline}
 * @param low      lower end of the ratio's 95 % confidence interval (from the cells' batch rates), NaN when unknown
 * @param high     upper end
 * @param minimum  the ratio the target asks for
 * @param steady   both cells were measured steady (else the verdict is "not steady")
 */
public record TargetCheck(String label, String scenario, String baseline, String transport, double ratio, double low, double high,
                          double minimum, boolean steady) {

    public enum Status { MET("met"), NOT_MET("not met"), NOT_STEADY("not steady");
        public final String text;

        Status(String text) {
            this.text = text;
        }
    }

    public Status status() {
        if (!steady) return Status.NOT_STEADY;
        return ratio >= minimum ? Status.MET : Status.NOT_MET;
    }

    public String describe() {
        return String.format(Locale.ROOT, "%s over %s: %s ÷ %s = %s%s (target ≥ %s) — %s", label, transport, scenario, baseline,
                measuredText(), Double.isFinite(low) ? " (95 % CI " + ratioText(low) + " – " + ratioText(high) + ")" : "", ratioText(minimum),
                status().text);
    }

    /**
     * The measured ratio as {@link #ratioText} writes it, with one more digit, cut rather than rounded, where that would read as the
     * minimum while the ratio is below it: 79.5 %, not 80 %, against a target of 80 %.
     */
    public String measuredText() {
        String text = ratioText(ratio);
        if (!(ratio < minimum) || !text.equals(ratioText(minimum))) return text;
        if (ratio >= 10) return String.format(Locale.ROOT, "%.1f×", Math.floor(ratio * 10) / 10);
        if (ratio >= 1) return String.format(Locale.ROOT, "%.3f×", Math.floor(ratio * 1000) / 1000);
        return String.format(Locale.ROOT, "%.1f %%", Math.floor(ratio * 1000) / 10);
    }

    /** 212×, 2.5×, 80 %, 1.3 % — a ratio as a reader takes it in. */
    public static String ratioText(double r) {
        if (!Double.isFinite(r)) return "–";
        if (r >= 10) return String.format(Locale.ROOT, "%.0f×", r);
        if (r >= 1) return String.format(Locale.ROOT, "%.2f×", r);
        return r >= 0.1 ? String.format(Locale.ROOT, "%.0f %%", r * 100) : String.format(Locale.ROOT, "%.1f %%", r * 100);
    }
}
