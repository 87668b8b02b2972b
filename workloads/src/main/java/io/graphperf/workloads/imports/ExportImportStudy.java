package io.graphperf.workloads.imports;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engines;
import io.graphperf.core.engine.ExportImport;
import io.graphperf.core.engine.Machine;
import io.graphperf.core.measure.DiskProbe;
import io.graphperf.core.report.Format;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Check;
import io.graphperf.workloads.RunContext;
import io.graphperf.workloads.TrialResult;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * E3 — an engine's import of its own export (spec: workloads.md, E3; {@code graphperf run import --dataset export}): graphperf times each
 * phase from its side — the engine's start, creating the database, the import, closing it (caches flushed), a cold start with the
 * operating system's file cache dropped (root), opening the database, counting every class — and measures what reached the disk in
 * each phase and the space the store and its log take. Made for --matrix: filesystems, record sizes, compression and the log's place.
 */
final class ExportImportStudy {

    static final List<String> PHASES = List.of("start", "create", "import", "close", "cold-start", "open", "count");

    private ExportImportStudy() {
    }

    /** The study at each scale of {@code o} (one trial), or on the user's export. */
    static TrialResult run(RunContext ctx, ImportOptions o) throws Exception {
        ExportImport engine = of(ctx.engines());
        Path cache = o.datasetCache() != null ? o.datasetCache() : ctx.datasetCache();
        String engineName = String.valueOf(ctx.engines().settings().getOrDefault("engine", "engine"));
        List<Cell> cells = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        Map<String, Object> config = new LinkedHashMap<>();
        List<String> exports = new ArrayList<>();
        for (double scale : o.scales()) {
            boolean yours = Double.isNaN(scale);
            ExportDataset export = yours ? ExportDataset.yours(Path.of(o.dataset()))
                    : ExportDataset.generated(engine, engineName, cache, scale, o.datasetSeed(), ctx.progress());
            String storeName = yours ? "export" : "export-" + Format.scale(scale);
            Path store = engine.storeDir(storeName);
            Trial t = new Trial(ctx, engine, export, store, engine.walDir(), yours ? null : scale, o.dropOsCache());
            delete(store);
            try {
                t.createAndImport(cells);
                t.coldStartAndCount(cells, failures);
            } finally {
                ctx.engines().deleteStore(storeName);
            }
            exports.add(export.file().toString());
            if (!Double.isNaN(export.generationSeconds())) config.merge("exportGenerationSeconds", export.generationSeconds(), (a, b) -> (double) a + (double) b);
            ctx.saved().cells(List.copyOf(cells), failures);
        }
        config.put("export", exports.size() == 1 ? exports.get(0) : exports);
        config.put("exportFormat", engine.exportFormat());
        return new TrialResult(cells, ctx.engines().describe() + ", importing " + engine.exportFormat(), "", Map.of(), config, null, List.of(), failures);
    }

    /** The engine's import of its own export, or a {@link UserError} naming the engine. */
    static ExportImport of(Engines engines) {
        if (engines instanceof ExportImport e) return e;
        throw new UserError("--dataset export: " + engines.describe() + " has no import of an export of its own (which engines have one: docs/storage.md)");
    }

    /** One trial's phases, each a cell with what reached the disk. */
    private record Trial(RunContext ctx, ExportImport engine, ExportDataset export, Path store, Path wal, Double scale, boolean dropOsCache) {

        /** A new database, imported, closed. */
        void createAndImport(List<Cell> cells) throws Exception {
            DiskProbe disk = ctx.disk();
            Phase start = new Phase(ctx, "start", "engine started (its own JVM), no database open", disk);
            try (ExportImport.Session s = engine.startSession()) {
                cells.add(start.done(scale, Map.of()));
                Phase create = new Phase(ctx, "create", "create the database", disk);
                s.open(store);
                cells.add(create.done(scale, Map.of()));
                Phase imp = new Phase(ctx, "import", "import " + engine.exportFormat(), disk);
                s.importExport(export.file());
                Map<String, Double> v = new LinkedHashMap<>();
                if (export.records() > 0) v.put("records", (double) export.records());
                v.put("export_mb", Files.size(export.file()) / 1e6);
                cells.add(imp.done(scale, v));
                Phase close = new Phase(ctx, "close", "close the database: its disk cache flushed and its log ended", disk);
                s.closeDatabase();
                Map<String, Double> use = new LinkedHashMap<>(disk.diskUse());
                use.put("store_bytes", (double) bytes(store, false));
                if (!use.containsKey("disk_bytes")) use.put("disk_bytes", (double) bytes(store, true) + (wal == null ? 0 : bytes(wal, true)));
                if (wal != null) use.put("wal_bytes", (double) bytes(wal, false));
                cells.add(close.done(scale, use));
            }
        }

