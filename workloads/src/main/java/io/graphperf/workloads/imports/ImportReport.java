package io.graphperf.workloads.imports;

import io.graphperf.core.report.Format;
import io.graphperf.core.report.Html;
import io.graphperf.core.report.ReportSection;
import io.graphperf.core.report.SvgChart;
import io.graphperf.core.results.Reference;
import io.graphperf.core.results.RunResult;
import io.graphperf.workloads.options.EngineCatalog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** E1's part of report.html: per dataset scale the import, schema, cold start and warm-up, then scaling. */
final class ImportReport implements ReportSection {

    @Override
    public void render(Html h, RunResult run) {
        Optional<ImportData> found = run.data(ImportData.class);
        if (found.isEmpty() || found.get().studies().isEmpty()) return;
        ImportData d = found.get();
        int cores = cores(run);
        List<RunResult.TrialData> engines = run.data().stream()
                .filter(t -> t.repeat() == 1 && EngineCatalog.isEngineName(t.variant()) && t.data() instanceof ImportData).toList();
        if (engines.size() > 1) {
            engines(h, engines);
            for (RunResult.TrialData t : engines) {
                for (ImportStudyResult i : ((ImportData) t.data()).studies()) {
                    h.el("h2", "engine " + t.variant(), "class", "engine");
                    study(h, i, cores);
                }
            }
            if (run.data().size() > engines.size()) h.note("Details above are of each engine's first run; every run's figures are in results.csv"
                    + " and the comparisons below.");
            return;
        }
        summary(h, d.studies(), cores);
        scaling(h, d.studies(), cores);
        for (ImportStudyResult i : d.studies()) study(h, i, cores);
        if (run.data().size() > 1) h.note("Details above are of the first run; every run's figures are in results.csv and the comparisons below.");
    }

