package io.graphperf.core.report;

import java.math.BigDecimal;
import java.util.Locale;

/** Number formatting shared by the console summary and the report, so both show the same figures. */
public final class Format {
    private Format() {
    }

    /** Rates and counts: thousands separators, no decimals above 100. */
    /** "a", "a and b", "a, b and c". */
    public static String list(java.util.List<String> items) {
        if (items.size() <= 1) return String.join("", items);
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }

    public static String rate(double v) {
        if (Double.isNaN(v)) return "–";
        if (Math.abs(v) >= 100) return String.format(Locale.ROOT, "%,.0f", v);
        return String.format(Locale.ROOT, "%.1f", v);
    }

    /** Milliseconds with precision that suits the magnitude. */
    public static String ms(double v) {
        if (Double.isNaN(v)) return "–";
        if (v >= 100) return String.format(Locale.ROOT, "%,.0f", v);
        if (v >= 10) return String.format(Locale.ROOT, "%.1f", v);
        if (v >= 1) return String.format(Locale.ROOT, "%.2f", v);
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** Seconds with precision that suits the magnitude. */
    public static String secs(double s) {
        if (Double.isNaN(s)) return "–";
        return s >= 100 ? String.format(Locale.ROOT, "%,.0f", s) : s >= 10 ? String.format(Locale.ROOT, "%.1f", s) : String.format(Locale.ROOT, "%.2f", s);
    }

    /** A share 0..1 as a whole percent. */
    public static String pct(double f) {
        return Double.isNaN(f) ? "–" : String.format(Locale.ROOT, "%.0f %%", 100 * f);
    }

    /** A signed percentage with one decimal. */
    public static String signedPct(double p) {
        return Double.isFinite(p) ? String.format(Locale.ROOT, "%+.1f %%", p) : "–";
    }

    /** A figure of any unit (seconds, rates, shares): thousands separators above 100, 3 significant digits below 1. */
    public static String value(double v) {
        if (!Double.isFinite(v)) return "–";
        double a = Math.abs(v);
        if (a >= 100) return String.format(Locale.ROOT, "%,.0f", v);
        if (a >= 1) return String.format(Locale.ROOT, "%.2f", v);
        return String.format(Locale.ROOT, "%.3g", v);
    }

    /** CPU in cores. */
    public static String cores(double v) {
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%.2f", v);
    }

    /** A scale factor as written on the command line: 0.01, not 0.010 or 1.0E-2. */
    public static String scale(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    /** 1, 10, 100, 1k, 10k, 1M for axis ticks. */
    public static String compact(double v) {
        if (v >= 1e9) return trim(v / 1e9) + "G";
        if (v >= 1e6) return trim(v / 1e6) + "M";
        if (v >= 1e3) return trim(v / 1e3) + "k";
        return trim(v);
    }

    private static String trim(double v) {
        if (v == Math.rint(v)) return Long.toString((long) v);
        String s = String.format(Locale.ROOT, "%.3g", v);
        return s.contains(".") && !s.contains("e") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }
}