        /** A cold start on the imported database, opened, every class's records and every index's entries counted against the export's. */
        void coldStartAndCount(List<Cell> cells, List<String> failures) throws Exception {
            DiskProbe disk = ctx.disk();
            boolean dropped = dropOsCache && Machine.dropOsCache();
            Phase cold = new Phase(ctx, "cold-start", "engine started after the database was closed" + (dropped ? " and the OS file cache dropped" : ""), disk);
            try (ExportImport.Session s = engine.startSession()) {
                cells.add(cold.done(scale, Map.of("os_cache_dropped", dropped ? 1.0 : 0.0)));
                Phase open = new Phase(ctx, "open", "open the database (storage checks, schema, indexes loaded)", disk);
                s.open(store);
                cells.add(open.done(scale, Map.of()));
                Phase count = new Phase(ctx, "count", "count the records of every class", disk);
                Map<String, Long> counted = s.countRecords();
                Cell cc = count.done(scale, Map.of());
                List<Check> checks = checks(export.counts(), counted, s.indexEntries());
                for (Check c : checks) if (!c.passed()) failures.add(c.what() + ": " + c.detail());
                cells.add(cc.withChecks(checks));
                s.closeDatabase();
            }
        }
    }

    /** The records per class against the export's, and the entries of the generated export's two indexes against their classes. */
    static List<Check> checks(Map<String, Long> expected, Map<String, Long> counted, Map<String, Long> indexes) {
        List<Check> out = new ArrayList<>();
        long got = counted.values().stream().mapToLong(Long::longValue).sum();
        if (expected.isEmpty()) {
            out.add(new Check("records", -1, got, got > 0, String.format("%,d records in %d classes (your export: no oracle, only checked not empty)", got, counted.size())));
            return out;
        }
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, Long> e : expected.entrySet()) {
            Long n = counted.get(e.getKey());
            if (!e.getValue().equals(n)) wrong.add(e.getKey() + " " + n + " (expected " + e.getValue() + ")");
        }
        long total = expected.values().stream().mapToLong(Long::longValue).sum();
        out.add(new Check("records per class", total, got, wrong.isEmpty(), wrong.isEmpty() ? String.format("%,d records in %d classes, as generated", total, expected.size())
                : "wrong counts: " + String.join(", ", wrong.subList(0, Math.min(5, wrong.size())))));
        // the two indexes of the generated export cover every record of their class
        long items = expected.getOrDefault("Item", 0L), accounts = expected.getOrDefault("Account", 0L);
        boolean idx = expected.containsKey("Item") && expected.get("Item").equals(indexes.get("Item.name"))
                && expected.containsKey("Account") && expected.get("Account").equals(indexes.get("Account.code"));
        out.add(new Check("index entries", items + accounts, indexes.getOrDefault("Item.name", 0L) + indexes.getOrDefault("Account.code", 0L), idx,
                "Item.name " + indexes.get("Item.name") + " entries (Item: " + expected.get("Item") + "), Account.code " + indexes.get("Account.code")
                        + " (Account: " + expected.get("Account") + ")"));
        return out;
    }

    /** One timed phase with what reached the disk during it. */
    private static final class Phase {
        private final RunContext ctx;
        private final String scenario, title;
        private final DiskProbe disk;
        private final DiskProbe.Snapshot io0;
        private final long t0;

        Phase(RunContext ctx, String scenario, String title, DiskProbe disk) {
            ctx.progress().phase("export import: " + scenario);
            this.ctx = ctx;
            this.scenario = scenario;
            this.title = title;
            this.disk = disk;
            this.io0 = disk.snapshot();
            this.t0 = System.nanoTime();
        }

        Cell done(Double scale, Map<String, Double> values) {
            double s = (System.nanoTime() - t0) / 1e9;
            Map<String, Double> io = disk.since(io0);
            ctx.progress().phaseDone(String.format("%.2f s, %s written", s, Format.compact(io.getOrDefault("write_bytes", 0.0)) + "B"));
            Cell.Builder b = Cell.builder(ImportExperiment.NAME, scenario).title(title).scale(scale).phase(s).values(io).values(values);
            if (values.containsKey("records")) b.values(Map.of("records_per_s", values.get("records") / s));
            if (values.containsKey("disk_bytes")) b.figure("disk use", "MB", false, values.get("disk_bytes") / 1e6);
            return ctx.tag(b.build());
        }
    }

    /** Bytes under a folder: allocated on disk (du) or the files' lengths. */
    static long bytes(Path dir, boolean allocated) {
        if (!Files.exists(dir)) return 0;
        if (allocated) {
            try {
                Process p = new ProcessBuilder("du", "-s", "-B1", dir.toString()).redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes()).trim();
                if (p.waitFor() == 0) return Long.parseLong(out.split("\\s+")[0]);
            } catch (IOException | InterruptedException | RuntimeException e) {
                // fall back to the lengths
            }
        }
        try (var s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        } catch (IOException e) {
            return -1;
        }
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (var s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }
}
