package io.graphperf.core.export;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.graphperf.core.results.SeriesResult;
import io.graphperf.core.stats.Comparison;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files of a series (repeated, interleaved runs of variants) or of a comparison of two results
 * folders: series.json, comparison.csv and report.html, next to the trials' own folders.
 */
public final class SeriesExporter {

    public static final String CSV = "comparison.csv";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private SeriesExporter() {
    }

    /** Writes every file and returns the report's path. */
    public static Path write(SeriesResult s, Path dir) throws IOException {
        Files.createDirectories(dir);
        JSON.writeValue(dir.resolve(SeriesResult.FILE).toFile(), s);
        Files.writeString(dir.resolve(CSV), csv(s));
        Path report = dir.resolve(HtmlReportExporter.FILE);
        Files.writeString(report, html(s));
        return report;
    }

    public static SeriesResult read(Path dir) throws IOException {
        return JSON.readValue(dir.resolve(SeriesResult.FILE).toFile(), SeriesResult.class);
    }

    static String csv(SeriesResult s) {
        StringBuilder b = new StringBuilder("variant,baseline,figure,unit,higher_is_better,n,median,min,max,q1,q3,mean,stdev,"
                + "baseline_n,baseline_median,difference_of_means,difference_percent,ci95_low,ci95_high,p_value,verdict\n");
        Map<String, Comparison> byKey = new LinkedHashMap<>();
        for (SeriesResult.VariantComparison vc : s.comparisons()) for (Comparison c : vc.figures()) byKey.put(vc.variant() + "\u0000" + c.figure(), c);
        String base = s.variants().get(0).name();
        for (SeriesResult.FigureSummary f : s.summaries()) {
            Comparison c = byKey.get(f.variant() + "\u0000" + f.figure());
            Comparison.Summary m = f.summary();
            b.append(CsvExporter.quote(f.variant())).append(',').append(f.variant().equals(base) ? "" : CsvExporter.quote(base)).append(',')
                    .append(CsvExporter.quote(f.figure())).append(',').append(CsvExporter.quote(f.unit())).append(',').append(f.higherIsBetter())
                    .append(',').append(m.n()).append(',').append(num(m.median())).append(',').append(num(m.min())).append(',').append(num(m.max()))
                    .append(',').append(num(m.q1())).append(',').append(num(m.q3())).append(',').append(num(m.mean())).append(',').append(num(m.stdev()));
            if (c != null) {
                b.append(',').append(c.a().n()).append(',').append(num(c.a().median())).append(',').append(num(c.difference()))
                        .append(',').append(num(percent(c.difference(), c))).append(',').append(num(c.differenceCi95()[0]))
                        .append(',').append(num(c.differenceCi95()[1])).append(',').append(num(c.pValue())).append(',').append(c.verdict().name());
            } else {
                b.append(",,,,,,,,");
            }
            b.append('\n');
        }
        return b.toString();
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.6g", v) : "";
    }

    /** A difference in percent of the baseline's mean. */
    static double percent(double diff, Comparison c) {
        return c.a().mean() == 0 ? Double.NaN : 100 * diff / Math.abs(c.a().mean());
    }

