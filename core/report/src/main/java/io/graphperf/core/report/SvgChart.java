package io.graphperf.core.report;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleUnaryOperator;

/**
 * Inline SVG charts drawn in Java, so the report needs no script library and no network. Values
 * spanning orders of magnitude (ops/s, latencies) are drawn on a log axis.
 */
public final class SvgChart {

    static final String[] COLORS = {"#2b6cb0", "#dd6b20", "#2f855a", "#9b2c2c", "#6b46c1", "#718096"};
    private static final int LABEL_WIDTH = 250, PLOT_WIDTH = 560, ROW_HEIGHT = 22, TOP = 28, BOTTOM = 34;

    /** One mark on a row: a bar (drawn from the axis) or a dot, in a colour of the given series. */
    public record Mark(int series, double value, boolean bar, String title) {
    }

    public record Row(String label, List<Mark> marks) {
    }

    private SvgChart() {
    }

    /** A horizontal chart, one row per label, on a log10 axis. {@code cssClass} names the chart for tests. */
    public static String horizontalLog(String cssClass, String axisTitle, List<String> seriesNames, List<Row> rows) {
        double min = Double.MAX_VALUE, max = 0;
        for (Row r : rows) {
            for (Mark m : r.marks()) {
                if (m.value() > 0 && Double.isFinite(m.value())) {
                    min = Math.min(min, m.value());
                    max = Math.max(max, m.value());
                }
            }
        }
        if (max == 0) return "<p class=\"empty\">no data to chart</p>";
        int lo = (int) Math.floor(Math.log10(min)), hi = (int) Math.ceil(Math.log10(max));
        if (hi == lo) hi++;
        int height = TOP + rows.size() * ROW_HEIGHT + BOTTOM;
        int width = LABEL_WIDTH + PLOT_WIDTH + 20;
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg class=\"chart %s\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">",
                cssClass, width, height, width, height));
        legend(s, seriesNames);
        for (int d = lo; d <= hi; d++) tick(s, LABEL_WIDTH + PLOT_WIDTH * (double) (d - lo) / (hi - lo), height, Format.compact(Math.pow(10, d)));
        axisTitle(s, height, axisTitle);
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            int y = TOP + i * ROW_HEIGHT;
            rowLabel(s, y, row.label());
            long bars = row.marks().stream().filter(Mark::bar).count();
            int barIndex = 0;
            for (Mark m : row.marks()) {
                if (!(m.value() > 0) || !Double.isFinite(m.value())) continue;
                double x = LABEL_WIDTH + PLOT_WIDTH * (Math.log10(m.value()) - lo) / (hi - lo);
                String color = COLORS[m.series() % COLORS.length];
                String title = "<title>" + Html.escape(m.title()) + "</title>";
                if (m.bar()) {
                    double h = (ROW_HEIGHT - 6.0) / Math.max(1, bars);
                    s.append(String.format(Locale.ROOT, "<rect class=\"bar\" data-value=\"%s\" x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">%s</rect>",
                            m.value(), LABEL_WIDTH, y + 3 + barIndex * h, Math.max(1, x - LABEL_WIDTH), h - 1, color, title));
                    barIndex++;
                } else {
                    s.append(String.format(Locale.ROOT, "<circle class=\"dot\" data-value=\"%s\" cx=\"%.1f\" cy=\"%d\" r=\"4\" fill=\"%s\">%s</circle>",
                            m.value(), x, y + ROW_HEIGHT / 2, color, title));
                }
            }
        }
        return s.append("</svg>").toString();
    }

    /** One stacked bar: its parts in the order of the chart's part names (NaN or 0: absent), and a note for its title. */
    public record Stack(String label, double[] parts, String note) {
    }

    /**
     * Horizontal stacked bars on a linear axis from 0 (parts of a whole, e.g. where a request's time goes).
     * {@code cssClass} names the chart for tests; each part is a {@code rect.part} with its value in data-value.
     */
    public static String stacked(String cssClass, String axisTitle, List<String> partNames, List<Stack> rows) {
        double max = 0;
        for (Stack r : rows) {
            double sum = 0;
            for (double v : r.parts()) if (v > 0 && Double.isFinite(v)) sum += v;
            max = Math.max(max, sum);
        }
        if (max == 0) return "<p class=\"empty\">no data to chart</p>";
        double step = niceStep(max / 5);
        double top = Math.ceil(max / step - 1e-9) * step; // parts of a whole that sum to 100 (± rounding) end at 100
        int height = TOP + rows.size() * ROW_HEIGHT + BOTTOM, width = LABEL_WIDTH + PLOT_WIDTH + 20;
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg class=\"chart %s\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">",
                cssClass, width, height, width, height));
        legend(s, partNames);
        long ticks = Math.round(top / step);
        for (long k = 0; k <= ticks; k++) tick(s, LABEL_WIDTH + PLOT_WIDTH * k * step / top, height, Format.compact(k * step));
        axisTitle(s, height, axisTitle);
        for (int i = 0; i < rows.size(); i++) {
            Stack row = rows.get(i);
            int y = TOP + i * ROW_HEIGHT;
            rowLabel(s, y, row.label());
            double x = LABEL_WIDTH;
            for (int p = 0; p < row.parts().length; p++) {
                double v = row.parts()[p];
                if (!(v > 0) || !Double.isFinite(v)) continue;
                double w = PLOT_WIDTH * v / top;
                String title = row.label() + ": " + partNames.get(p) + " " + Format.ms(v) + " ms" + (row.note() == null ? "" : " (" + row.note() + ")");
                s.append(String.format(Locale.ROOT, "<rect class=\"part\" data-part=\"%s\" data-value=\"%s\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"><title>%s</title></rect>",
                        Html.escape(partNames.get(p)), v, x, y + 3, Math.max(0.5, w), ROW_HEIGHT - 6, COLORS[p % COLORS.length], Html.escape(title)));
                x += w;
            }
        }
        return s.append("</svg>").toString();
    }

    /** 1, 2 or 5 times a power of ten, at least {@code raw}. */
    static double niceStep(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[]{1, 2, 5, 10}) if (m * p >= raw) return m * p;
        return 10 * p;
    }

    /** A small line of a time series (x, y pairs), for table cells. */
    public static String sparkline(List<double[]> points, double markX) {
        int w = 120, h = 24;
        if (points == null || points.size() < 2) return "";
        double maxX = points.get(points.size() - 1)[0], maxY = 0;
        for (double[] p : points) maxY = Math.max(maxY, p[1]);
        if (maxX <= 0 || maxY <= 0) return "";
        StringBuilder path = new StringBuilder();
        for (double[] p : points) {
            path.append(path.length() == 0 ? "M" : "L")
                    .append(String.format(Locale.ROOT, "%.1f,%.1f ", w * p[0] / maxX, h - 2 - (h - 4) * p[1] / maxY));
        }
        double mx = w * markX / maxX;
        return String.format(Locale.ROOT, "<svg class=\"spark\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\"><line x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" y2=\"%d\" stroke=\"#bbb\" stroke-dasharray=\"2\"/><path d=\"%s\" fill=\"none\" stroke=\"#2b6cb0\"/><title>ops/s per second; dashed line: end of warm-up</title></svg>",
                w, h, w, h, mx, mx, h, path.toString().trim());
    }

    /** One line of a line chart: (x, y) points; a dashed line for reference values. */
    public record Line(String name, List<double[]> points, boolean dashed) {
    }

    /** Lines on log10 x and y axes (cost against dataset size). {@code cssClass} names the chart for tests. */
    public static String logLog(String cssClass, String xTitle, String yTitle, List<Line> lines) {
        double minX = Double.MAX_VALUE, maxX = 0, minY = Double.MAX_VALUE, maxY = 0;
        for (Line l : lines) {
            for (double[] p : l.points()) {
                if (!(p[0] > 0 && p[1] > 0) || !Double.isFinite(p[0]) || !Double.isFinite(p[1])) continue;
                minX = Math.min(minX, p[0]);
                maxX = Math.max(maxX, p[0]);
                minY = Math.min(minY, p[1]);
                maxY = Math.max(maxY, p[1]);
            }
        }
        if (maxX == 0) return "<p class=\"empty\">no data to chart</p>";
        int x0 = (int) Math.floor(Math.log10(minX)), x1 = (int) Math.ceil(Math.log10(maxX));
        int y0 = (int) Math.floor(Math.log10(minY)), y1 = (int) Math.ceil(Math.log10(maxY));
        if (x1 == x0) x1++;
        if (y1 == y0) y1++;
        int left = 70, top = 28, w = 520, h = 260, width = left + w + 20, height = top + h + 40;
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg class=\"chart %s\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">",
                cssClass, width, height, width, height));
        int lx = left;
        for (int i = 0; i < lines.size(); i++) {
            String name = lines.get(i).name();
            s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"6\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"15\" font-size=\"11\">%s</text>",
                    lx, COLORS[i % COLORS.length], lx + 14, Html.escape(name)));
            lx += 24 + name.length() * 7;
        }
        for (int d = x0; d <= x1; d++) {
            double x = left + w * (double) (d - x0) / (x1 - x0);
            s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>", x, top, x, top + h));
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%s</text>", x, top + h + 12, Format.compact(Math.pow(10, d))));
        }
        for (int d = y0; d <= y1; d++) {
            double y = top + h - h * (double) (d - y0) / (y1 - y0);
            s.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>", left, y, left + w, y));
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%s</text>", left - 4, y + 3, Format.compact(Math.pow(10, d))));
        }
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%s</text>", left + w / 2, height - 6, Html.escape(xTitle)));
        s.append(String.format(Locale.ROOT, "<text x=\"12\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" transform=\"rotate(-90 12 %d)\">%s</text>",
                top + h / 2, top + h / 2, Html.escape(yTitle)));
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            String color = COLORS[i % COLORS.length];
            StringBuilder path = new StringBuilder();
            StringBuilder dots = new StringBuilder();
            for (double[] p : l.points()) {
                if (!(p[0] > 0 && p[1] > 0) || !Double.isFinite(p[1])) continue;
                double x = left + w * (Math.log10(p[0]) - x0) / (x1 - x0), y = top + h - h * (Math.log10(p[1]) - y0) / (y1 - y0);
                path.append(path.length() == 0 ? "M" : "L").append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
                dots.append(String.format(Locale.ROOT, "<circle class=\"dot\" data-value=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>%s: %s at %s</title></circle>",
                        p[1], x, y, color, Html.escape(l.name()), Format.rate(p[1]), Format.rate(p[0])));
            }
            s.append(String.format(Locale.ROOT, "<path d=\"%s\" fill=\"none\" stroke=\"%s\"%s/>", path.toString().trim(), color,
                    l.dashed() ? " stroke-dasharray=\"5 3\"" : "")).append(dots);
        }
        return s.append("</svg>").toString();
    }

    /** One row of a forest plot: the difference in percent of the baseline and its 95 % interval. */
    public record Interval(String label, double value, double low, double high, String color, String title) {
    }

    /** Differences with confidence intervals around a zero line, clipped to ±{@code clip} percent. */
    public static String forest(String cssClass, String axisTitle, List<Interval> rows, double clip) {
        if (rows.isEmpty()) return "<p class=\"empty\">no data to chart</p>";
        double lim = 1;
        for (Interval r : rows) {
            for (double v : new double[]{r.value(), r.low(), r.high()}) if (Double.isFinite(v)) lim = Math.max(lim, Math.abs(v));
        }
        lim = Math.min(clip, lim * 1.1);
        int height = TOP + rows.size() * ROW_HEIGHT + BOTTOM, width = LABEL_WIDTH + 100 + PLOT_WIDTH + 20, left = LABEL_WIDTH + 100;
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg class=\"chart %s\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">",
                cssClass, width, height, width, height));
        double finalLim = lim;
        DoubleUnaryOperator xOf = v -> left + PLOT_WIDTH * (Math.max(-finalLim, Math.min(finalLim, v)) + finalLim) / (2 * finalLim);
        for (double t : new double[]{-lim, -lim / 2, 0, lim / 2, lim}) {
            double x = xOf.applyAsDouble(t);
            s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>", x, TOP, x, height - BOTTOM, t == 0 ? "#888" : "#ddd"));
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%+.0f%%</text>", x, height - BOTTOM + 12, t));
        }
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%s</text>", left + PLOT_WIDTH / 2, height - 6, Html.escape(axisTitle)));
        for (int i = 0; i < rows.size(); i++) {
            Interval r = rows.get(i);
            int y = TOP + i * ROW_HEIGHT + ROW_HEIGHT / 2;
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">%s</text>", left - 6, y + 4, Html.escape(r.label())));
            if (Double.isFinite(r.low()) && Double.isFinite(r.high())) {
                s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>",
                        xOf.applyAsDouble(r.low()), y, xOf.applyAsDouble(r.high()), y, r.color()));
            }
            if (Double.isFinite(r.value())) {
                s.append(String.format(Locale.ROOT, "<circle class=\"dot\" data-value=\"%s\" cx=\"%.1f\" cy=\"%d\" r=\"4\" fill=\"%s\"><title>%s</title></circle>",
                        r.value(), xOf.applyAsDouble(r.value()), y, r.color(), Html.escape(r.title())));
            }
        }
        return s.append("</svg>").toString();
    }

    /** One row of a box plot: minimum, quartiles, median and maximum of a sample, and its points. */
    public record Box(String label, double[] values, String title) {
    }

    /** Horizontal box plots (whiskers at min and max, box from the first to the third quartile, a line at the median, every point as a dot), on a linear axis from zero. */
    public static String boxPlot(String cssClass, String axisTitle, List<Box> boxes) {
        if (boxes.isEmpty()) return "<p class=\"empty\">no data to chart</p>";
        double max = 0;
        for (Box b : boxes) for (double v : b.values()) if (Double.isFinite(v)) max = Math.max(max, v);
        if (max <= 0) max = 1;
        double lim = niceCeil(max);
        int height = TOP + boxes.size() * ROW_HEIGHT * 2 + BOTTOM, width = LABEL_WIDTH + PLOT_WIDTH + 20;
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg class=\"chart %s\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">",
                cssClass, width, height, width, height));
        DoubleUnaryOperator xOf = v -> LABEL_WIDTH + PLOT_WIDTH * Math.max(0, Math.min(lim, v)) / lim;
        for (int t = 0; t <= 4; t++) tick(s, xOf.applyAsDouble(lim * t / 4), height, Format.value(lim * t / 4));
        axisTitle(s, height, axisTitle);
        for (int i = 0; i < boxes.size(); i++) {
            Box b = boxes.get(i);
            double[] v = Arrays.stream(b.values()).filter(Double::isFinite).sorted().toArray();
            int y = TOP + i * ROW_HEIGHT * 2 + ROW_HEIGHT / 2;
            rowLabel(s, y, b.label());
            if (v.length == 0) continue;
            int mid = y + ROW_HEIGHT / 2;
            double q1 = quantile(v, 0.25), med = quantile(v, 0.5), q3 = quantile(v, 0.75);
            s.append(String.format(Locale.ROOT, "<g class=\"box\" data-median=\"%s\"><title>%s</title>", med, Html.escape(b.title())));
            s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#444\"/>", xOf.applyAsDouble(v[0]), mid, xOf.applyAsDouble(v[v.length - 1]), mid));
            s.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\" fill-opacity=\"0.35\" stroke=\"%s\"/>",
                    xOf.applyAsDouble(q1), mid - 8, Math.max(1, xOf.applyAsDouble(q3) - xOf.applyAsDouble(q1)), 16, COLORS[0], COLORS[0]));
            s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#000\" stroke-width=\"2\"/>", xOf.applyAsDouble(med), mid - 8, xOf.applyAsDouble(med), mid + 8));
            for (double x : v) {
                s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%d\" r=\"2.5\" fill=\"%s\"/>", xOf.applyAsDouble(x), mid, COLORS[1]));
            }
            s.append("</g>");
        }
        return s.append("</svg>").toString();
    }

    /** A linear chart of lines over x (e.g. seconds), y from zero. */
    public static String lines(String cssClass, String xTitle, String yTitle, List<Line> lines) {
        double xMax = 0, yMax = 0;
        for (Line l : lines) {
            for (double[] p : l.points()) {
                if (Double.isFinite(p[0])) xMax = Math.max(xMax, p[0]);
                if (Double.isFinite(p[1])) yMax = Math.max(yMax, p[1]);
            }
        }
        if (xMax <= 0 || yMax <= 0) return "<p class=\"empty\">no data to chart</p>";
        double xl = niceCeil(xMax), yl = niceCeil(yMax);
        int left = 70, top = 20, w = 620, hgt = 240, width = left + w + 160, height = top + hgt + 40;
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg class=\"chart %s\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">",
                cssClass, width, height, width, height));
        for (int t = 0; t <= 4; t++) {
            double y = top + hgt - hgt * t / 4.0, x = left + w * t / 4.0;
            s.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>", left, y, left + w, y));
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%s</text>", left - 4, y + 3, Format.value(yl * t / 4)));
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%s</text>", x, top + hgt + 12, Format.value(xl * t / 4)));
        }
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%s</text>", left + w / 2, height - 6, Html.escape(xTitle)));
        s.append(String.format(Locale.ROOT, "<text x=\"12\" y=\"%d\" font-size=\"11\" transform=\"rotate(-90 12 %d)\" text-anchor=\"middle\">%s</text>", top + hgt / 2, top + hgt / 2, Html.escape(yTitle)));
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            StringBuilder pts = new StringBuilder();
            for (double[] p : l.points()) {
                if (!Double.isFinite(p[0]) || !Double.isFinite(p[1])) continue;
                pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", left + w * p[0] / xl, top + hgt - hgt * Math.min(p[1], yl) / yl));
            }
            String color = COLORS[i % COLORS.length];
            s.append(String.format(Locale.ROOT, "<polyline class=\"line\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s points=\"%s\"/>", color,
                    l.dashed() ? " stroke-dasharray=\"4 3\"" : "", pts.toString().trim()));
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"%s\">%s</text>", left + w + 8, top + 12 + 14 * i, color, Html.escape(l.name())));
        }
        return s.append("</svg>").toString();
    }

    private static double quantile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos), hi = (int) Math.ceil(pos);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
    }

    /** 1, 2 or 5 times a power of ten, at least v. */
    static double niceCeil(double v) {
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[]{1, 2, 5, 10}) if (m * p >= v) return m * p;
        return 10 * p;
    }

    /** A grid line across the rows at {@code x} and its label under the axis. */
    private static void tick(StringBuilder s, double x, int height, String label) {
        s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>", x, TOP, x, height - BOTTOM));
        s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%s</text>", x, height - BOTTOM + 12, label));
    }

    private static void axisTitle(StringBuilder s, int height, String title) {
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%s</text>",
                LABEL_WIDTH + PLOT_WIDTH / 2, height - 6, Html.escape(title)));
    }

    private static void rowLabel(StringBuilder s, int y, String label) {
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">%s</text>", LABEL_WIDTH - 6, y + 15, Html.escape(label)));
    }

    private static void legend(StringBuilder s, List<String> names) {
        int x = LABEL_WIDTH;
        for (int i = 0; i < names.size(); i++) {
            s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"6\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"15\" font-size=\"11\">%s</text>",
                    x, COLORS[i % COLORS.length], x + 14, Html.escape(names.get(i))));
            x += 24 + names.get(i).length() * 7;
        }
    }
}
