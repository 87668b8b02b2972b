package io.graphperf.workloads.imports;

import io.graphperf.core.results.Cell;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * E1's phases as cells (rows of results.csv, figures of a comparison): the import and each of its stages, each
 * schema step until ONLINE, the cold start, each warm-up, each probe in each cache state.
 */
final class ImportCells {
    private ImportCells() {
    }

    static List<Cell> of(ImportStudyResult r) {
        Double scale = Double.isNaN(r.scale()) ? null : r.scale();
        List<Cell> out = new ArrayList<>();
        ImportPhase p = r.importPhase();
        out.add(base("import", "bulk import (the engine's own loader, process start to exit)", r, scale).phase(p.seconds())
                .value("rows", p.rows()).value("rows_per_s", p.rowsPerSecond()).value("nodes_per_s", p.nodesPerSecond())
                .value("relationships_per_s", p.relationshipsPerSecond()).value("properties_per_s", p.propertiesPerSecond())
                .value("input_mb_per_s", p.inputMegabytesPerSecond()).value("peak_rss_mb", p.peakRssBytes() / 1e6).value("store_mb", p.storeBytes() / 1e6)
                .value("bad_entries", p.badEntries())
                .figure("peak RSS", "MB", false, p.peakRssBytes() / 1e6).figure("store size", "MB", false, p.storeBytes() / 1e6)
                .values(r.io("import")).build());
        for (Map.Entry<String, Double> st : p.stages().entrySet()) {
            out.add(base("import-stage", "importer stage (its own timing)", r, scale).dimension("stage", st.getKey()).phase(st.getValue()).build());
        }
        for (SchemaStep s : r.schema()) {
            out.add(base("schema", s.statement(), r, scale).dimension("index", s.index()).phase(s.onlineSeconds())
                    .value("statement_s", s.statementSeconds()).value("entries", s.entries()).value("entries_per_s", s.entriesPerSecond()).build());
        }
        if (!r.schema().isEmpty()) { // an engine that builds its indexes while loading has no schema phase (the study says why)
            out.add(base("schema-total", "all constraints and indexes, each until ONLINE", r, scale).phase(r.schemaSeconds()).values(r.io("schema")).build());
        }
        out.add(base("cold-start", "engine start on the store until it answers", r, scale).phase(r.startSeconds()).values(r.io("cold-start")).build());
        for (WarmupResult w : r.warmups()) {
            out.add(base("warm-up", w.description(), r, scale).dimension("method", w.method()).phase(w.seconds())
                    .value("mb_read", w.bytesRead() / 1e6).value("mb_per_s", w.megabytesPerSecond()).value("cached_fraction", w.cachedFraction())
                    .value("position", w.position()).value("os_cached", w.osCached() ? 1 : 0).values(r.io("warm-up " + w.method()))
                    .figure("cached fraction", "share", true, w.cachedFraction()).build());
        }
        for (ProbeResult pr : r.probes()) {
            pr.latencyMs().forEach((state, v) -> out.add(base("probe", pr.query(), r, scale).dimension("probe", pr.name()).dimension("cache", state)
                    .noDefaultFigure().figure("median latency", "ms", false, v[0]).value("median_ms", v[0]).value("max_ms", v[1])
                    .value("page_faults", pr.faults().getOrDefault(state, -1L)).build()));
        }
        return out;
    }

    private static Cell.Builder base(String scenario, String title, ImportStudyResult r, Double scale) {
        return Cell.builder(ImportExperiment.NAME, scenario).title(title).scale(scale).dimension("dataset", r.dataset());
    }
}