    static String html(SeriesResult s) {
        StringBuilder h = new StringBuilder(64 * 1024);
        boolean compare = s.repeat() == 0;
        h.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>graphperf · ").append(Html.escape(s.experiment()))
                .append(compare ? " · comparison" : " · series").append("</title><style>").append(HtmlReportExporter.CSS)
                .append(".better{color:#276749;font-weight:600}.worse{color:#c53030;font-weight:600}.same{color:#4a5568}</style></head><body>");
        h.append("<h1>graphperf ").append(compare ? "comparison" : "series").append(": ").append(Html.escape(s.experiment())).append("</h1>");
        h.append("<table class=\"meta\">");
        meta(h, compare ? "comparison" : "series", s.seriesId());
        meta(h, "started / finished", s.startedAt() + " / " + s.finishedAt());
        if (!compare) meta(h, "runs", s.repeat() + " per variant, interleaved (" + s.variants().stream().map(SeriesResult.Variant::name).toList() + " in turn)");
        meta(h, "statistics", s.test());
        h.append("<tr><th>outcome</th><td class=\"").append(s.passed() ? "pass\">PASSED" : "fail\">FAILED").append("</td></tr></table>");
        if (!s.failures().isEmpty()) {
            h.append("<div class=\"failures\"><h2>Failures</h2><ul>");
            for (String f : s.failures()) h.append("<li>").append(Html.escape(f)).append("</li>");
            h.append("</ul></div>");
        }
        h.append("<h2>Variants</h2><table id=\"variants\"><tr><th>variant</th><th>settings</th><th>runs</th></tr>");
        for (SeriesResult.Variant v : s.variants()) {
            long n = s.trials().stream().filter(t -> t.variant().equals(v.name())).count();
            h.append("<tr><td>").append(Html.escape(v.name())).append("</td><td>")
                    .append(Html.escape(v.settings().isEmpty() ? "(as configured)" : v.settings().toString())).append("</td><td class=\"num\">").append(n).append("</td></tr>");
        }
        h.append("</table>");
        for (SeriesResult.VariantComparison vc : s.comparisons()) comparison(h, vc, s);
        scaling(h, s);
        summaries(h, s);
        h.append("<h2>Runs</h2><table id=\"trials\"><tr><th>#</th><th>variant</th><th>repeat</th><th>finished</th><th>outcome</th><th>report</th></tr>");
        for (SeriesResult.Trial t : s.trials()) {
            String link = t.dir() + "/" + HtmlReportExporter.FILE;
            h.append("<tr><td class=\"num\">").append(t.order()).append("</td><td>").append(Html.escape(t.variant())).append("</td><td class=\"num\">")
                    .append(t.repeat()).append("</td><td>").append(Html.escape(t.finishedAt())).append("</td><td class=\"")
                    .append(t.passed() ? "pass\">passed" : "fail\">FAILED").append("</td><td><a href=\"").append(Html.escape(link)).append("\">")
                    .append(Html.escape(t.dir())).append("</a></td></tr>");
        }
        h.append("</table>");
        h.append("<h2>Environment and configuration</h2><table class=\"meta\" id=\"environment\">");
        s.environment().forEach((k, v) -> meta(h, k, String.valueOf(v)));
        s.configuration().forEach((k, v) -> meta(h, "config: " + k, String.valueOf(v)));
        h.append("</table>").append(HOW_TO_READ);
        h.append("<script>document.body.setAttribute('data-ready','1');</script></body></html>");
        return h.toString();
    }

    private static void comparison(StringBuilder h, SeriesResult.VariantComparison vc, SeriesResult s) {
        Map<Comparison.Verdict, Integer> counts = new LinkedHashMap<>();
        for (Comparison.Verdict v : Comparison.Verdict.values()) counts.put(v, 0);
        for (Comparison c : vc.figures()) counts.merge(c.verdict(), 1, Integer::sum);
        h.append("<h2>").append(Html.escape(vc.variant())).append(" against ").append(Html.escape(vc.baseline())).append("</h2><p class=\"verdicts\">");
        counts.forEach((v, n) -> h.append("<span class=\"").append(css(v)).append("\">").append(n).append(" ").append(Html.escape(v.text)).append("</span> · "));
        h.setLength(h.length() - 3);
        h.append("</p>");
        List<SvgChart.Interval> rows = new ArrayList<>();
        for (Comparison c : vc.figures()) {
            double scale = c.a().mean() == 0 ? Double.NaN : 100 / Math.abs(c.a().mean());
            String color = switch (c.verdict()) {
                case BETTER -> "#2f855a";
                case WORSE -> "#c53030";
                default -> "#718096";
            };
            rows.add(new SvgChart.Interval(c.figure(), c.difference() * scale, c.differenceCi95()[0] * scale, c.differenceCi95()[1] * scale, color,
                    String.format(Locale.ROOT, "%s: %+.1f %% (95 %% CI %+.1f … %+.1f %%), %s", c.figure(), c.difference() * scale,
                            c.differenceCi95()[0] * scale, c.differenceCi95()[1] * scale, c.verdict().text)));
        }
        h.append(SvgChart.forest("forest", "difference of means in % of " + vc.baseline() + "'s mean, with 95 % confidence interval (clipped at ±100 %)", rows, 100));
        Map<String, String> units = new LinkedHashMap<>();
        for (SeriesResult.FigureSummary f : s.summaries()) units.putIfAbsent(f.figure(), f.unit());
        h.append("<table class=\"comparison sortable\" data-variant=\"").append(Html.escape(vc.variant())).append("\"><thead><tr><th>figure</th><th>unit</th><th>")
                .append(Html.escape(vc.baseline())).append(": median [min – max] (n)</th><th>").append(Html.escape(vc.variant()))
                .append(": median [min – max] (n)</th><th>difference of means</th><th>95 % CI of the difference</th><th>p</th><th>verdict</th></tr></thead><tbody>");
        for (Comparison c : vc.figures()) {
            h.append("<tr data-verdict=\"").append(c.verdict().name()).append("\"><td>").append(Html.escape(c.figure())).append("</td><td>")
                    .append(Html.escape(units.getOrDefault(c.figure(), ""))).append("</td><td class=\"num\">").append(summary(c.a())).append("</td><td class=\"num\">")
                    .append(summary(c.b())).append("</td><td class=\"num\">").append(String.format(Locale.ROOT, "%s (%+.1f %%)", value(c.difference()), percent(c.difference(), c)))
                    .append("</td><td class=\"num\">").append(Double.isFinite(c.differenceCi95()[0]) ? value(c.differenceCi95()[0]) + " … " + value(c.differenceCi95()[1]) : "–")
                    .append("</td><td class=\"num\">").append(Double.isFinite(c.pValue()) ? String.format(Locale.ROOT, "%.3g", c.pValue()) : "–")
                    .append("</td><td class=\"").append(css(c.verdict())).append("\">").append(Html.escape(c.verdict().text)).append("</td></tr>");
        }
        h.append("</tbody></table>");
    }

