package io.graphperf.core.export;

import io.graphperf.core.results.ImportPhase;
import io.graphperf.core.results.ImportStudyResult;
import io.graphperf.core.results.ProbeResult;
import io.graphperf.core.results.Reference;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.SchemaStep;
import io.graphperf.core.results.WarmupResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** E1's part of report.html: per dataset scale the import, schema, cold start and warm-up, then scaling. */
final class ImportReportSection {

    private ImportReportSection() {
    }

    static void render(StringBuilder h, RunResult run) {
        if (run.imports().isEmpty()) return;
        int cores = cores(run);
        summary(h, run.imports(), cores);
        scaling(h, run.imports(), cores);
        for (ImportStudyResult i : run.imports()) study(h, i, cores);
    }

    private static int cores(RunResult run) {
        Object c = run.environment().get("cpu.cores");
        try {
            return c == null ? 1 : Integer.parseInt(String.valueOf(c));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    private static void summary(StringBuilder h, List<ImportStudyResult> studies, int cores) {
        h.append("<h2>Import study summary</h2><table class=\"summary sortable\" id=\"imports\"><thead><tr><th>dataset</th><th>rows</th>")
                .append("<th>import s</th><th>rows/s</th><th>rows/s per core</th><th>input MB/s</th><th>schema s</th><th>cold start s</th>");
        List<String> methods = studies.get(0).warmups().stream().map(WarmupResult::method).toList();
        for (String m : methods) h.append("<th>warm-up ").append(Html.escape(m)).append(" s</th><th>cached</th>");
        h.append("<th>bad entries</th></tr></thead><tbody>");
        for (ImportStudyResult i : studies) {
            ImportPhase p = i.importPhase();
            h.append("<tr data-dataset=\"").append(Html.escape(i.label())).append("\"><td>").append(Html.escape(i.label())).append("</td>");
            num(h, Format.rate(p.rows()));
            num(h, secs(p.seconds()));
            num(h, Format.rate(p.rowsPerSecond()));
            num(h, Format.rate(p.rowsPerSecond() / cores));
            num(h, String.format(Locale.ROOT, "%.1f", p.inputMegabytesPerSecond()));
            num(h, secs(i.schemaSeconds()));
            num(h, secs(i.startSeconds()));
            for (WarmupResult w : i.warmups()) {
                num(h, secs(w.seconds()));
                num(h, pct(w.cachedFraction()));
            }
            num(h, Long.toString(p.badEntries()));
            h.append("</tr>");
        }
        h.append("</tbody></table>");
        Reference r = studies.get(0).references().get(ImportStudyResult.IMPORT_ROWS_PER_CORE);
        if (r != null) {
            h.append("<p class=\"note\">Reference (").append(Html.escape(r.source())).append("): ").append(Html.escape(r.figure()))
                    .append(". This machine has ").append(cores).append(cores == 1 ? " core" : " cores").append(", so the same per-core rate would be ")
                    .append(Format.rate(r.value() * cores)).append(" rows/s. Rows = nodes + relationships.</p>");
        }
    }

    private static void scaling(StringBuilder h, List<ImportStudyResult> studies, int cores) {
        if (studies.size() < 2) return;
        List<double[]> time = new ArrayList<>(), rate = new ArrayList<>(), ref = new ArrayList<>(), schema = new ArrayList<>();
        Reference r = studies.get(0).references().get(ImportStudyResult.IMPORT_ROWS_PER_CORE);
        for (ImportStudyResult i : studies) {
            double rows = i.importPhase().rows();
            time.add(new double[]{rows, i.importPhase().seconds()});
            schema.add(new double[]{rows, i.schemaSeconds()});
            rate.add(new double[]{rows, i.importPhase().rowsPerSecond()});
            if (r != null) ref.add(new double[]{rows, r.value() * cores});
        }
        h.append("<h2>Cost against dataset size</h2><p class=\"note\">Each point is one scale of the study; both axes are logarithmic,"
                + " so a straight line of slope 1 in the time chart means cost grows in proportion to size.</p>");
        h.append(SvgChart.logLog("scaling-time", "rows (nodes + relationships, log)", "seconds (log)",
                List.of(new SvgChart.Line("import", time, false), new SvgChart.Line("schema (all indexes ONLINE)", schema, false))));
        List<SvgChart.Line> lines = new ArrayList<>(List.of(new SvgChart.Line("import rows/s", rate, false)));
        if (!ref.isEmpty()) lines.add(new SvgChart.Line("reference: " + Format.rate(r.value()) + " rows/s per core × " + cores, ref, true));
        h.append(SvgChart.logLog("scaling-rate", "rows (nodes + relationships, log)", "rows/s (log)", lines));
    }

    private static void study(StringBuilder h, ImportStudyResult i, int cores) {
        ImportPhase p = i.importPhase();
        h.append("<h2 class=\"study\">").append(Html.escape(i.label())).append("</h2>");
        h.append("<h3>1. Bulk import (Neo4j's importer)</h3><table class=\"meta import\">");
        meta(h, "wall time (process start to exit)", secs(p.seconds()) + " s");
        meta(h, "importer's own total", secs(p.importerSeconds()) + " s (the rest is its JVM starting and stopping)");
        meta(h, "nodes / relationships / properties", String.format(Locale.ROOT, "%,d / %,d / %,d", p.nodes(), p.relationships(), p.properties()));
        meta(h, "rows/s (nodes + relationships)", Format.rate(p.rowsPerSecond()) + " (" + Format.rate(p.rowsPerSecond() / cores) + " per core)");
        meta(h, "nodes/s · relationships/s · properties/s", Format.rate(p.nodesPerSecond()) + " · " + Format.rate(p.relationshipsPerSecond())
                + " · " + Format.rate(p.propertiesPerSecond()));
        meta(h, "input", String.format(Locale.ROOT, "%.1f MB as stored, %.1f MB/s%s", p.inputBytes() / 1e6, p.inputMegabytesPerSecond(),
                p.inputRows() >= 0 ? String.format(Locale.ROOT, ", %,d data rows", p.inputRows()) : ""));
        meta(h, "peak resident memory of the importer", String.format(Locale.ROOT, "%.0f MB", p.peakRssBytes() / 1e6)
                + (p.importerPeakMemory() == null ? "" : " (the importer's own estimate of its data structures: " + p.importerPeakMemory() + ")"));
        meta(h, "store on disk", String.format(Locale.ROOT, "%.1f MB in %d files", p.storeBytes() / 1e6, p.storeFiles().size()));
        meta(h, "bad entries", p.badEntries() + " (report: " + p.badEntriesReport() + ")");
        meta(h, "importer log", p.log());
        h.append("</table><details><summary>importer command</summary><pre>").append(Html.escape(p.command())).append("</pre></details>");
        h.append("<table class=\"stages\"><tr><th>importer stage</th><th>seconds</th><th>share</th></tr>");
        for (Map.Entry<String, Double> st : p.stages().entrySet()) {
            h.append("<tr><td>").append(Html.escape(st.getKey())).append("</td>");
            num(h, secs(st.getValue()));
            num(h, pct(st.getValue() / p.importerSeconds()));
            h.append("</tr>");
        }
        h.append("</table><details><summary>store files</summary><table class=\"store\"><tr><th>file</th><th>MB</th></tr>");
        p.storeFiles().forEach((f, b) -> h.append("<tr><td>").append(Html.escape(f)).append("</td><td class=\"num\">")
                .append(String.format(Locale.ROOT, "%.2f", b / 1e6)).append("</td></tr>"));
        h.append("</table></details>");

        h.append("<h3>2. Schema (over Bolt, one at a time, each timed until ONLINE)</h3><table class=\"schema\"><tr><th>index</th><th>entries</th>")
                .append("<th>statement returned s</th><th>ONLINE s</th><th>entries/s</th><th>statement</th></tr>");
        for (SchemaStep s : i.schema()) {
            h.append("<tr data-index=\"").append(Html.escape(s.index())).append("\"><td>").append(Html.escape(s.index())).append("</td>");
            num(h, Format.rate(s.entries()));
            num(h, secs(s.statementSeconds()));
            num(h, secs(s.onlineSeconds()));
            num(h, Format.rate(s.entriesPerSecond()));
            h.append("<td><code>").append(Html.escape(s.statement())).append("</code></td></tr>");
        }
        h.append("</table>");
        ref(h, i, ImportStudyResult.CONSTRAINT_ROWS_PER_SECOND);

        h.append("<h3>3. Cold start and warm-up</h3><p>Server start on the store (new process, page cache empty")
                .append(i.osCacheDropped() ? ", operating system file cache dropped" : "; the operating system's file cache was <b>not</b> dropped (needs root), so"
                        + " disk reads may be served from memory").append("): ").append(secs(i.startSeconds())).append(" s.</p>");
        h.append("<table class=\"warmup\"><tr><th>method</th><th>seconds</th><th>MB read</th><th>MB/s</th><th>cached MB</th><th>store MB</th>")
                .append("<th>page cache MB</th><th>store cached</th></tr>");
        for (WarmupResult w : i.warmups()) {
            h.append("<tr data-method=\"").append(Html.escape(w.method())).append("\"><td title=\"").append(Html.escape(w.description())).append("\">")
                    .append(Html.escape(w.method())).append("</td>");
            num(h, secs(w.seconds()));
            num(h, String.format(Locale.ROOT, "%.1f", w.bytesRead() / 1e6));
            num(h, String.format(Locale.ROOT, "%.1f", w.megabytesPerSecond()));
            num(h, String.format(Locale.ROOT, "%.1f", w.cachedBytes() / 1e6));
            num(h, String.format(Locale.ROOT, "%.1f", w.storeBytes() / 1e6));
            num(h, String.format(Locale.ROOT, "%.0f", w.pageCacheBytes() / 1e6));
            h.append("<td class=\"num cached\">").append(pct(w.cachedFraction())).append("</td></tr>");
        }
        h.append("</table>");
        for (WarmupResult w : i.warmups()) h.append("<p class=\"note\"><b>").append(Html.escape(w.method())).append("</b>: ").append(Html.escape(w.description())).append("</p>");
        h.append("<p class=\"note\">Cached MB = pages the warm-up added to Neo4j's page cache (pages in use after it − before it, × page"
                + " size); store cached = that ÷ the database's files on disk (capped at 100 %; files the warm-up does not read, such as"
                + " id files, keep it below 100 % even when everything fits). MB read = the page cache's own counter of bytes read from disk.</p>");
        ref(h, i, ImportStudyResult.WARMUP_MB_PER_SECOND);

        if (!i.probes().isEmpty()) {
            List<String> states = new ArrayList<>(i.probes().get(0).latencyMs().keySet());
            h.append("<table class=\"probes\"><tr><th>probe</th><th>samples</th>");
            for (String s : states) h.append("<th>").append(Html.escape(s)).append(": median / max ms (page faults)</th>");
            h.append("</tr>");
            for (ProbeResult pr : i.probes()) {
                h.append("<tr><td title=\"").append(Html.escape(pr.query())).append("\">").append(Html.escape(pr.name())).append("</td>");
                num(h, Integer.toString(pr.samples()));
                for (String s : states) {
                    double[] v = pr.latencyMs().get(s);
                    Long f = pr.faults().get(s);
                    num(h, v == null ? "–" : Format.ms(v[0]) + " / " + Format.ms(v[1]) + " (" + (f == null || f < 0 ? "?" : f) + ")");
                }
                h.append("</tr>");
            }
            h.append("</table><p class=\"note\">Before each cache state's measured runs every probe is planned (EXPLAIN) and the per-key probes"
                    + " run 100 times on other sampled keys, so cold latency is the disk, not planning or a cold JIT. Each cache state starts from"
                    + " its own cold start. Latency is measured by graphperf around each Bolt call (one auto-commit query, result consumed).</p>");
        }
        h.append("<h3>graphperf's own work</h3><p>").append(Double.isNaN(i.generationSeconds()) ? "Dataset reused (generated earlier)"
                        : "Generating the dataset: " + secs(i.generationSeconds()) + " s").append("; layout detection, parsing the importer's output, reading store sizes"
                        + " and sampling probe keys: ").append(secs(i.ownWorkSeconds())).append(" s. Dataset: <code>").append(Html.escape(i.datasetDir())).append("</code></p>");
    }

    private static void ref(StringBuilder h, ImportStudyResult i, String key) {
        Reference r = i.references().get(key);
        if (r != null) h.append("<p class=\"note reference\">Reference (").append(Html.escape(r.source())).append("): ").append(Html.escape(r.figure())).append("</p>");
    }

    private static void meta(StringBuilder h, String k, String v) {
        h.append("<tr><th>").append(Html.escape(k)).append("</th><td>").append(Html.escape(v)).append("</td></tr>");
    }

    private static void num(StringBuilder h, String v) {
        h.append("<td class=\"num\">").append(Html.escape(v)).append("</td>");
    }

    static String secs(double s) {
        if (Double.isNaN(s)) return "–";
        return s >= 100 ? String.format(Locale.ROOT, "%,.0f", s) : s >= 10 ? String.format(Locale.ROOT, "%.1f", s) : String.format(Locale.ROOT, "%.2f", s);
    }

    static String pct(double f) {
        return Double.isNaN(f) ? "–" : String.format(Locale.ROOT, "%.0f %%", 100 * f);
    }
}
