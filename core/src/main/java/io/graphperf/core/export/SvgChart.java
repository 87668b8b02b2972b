package io.graphperf.core.export;

import java.util.List;
import java.util.Locale;

/**
 * Inline SVG charts drawn in Java, so the report needs no script library and no network. Values
 * spanning orders of magnitude (ops/s, latencies) are drawn on a log axis.
 */
final class SvgChart {

    static final String[] COLORS = {"#2b6cb0", "#dd6b20", "#2f855a", "#9b2c2c", "#6b46c1", "#718096"};
    private static final int LABEL_WIDTH = 250, PLOT_WIDTH = 560, ROW_HEIGHT = 22, TOP = 28, BOTTOM = 34;

    /** One mark on a row: a bar (drawn from the axis) or a dot, in a colour of the given series. */
    record Mark(int series, double value, boolean bar, String title) {
    }

    record Row(String label, List<Mark> marks) {
    }

    private SvgChart() {
    }

    /** A horizontal chart, one row per label, on a log10 axis. {@code cssClass} names the chart for tests. */
    static String horizontalLog(String cssClass, String axisTitle, List<String> seriesNames, List<Row> rows) {
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
        for (int d = lo; d <= hi; d++) {
            double x = LABEL_WIDTH + PLOT_WIDTH * (double) (d - lo) / (hi - lo);
            s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>", x, TOP, x, height - BOTTOM));
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%s</text>", x, height - BOTTOM + 12, Format.compact(Math.pow(10, d))));
        }
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%s</text>",
                LABEL_WIDTH + PLOT_WIDTH / 2, height - 6, Html.escape(axisTitle)));
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            int y = TOP + i * ROW_HEIGHT;
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">%s</text>", LABEL_WIDTH - 6, y + 15, Html.escape(row.label())));
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

    /** A small line of a time series (x, y pairs), for table cells. */
    static String sparkline(List<double[]> points, double markX) {
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

    private static void legend(StringBuilder s, List<String> names) {
        int x = LABEL_WIDTH;
        for (int i = 0; i < names.size(); i++) {
            s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"6\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"15\" font-size=\"11\">%s</text>",
                    x, COLORS[i % COLORS.length], x + 14, Html.escape(names.get(i))));
            x += 24 + names.get(i).length() * 7;
        }
    }
}