    private static final Pattern SCALED = Pattern.compile("^(\\S+) ([0-9.]+) · import · (time|rows/s)$");

    /** E1 at several scales: time and rows/s against scale factor, medians per variant. */
    private static void scaling(StringBuilder h, SeriesResult s) {
        Map<String, List<double[]>> time = new LinkedHashMap<>(), rate = new LinkedHashMap<>();
        for (SeriesResult.FigureSummary f : s.summaries()) {
            Matcher m = SCALED.matcher(f.figure());
            if (!m.matches()) continue;
            double scale = Double.parseDouble(m.group(2));
            (m.group(3).equals("time") ? time : rate).computeIfAbsent(f.variant(), k -> new ArrayList<>()).add(new double[]{scale, f.summary().median()});
        }
        if (time.values().stream().allMatch(l -> l.size() < 2)) return;
        List<SvgChart.Line> tl = new ArrayList<>(), rl = new ArrayList<>();
        time.forEach((v, pts) -> tl.add(new SvgChart.Line(v, pts, false)));
        rate.forEach((v, pts) -> rl.add(new SvgChart.Line(v, pts, false)));
        h.append("<h2>Import cost against dataset size (medians)</h2>")
                .append(SvgChart.logLog("scaling-time", "scale factor (log)", "import seconds (log)", tl))
                .append(SvgChart.logLog("scaling-rate", "scale factor (log)", "rows/s (log)", rl));
    }

    private static void summaries(StringBuilder h, SeriesResult s) {
        h.append("<h2>Every figure, per variant</h2><table class=\"summaries sortable\"><thead><tr><th>variant</th><th>figure</th><th>unit</th><th>n</th>")
                .append("<th>median</th><th>min</th><th>max</th><th>IQR</th><th>mean ± sd</th><th>CV</th></tr></thead><tbody>");
        for (SeriesResult.FigureSummary f : s.summaries()) {
            Comparison.Summary m = f.summary();
            h.append("<tr><td>").append(Html.escape(f.variant())).append("</td><td>").append(Html.escape(f.figure())).append("</td><td>")
                    .append(Html.escape(f.unit())).append("</td><td class=\"num\">").append(m.n()).append("</td><td class=\"num\">").append(value(m.median()))
                    .append("</td><td class=\"num\">").append(value(m.min())).append("</td><td class=\"num\">").append(value(m.max()))
                    .append("</td><td class=\"num\">").append(value(m.q3() - m.q1())).append("</td><td class=\"num\">").append(value(m.mean()))
                    .append(" ± ").append(value(m.stdev())).append("</td><td class=\"num\">")
                    .append(m.mean() != 0 && m.n() > 1 ? String.format(Locale.ROOT, "%.1f %%", 100 * m.stdev() / Math.abs(m.mean())) : "–").append("</td></tr>");
        }
        h.append("</tbody></table>");
    }

    private static String summary(Comparison.Summary m) {
        return value(m.median()) + " [" + value(m.min()) + " – " + value(m.max()) + "] (" + m.n() + ")";
    }

    private static String value(double v) {
        return Format.value(v);
    }

    private static String css(Comparison.Verdict v) {
        return switch (v) {
            case BETTER -> "better";
            case WORSE -> "worse";
            default -> "same";
        };
    }

    private static void meta(StringBuilder h, String k, String v) {
        h.append("<tr><th>").append(Html.escape(k)).append("</th><td>").append(Html.escape(v)).append("</td></tr>");
    }

    private static final String HOW_TO_READ = "<h2>How to read this report</h2><ul>"
            + "<li>Each variant ran the same experiment several times, interleaved with the others (A B A B …), so slow drifts of the"
            + " machine (other load, thermal state, disk caches) spread over all variants instead of favouring one.</li>"
            + "<li>For every figure the verdict comes from Welch's two-sided t-test (unequal variances) at α = 0.05: <b>faster / better</b>"
            + " or <b>slower / worse</b> when the difference is significant (the direction depends on the figure: time down, throughput up"
            + " is better), else <b>no significant difference</b>. With fewer than 2 runs per variant there is no verdict.</li>"
            + "<li>The 95 % confidence interval is for the difference of means (variant − baseline): when it does not contain 0 the"
            + " difference is significant. Many figures are tested at once, so about 1 in 20 figures without a real difference can"
            + " still show one by chance: look for consistent patterns, and repeat more when a verdict matters.</li></ul>";
}
