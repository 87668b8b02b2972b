package io.graphperf.workloads.imports;

import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Reference;
import io.graphperf.core.results.RunResult;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Import-study results with chosen values, for tests of statistics and reports (not of measuring). */
public final class ImportFixtures {
    private ImportFixtures() {
    }

    public static ImportStudyResult study(double scale, double importSeconds, double schemaSeconds) {
        long nodes = (long) (457_000 * scale / 0.001), rels = (long) (2_176_000 * scale / 0.001);
        Map<String, Double> stages = new LinkedHashMap<>();
        stages.put("Node import", importSeconds * 0.3);
        stages.put("Relationship import", importSeconds * 0.3);
        ImportPhase p = new ImportPhase(importSeconds, new ImportPhase.Importer(importSeconds * 0.8, stages, "512MiB", 3, "/tmp/import.report",
                "/tmp/import.log", "org.neo4j.cli.AdminTool database import full neo4j"), new ImportPhase.Counts(nodes, rels, nodes * 10),
                new ImportPhase.Input((long) (65e6 * scale / 0.001), -1), 900_000_000L, Map.of("databases/neo4j/neostore.nodestore.db", nodes * 15));
        List<SchemaStep> schema = List.of(new SchemaStep("graphperf_individual_individualKey_unique", "CREATE CONSTRAINT …", 0.1, schemaSeconds, nodes));
        List<WarmupResult> warmups = List.of(new WarmupResult("apoc.warmup.run", "page-level", 1.5, 400_000_000, 380_000_000, 381_000_000, 512_000_000, 1, false),
                new WarmupResult("graphperf query warm-up", "queries", 4.0, 390_000_000, 300_000_000, 381_000_000, 512_000_000, 2, true));
        Map<String, double[]> lat = new LinkedHashMap<>();
        lat.put("cold", new double[]{9.0, 40.0});
        lat.put("after apoc.warmup.run", new double[]{1.0, 3.0});
        List<ProbeResult> probes = List.of(new ProbeResult("lookup by key", "MATCH …", 20, lat, Map.of("cold", 80L, "after apoc.warmup.run", 0L)));
        return new ImportStudyResult(new ImportStudyResult.Data("b2b", scale, "/tmp/b2b", Double.NaN), p, 7.0, schema, warmups, probes, true, 0.5,
                Map.of(ImportStudyResult.IMPORT_ROWS_PER_CORE, new Reference("≈ 24 k rows/s per core", 24_000, "rows/s per core", "spec E1")),
                List.of("apoc.warmup.run", "graphperf query warm-up"), null, null);
    }

    /** A run of E1 at the given scales, with its cells and data as the experiment makes them. */
    public static RunResult run(String id, ImportStudyResult... studies) {
        List<Cell> cells = new java.util.ArrayList<>();
        for (ImportStudyResult s : studies) cells.addAll(ImportCells.of(s));
        return new RunResult(new RunResult.About(RunResult.SCHEMA_VERSION, id, "import", "E1", "2026-01-01T00:00Z", "2026-01-01T00:10Z"),
                new RunResult.Setup(Map.of("experiment", "import"), Map.of("cpu.cores", 2), "embedded Neo4j", "", null, 1), List.of(), cells,
                List.of(new RunResult.TrialData(Cell.BASELINE, 1, new ImportData(List.of(studies)))),
                new RunResult.Findings(List.of(), List.of(), List.of(), List.of(), List.of(), List.of()));
    }
}
