package io.graphperf.core.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.graphperf.core.measure.Interval;
import io.graphperf.core.measure.Measurement;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;

/**
 * Interactive charts, drawn in the browser by uPlot (inlined into every report: ~50 KB, no network). Chosen
 * over Apache ECharts (~1 MB per report) and Vega-Lite (~800 KB with its runtime) on size: reports are kept
 * and mailed around, and uPlot does what the timelines need — many points, two axes, log scales, drag to zoom.
 * Box plots and heatmaps (a handful of shapes each) are drawn as inline SVG and coloured tables by
 * {@link SvgChart}; forest plots and bar charts stay there too.
 *
 * <p>A chart is a {@code <script type="application/json" class="chart-data">} element holding its data;
 * the page's script turns each into a uPlot chart when it becomes visible.
 */
public final class Charts {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static volatile String library;

    /** One line of a line chart. */
    public record Series(String label, List<Double> y, boolean dashed) {
    }

    private Charts() {
    }

    /** uPlot's CSS and script and graphperf's renderer: once per page, at its end. */
    public static String library() {
        String l = library;
        if (l == null) {
            String version = version();
            String base = "META-INF/resources/webjars/uplot/" + version + "/dist/";
            l = "<style>" + resource(base + "uPlot.min.css") + "</style><script>" + resource(base + "uPlot.iife.min.js") + "</script><script>"
                    + resource("io/graphperf/core/report/charts.js") + "</script>";
            library = l;
        }
        return l;
    }

    /** Throughput and p99 of one cell per sampling interval, the warm-up and drain shaded. */
    public static String timeline(String cssClass, String title, Measurement m) {
        ObjectNode d = JSON.createObjectNode();
        d.put("kind", "timeline").put("title", title).put("cssClass", cssClass);
        ArrayNode x = d.putArray("x"), ops = d.putArray("ops"), p99 = d.putArray("p99");
        double warmupEnd = m.warmupEnd().seconds(), windowEnd = m.warmupEnd().seconds() + m.throughput().windowSeconds(), dx = 0;
        for (Interval i : m.throughput().timeline()) {
            x.add(i.atSeconds());
            ops.add(i.opsPerSecond());
            if (Double.isNaN(i.p99Ms())) p99.addNull();
            else p99.add(i.p99Ms());
            dx = i.seconds();
        }
        // the Runner's clock starts 20 ms before the first interval: warm-up and window ends are its phase boundaries
        d.put("warmupEnd", warmupEnd).put("windowEnd", windowEnd).put("dx", dx);
        return element(d);
    }

    /** Lines over a shared x axis (e.g. throughput against client threads), optionally on log axes. */
    public static String lines(String cssClass, String title, String xLabel, String yLabel, boolean logX, boolean logY, List<Double> x,
                               List<Series> series) {
        ObjectNode d = JSON.createObjectNode();
        d.put("kind", "lines").put("title", title).put("cssClass", cssClass).put("xLabel", xLabel).put("yLabel", yLabel)
                .put("logX", logX).put("logY", logY);
        ArrayNode xs = d.putArray("x");
        x.forEach(xs::add);
        ArrayNode ss = d.putArray("series");
        for (Series s : series) {
            ObjectNode o = ss.addObject().put("label", s.label()).put("dashed", s.dashed());
            ArrayNode y = o.putArray("y");
            for (Double v : s.y()) {
                if (v == null || !Double.isFinite(v)) y.addNull();
                else y.add(v);
            }
        }
        return element(d);
    }

    private static String element(ObjectNode d) {
        // JSON inside a script element: only "</" could end it early
        return "<script type=\"application/json\" class=\"chart-data\">" + d.toString().replace("</", "<\\/") + "</script>";
    }

    static String version() {
        Properties p = new Properties();
        try (InputStream in = Charts.class.getResourceAsStream("uplot.properties")) {
            p.load(in);
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("uplot.properties is missing from graphperf-report's jar", e);
        }
        return p.getProperty("version");
    }

    private static String resource(String path) {
        try (InputStream in = Charts.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) throw new IllegalStateException(path + " is not on the classpath (the uPlot webjar is a dependency of graphperf-report)");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