    static int cores(RunResult run) {
        Object c = run.environment().get("cpu.cores");
        try {
            return c == null ? 1 : Integer.parseInt(String.valueOf(c));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    private static void summary(Html h, List<ImportStudyResult> studies, int cores) {
        List<String> headers = new ArrayList<>(List.of("dataset", "rows", "import s", "rows/s", "rows/s per core", "input MB/s", "schema s", "cold start s"));
        for (WarmupResult w : studies.get(0).warmups()) {
            headers.add("warm-up " + w.method() + " s");
            headers.add("cached");
        }
        headers.add("bad entries");
        Html.Table t = h.h2("Import study summary").table("summary sortable", "imports", headers.toArray(String[]::new));
        for (ImportStudyResult i : studies) {
            ImportPhase p = i.importPhase();
            List<Html.Td> row = new ArrayList<>(List.of(Html.Td.text(i.label()), Html.Td.num(Format.rate(p.rows())), Html.Td.num(Format.secs(p.seconds())),
                    Html.Td.num(Format.rate(p.rowsPerSecond())), Html.Td.num(Format.rate(p.rowsPerSecond() / cores)),
                    Html.Td.num(String.format(Locale.ROOT, "%.1f", p.inputMegabytesPerSecond())), Html.Td.num(Format.secs(i.schemaSeconds())),
                    Html.Td.num(Format.secs(i.startSeconds()))));
            for (WarmupResult w : i.warmups()) {
                row.add(Html.Td.num(Format.secs(w.seconds())));
                row.add(Html.Td.num(Format.pct(w.cachedFraction())));
            }
            row.add(Html.Td.num(Long.toString(p.badEntries())));
            t.row(List.of("dataset", i.label()), row.toArray(Html.Td[]::new));
        }
        t.end();
        Reference r = studies.get(0).references().get(ImportStudyResult.IMPORT_ROWS_PER_CORE);
        if (r != null) {
            h.note("Reference (" + r.source() + "): " + r.figure() + ". This machine has " + cores + (cores == 1 ? " core" : " cores")
                    + ", so the same per-core rate would be " + Format.rate(r.value() * cores) + " rows/s. Rows = nodes + relationships.");
        }
    }

    /** Engines side by side: each one's loader, start and cold lookups on the same files; a phase it cannot do says so. */
    private static void engines(Html h, List<RunResult.TrialData> engines) {
        Html.Table t = h.h2("Engines side by side").table("summary sortable", "import-engines", "engine", "dataset", "rows", "import s", "rows/s",
                "loader peak RSS MB", "store MB", "schema s", "cold start s", "lookup by key, cold: median ms");
        for (RunResult.TrialData e : engines) {
            for (ImportStudyResult i : ((ImportData) e.data()).studies()) {
                ImportPhase p = i.importPhase();
                double[] lookup = i.probes().stream().filter(pr -> pr.name().equals("lookup by key")).findFirst()
                        .map(pr -> pr.latencyMs().get(ImportStudy.COLD)).orElse(null);
                String schema = i.notExpressible().containsKey("schema") ? "not expressible" : Format.secs(i.schemaSeconds());
                t.row(List.of("engine", e.variant()), Html.Td.text(e.variant()), Html.Td.text(i.label()), Html.Td.num(Format.rate(p.rows())),
                        Html.Td.num(Format.secs(p.seconds())), Html.Td.num(Format.rate(p.rowsPerSecond())),
                        Html.Td.num(String.format(Locale.ROOT, "%.0f", p.peakRssBytes() / 1e6)), Html.Td.num(String.format(Locale.ROOT, "%.1f", p.storeBytes() / 1e6)),
                        Html.Td.num(schema).title(i.notExpressible().get("schema")), Html.Td.num(Format.secs(i.startSeconds())),
                        Html.Td.num(lookup == null ? "–" : Format.ms(lookup[0])));
            }
        }
        t.end().note("Each engine loads the same files with its own loader, timed from its process's start to its exit; the store is what it"
                + " left on disk. The comparisons below set each engine's figures against the first's.");
    }

    private static void scaling(Html h, List<ImportStudyResult> studies, int cores) {
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
        h.h2("Cost against dataset size").note("Each point is one scale of the study; both axes are logarithmic, so a straight line of slope 1 in"
                + " the time chart means cost grows in proportion to size.");
        h.raw(SvgChart.logLog("scaling-time", "rows (nodes + relationships, log)", "seconds (log)",
                List.of(new SvgChart.Line("import", time, false), new SvgChart.Line("schema (all indexes ONLINE)", schema, false))));
        List<SvgChart.Line> lines = new ArrayList<>(List.of(new SvgChart.Line("import rows/s", rate, false)));
        if (!ref.isEmpty()) lines.add(new SvgChart.Line("reference: " + Format.rate(r.value()) + " rows/s per core × " + cores, ref, true));
        h.raw(SvgChart.logLog("scaling-rate", "rows (nodes + relationships, log)", "rows/s (log)", lines));
    }

    private static void study(Html h, ImportStudyResult i, int cores) {
        h.el("h2", i.label(), "class", "study");
        importSection(h, i.importPhase(), cores);
        schemaSection(h, i);
        warmupSection(h, i);
        probesSection(h, i);
        h.h3("graphperf's own work");
        h.p((Double.isNaN(i.generationSeconds()) ? "Dataset reused (generated earlier)" : "Generating the dataset: " + Format.secs(i.generationSeconds()) + " s")
                + "; layout detection, parsing the importer's output, reading store sizes and sampling probe keys: " + Format.secs(i.ownWorkSeconds())
                + " s. Dataset: " + i.datasetDir());
    }

    private static void importSection(Html h, ImportPhase p, int cores) {
        h.h3("1. Bulk import (the engine's own loader)");
        Map<String, String> m = new LinkedHashMap<>();
        m.put("wall time (process start to exit)", Format.secs(p.seconds()) + " s");
        m.put("importer's own total", Format.secs(p.importerSeconds()) + " s (the rest is its JVM starting and stopping)");
        m.put("nodes / relationships / properties", String.format(Locale.ROOT, "%,d / %,d / %,d", p.nodes(), p.relationships(), p.properties()));
        m.put("rows/s (nodes + relationships)", Format.rate(p.rowsPerSecond()) + " (" + Format.rate(p.rowsPerSecond() / cores) + " per core)");
        m.put("nodes/s · relationships/s · properties/s", Format.rate(p.nodesPerSecond()) + " · " + Format.rate(p.relationshipsPerSecond()) + " · "
                + Format.rate(p.propertiesPerSecond()));
        m.put("input", String.format(Locale.ROOT, "%.1f MB as stored, %.1f MB/s%s", p.inputBytes() / 1e6, p.inputMegabytesPerSecond(),
                p.inputRows() >= 0 ? String.format(Locale.ROOT, ", %,d data rows", p.inputRows()) : ""));
        m.put("peak resident memory of the importer", String.format(Locale.ROOT, "%.0f MB", p.peakRssBytes() / 1e6)
                + (p.importerPeakMemory() == null ? "" : " (the importer's own estimate of its data structures: " + p.importerPeakMemory() + ")"));
        m.put("store on disk", String.format(Locale.ROOT, "%.1f MB in %d files", p.storeBytes() / 1e6, p.storeFiles().size()));
        m.put("bad entries", p.badEntries() + " (report: " + p.badEntriesReport() + ")");
        m.put("importer log", p.log());
        h.meta(null, m);
        h.open("details").el("summary", "importer command").el("pre", p.command()).close("details");
        Html.Table st = h.table("stages", null, "importer stage", "seconds", "share");
        for (Map.Entry<String, Double> e : p.stages().entrySet()) {
            st.row(Html.Td.text(e.getKey()), Html.Td.num(Format.secs(e.getValue())), Html.Td.num(Format.pct(e.getValue() / p.importerSeconds())));
        }
        st.end();
        h.open("details").el("summary", "store files");
        Html.Table sf = h.table("store", null, "file", "MB");
        p.storeFiles().forEach((f, b) -> sf.row(Html.Td.text(f), Html.Td.num(String.format(Locale.ROOT, "%.2f", b / 1e6))));
        sf.end().close("details");
    }

    private static void schemaSection(Html h, ImportStudyResult i) {
        h.h3("2. Schema (one at a time, each timed until ONLINE)");
        notExpressible(h, i, "schema");
        Html.Table sc = h.table("schema", null, "index", "entries", "statement returned s", "ONLINE s", "entries/s", "statement");
        for (SchemaStep s : i.schema()) {
            sc.row(List.of("index", s.index()), Html.Td.text(s.index()), Html.Td.num(Format.rate(s.entries())), Html.Td.num(Format.secs(s.statementSeconds())),
                    Html.Td.num(Format.secs(s.onlineSeconds())), Html.Td.num(Format.rate(s.entriesPerSecond())), Html.Td.markup("<code>" + Html.escape(s.statement()) + "</code>"));
        }
        sc.end();
        ref(h, i, ImportStudyResult.CONSTRAINT_ROWS_PER_SECOND);
    }

    private static void warmupSection(Html h, ImportStudyResult i) {
        h.h3("3. Cold start and warm-up");
        h.p("Server start on the store (new process, page cache empty" + (i.osCacheDropped() ? ", operating system file cache dropped"
                : "; the operating system's file cache was NOT dropped (needs root), so disk reads may be served from memory") + "): "
                + Format.secs(i.startSeconds()) + " s. Warm-up order in this run: " + String.join(" → ", i.warmupOrder())
                + " (alternated across repeats, each from its own cold start).");
        notExpressible(h, i, "warm-up");
        Html.Table w = h.table("warmup", null, "method", "ran", "seconds", "MB read", "MB/s", "cached MB", "store MB", "page cache MB", "store cached");
        for (WarmupResult r : i.warmups()) {
            w.row(List.of("method", r.method()), Html.Td.text(r.method()).title(r.description()), Html.Td.num(r.position() == 1 ? "first" : "second"),
                    Html.Td.num(Format.secs(r.seconds())), Html.Td.num(String.format(Locale.ROOT, "%.1f", r.bytesRead() / 1e6)),
                    Html.Td.num(String.format(Locale.ROOT, "%.1f", r.megabytesPerSecond()) + (r.osCached() ? " (OS-cached)" : ""))
                            .cls(r.osCached() ? "flag" : null).title(r.osCached() ? "the OS file cache was not dropped: these reads may have come from memory" : null),
                    Html.Td.num(String.format(Locale.ROOT, "%.1f", r.cachedBytes() / 1e6)), Html.Td.num(String.format(Locale.ROOT, "%.1f", r.storeBytes() / 1e6)),
                    Html.Td.num(String.format(Locale.ROOT, "%.0f", r.pageCacheBytes() / 1e6)), Html.Td.num(Format.pct(r.cachedFraction())).cls("cached"));
        }
        w.end();
        for (WarmupResult r : i.warmups()) h.note(r.method() + ": " + r.description());
        h.note("Cached MB = pages the warm-up added to Neo4j's page cache (pages in use after it − before it, × page size); store cached = that ÷"
                + " the database's files on disk (capped at 100 %; files the warm-up does not read, such as id files, keep it below 100 % even when"
                + " everything fits). MB read = the page cache's own counter of bytes read from disk; marked OS-cached when the operating system's"
                + " file cache could not be dropped, so it is not comparable with the study's disk-bound figure.");
        ref(h, i, ImportStudyResult.WARMUP_MB_PER_SECOND);
    }

    private static void probesSection(Html h, ImportStudyResult i) {
        if (!i.probes().isEmpty()) {
            List<String> states = new ArrayList<>(i.probes().get(0).latencyMs().keySet());
            List<String> headers = new ArrayList<>(List.of("probe", "samples"));
            for (String s : states) headers.add(s + ": median / max ms (page faults)");
            Html.Table pt = h.table("probes", null, headers.toArray(String[]::new));
            for (ProbeResult pr : i.probes()) {
                List<Html.Td> row = new ArrayList<>(List.of(Html.Td.text(pr.name()).title(pr.query()), Html.Td.num(Integer.toString(pr.samples()))));
                for (String s : states) {
                    double[] v = pr.latencyMs().get(s);
                    Long f = pr.faults().get(s);
                    row.add(Html.Td.num(v == null ? "–" : Format.ms(v[0]) + " / " + Format.ms(v[1]) + " (" + (f == null || f < 0 ? "?" : f) + ")"));
                }
                pt.row(row.toArray(Html.Td[]::new));
            }
            pt.end().note("Before each cache state's measured runs every probe is planned (EXPLAIN) and the per-key probes run 100 times on other"
                    + " sampled keys, so cold latency is the disk, not planning or a cold JIT. Each cache state starts from its own cold start."
                    + " Latency is measured by graphperf around each Bolt call (one auto-commit query, result consumed).");
        }
    }

    private static void notExpressible(Html h, ImportStudyResult i, String phase) {
        String why = i.notExpressible().get(phase);
        if (why != null) h.el("p", "Not expressible on this engine: " + why + ".", "class", "note not-expressible");
    }

    private static void ref(Html h, ImportStudyResult i, String key) {
        Reference r = i.references().get(key);
        if (r != null) h.el("p", "Reference (" + r.source() + "): " + r.figure(), "class", "note reference");
    }
}
