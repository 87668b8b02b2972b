package io.graphperf.workloads.orientdb;

import io.graphperf.core.UserError;
import io.graphperf.core.measure.DiskProbe;
import io.graphperf.core.report.Format;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Check;
import io.graphperf.core.results.RunResult;
import io.graphperf.engines.orientdb.OrientHost;
import io.graphperf.engines.orientdb.host.OrientRequests;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.RunContext;
import io.graphperf.workloads.TrialResult;
import io.graphperf.workloads.options.ExperimentCommand;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * E3 — OrientDB import (spec: workloads.md, E3): an embedded OrientDB in its own JVM imports a JSON export; graphperf
 * times each phase from its side — the host's start, creating the database, the import, closing it (the disk cache
 * flushed), a cold start with the operating system's file cache dropped (root), opening the database, counting every
 * class — and measures what reached the disk in each phase and the space the store and its WAL take.
 */
public final class OrientImportExperiment implements Experiment<OrientImportOptions> {

    public static final String NAME = "orientdb-import";
    static final String DATABASE = "graphperf-e3";
    private static final Duration LONG = Duration.ofHours(2);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String title() {
        return "E3 — OrientDB import over storage configurations";
    }

    @Override
    public String description() {
        return "An embedded OrientDB " + OrientHost.VERSION + " (own JVM) imports a JSON export (generated: ~21,000 records in 130 classes, two indexes,"
                + " at scale 1), each phase timed with what reached the disk; --matrix runs it over filesystems, record sizes, compression and WAL places.";
    }

    @Override
    public ExperimentCommand<OrientImportOptions> command() {
        return new OrientImportCommand();
    }

    @Override
    public TrialResult run(RunContext ctx, OrientImportOptions o) throws Exception {
        Path cache = o.datasetCache() != null ? o.datasetCache() : ctx.datasetCache();
        OrientExport.Export export = o.export() != null ? OrientExport.yours(o.export())
                : OrientExport.generated(ctx.home(), cache, o.scale(), o.datasetSeed(), ctx.progress());
        Map<String, String> settings = settings(ctx, o.diskCacheMb(), o.settings());
        Path dataDir = ctx.settings().containsKey("data-dir") ? Path.of(ctx.settings().get("data-dir")) : ctx.dir().resolve("orientdb");
        Path db = dataDir.resolve(DATABASE);
        Path wal = settings.containsKey("storage.wal.path") ? Path.of(settings.get("storage.wal.path")) : null;
        Path hostDir = ctx.dir().resolve("orientdb-host");
        List<Cell> cells = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        Trial t = new Trial(ctx, o, export, settings, hostDir, db, wal, o.export() == null ? o.scale() : null);
        try {
            t.createAndImport(cells);
            t.coldStartAndCount(cells, failures);
        } finally {
            if (!o.keepStore()) {
                delete(db);
                if (wal != null) delete(wal);
            }
        }
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("orientdbSettings", settings);
        config.put("export", export.file().toString());
        if (!Double.isNaN(export.generationSeconds())) config.put("exportGenerationSeconds", export.generationSeconds());
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("orientdb", OrientHost.VERSION + " embedded, in its own JVM (heap " + o.heap() + ")");
        List<Cell> tagged = cells.stream().map(ctx::tag).toList();
        ctx.saved().cells(tagged, failures);
        return new TrialResult(tagged, "embedded OrientDB " + OrientHost.VERSION + " (child JVM, disk cache " + o.diskCacheMb() + " MB)", "",
                env, config, null, List.of(), failures);
    }

    /** One trial's phases, each a cell with what reached the disk. */
    private record Trial(RunContext ctx, OrientImportOptions o, OrientExport.Export export, Map<String, String> settings, Path hostDir, Path db,
                         Path wal, Double scale) {

        /** A new database, imported, closed. */
        void createAndImport(List<Cell> cells) throws Exception {
            DiskProbe disk = ctx.disk();
            long records = export.counts().values().stream().mapToLong(Long::longValue).sum();
            Phase start = new Phase(ctx, "start", "engine host JVM started, OrientDB initialised", disk);
            OrientHost host = OrientHost.start(ctx.home(), hostDir, o.heap(), settings);
            cells.add(start.done(scale, Map.of()));
            try {
                Phase create = new Phase(ctx, "create", "create database (plocal)", disk);
                host.call(Duration.ofMinutes(5), new OrientRequests.Create(db.toString()));
                cells.add(create.done(scale, Map.of()));
                Phase imp = new Phase(ctx, "import", "import the JSON export (ODatabaseImport: schema, records, indexes)", disk);
                host.call(LONG, new OrientRequests.Import(export.file().toString()));
                Map<String, Double> v = new LinkedHashMap<>();
                if (records > 0) v.put("records", (double) records);
                v.put("export_mb", Files.size(export.file()) / 1e6);
                Cell ic = imp.done(scale, v);
                if (records > 0) ic = withRate(ic, records);
                cells.add(ic);
                Phase close = new Phase(ctx, "close", "close the database: its disk cache flushed and the WAL ended", disk);
                host.call(LONG, new OrientRequests.Close());
                Map<String, Double> use = new LinkedHashMap<>(disk.diskUse());
                use.put("store_bytes", (double) bytes(db, false));
                if (!use.containsKey("disk_bytes")) use.put("disk_bytes", (double) bytes(db, true) + (wal == null ? 0 : bytes(wal, true)));
                if (wal != null) use.put("wal_bytes", (double) bytes(wal, false));
                cells.add(close.done(scale, use));
            } finally {
                host.close();
            }
        }

        /** A cold start on the imported database, opened, every class's records and every index's entries counted against the export's. */
        void coldStartAndCount(List<Cell> cells, List<String> failures) throws Exception {
            DiskProbe disk = ctx.disk();
            boolean dropped = dropOsCache();
            Phase cold = new Phase(ctx, "cold-start", "engine host started after the database was closed" + (dropped ? " and the OS file cache dropped" : ""), disk);
            OrientHost again = OrientHost.start(ctx.home(), hostDir, o.heap(), settings);
            cells.add(cold.done(scale, Map.of("os_cache_dropped", dropped ? 1.0 : 0.0)));
            try {
                Phase open = new Phase(ctx, "open", "open the database (storage checks, schema, indexes loaded)", disk);
                again.call(LONG, new OrientRequests.Open(db.toString()));
                cells.add(open.done(scale, Map.of()));
                Phase count = new Phase(ctx, "count", "count the records of every class", disk);
                Map<String, Long> counted = again.call(LONG, new OrientRequests.Count()).counts();
                Cell cc = count.done(scale, Map.of());
                Map<String, Long> indexes = again.call(LONG, new OrientRequests.IndexEntries()).counts();
                List<Check> checks = checks(export.counts(), counted, indexes);
                for (Check c : checks) if (!c.passed()) failures.add(c.what() + ": " + c.detail());
                cells.add(cc.withChecks(checks));
                again.call(LONG, new OrientRequests.Close());
            } finally {
                again.close();
            }
        }
    }

    /** OrientDB's settings for a trial: the disk cache, the user's, the variant's (storage.*, disk-cache), the WAL's folder. */
    static Map<String, String> settings(RunContext ctx, int diskCacheMb, Map<String, String> user) throws IOException {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("storage.diskCache.bufferSize", Integer.toString(diskCacheMb));
        s.putAll(user);
        for (Map.Entry<String, String> e : ctx.settings().entrySet()) {
            String k = e.getKey();
            if (k.equals("data-dir")) continue;
            if (k.equals("tx-log-dir")) s.put("storage.wal.path", Path.of(e.getValue()).resolve("wal").toAbsolutePath().toString());
            else if (k.equals("disk-cache")) s.put("storage.diskCache.bufferSize", e.getValue());
            else if (k.contains(".")) s.put(k, e.getValue());
            else throw new UserError("setting '" + k + "' does not apply to OrientDB; use disk-cache, data-dir, tx-log-dir or an OrientDB setting (storage.…)");
        }
        if (s.containsKey("storage.wal.path")) Files.createDirectories(Path.of(s.get("storage.wal.path")));
        return s;
    }

    static List<Check> checks(Map<String, Long> expected, Map<String, Long> counted, Map<String, Long> indexes) {
        List<Check> out = new ArrayList<>();
        if (!expected.isEmpty()) {
            List<String> wrong = new ArrayList<>();
            for (Map.Entry<String, Long> e : expected.entrySet()) {
                Long got = counted.get(e.getKey());
                if (!e.getValue().equals(got)) wrong.add(e.getKey() + " " + got + " (expected " + e.getValue() + ")");
            }
            long total = expected.values().stream().mapToLong(Long::longValue).sum();
            long got = counted.values().stream().mapToLong(Long::longValue).sum();
            out.add(new Check("records per class", total, got, wrong.isEmpty(), wrong.isEmpty() ? String.format("%,d records in %d classes, as generated", total, expected.size())
                    : "wrong counts: " + String.join(", ", wrong.subList(0, Math.min(5, wrong.size())))));
            // the two indexes of the generated export cover every record of their class
            boolean idx = expected.containsKey("Item") && expected.get("Item").equals(indexes.get("Item.name"))
                    && expected.containsKey("Account") && expected.get("Account").equals(indexes.get("Account.code"));
            out.add(new Check("index entries", expected.getOrDefault("Item", 0L) + expected.getOrDefault("Account", 0L),
                    indexes.getOrDefault("Item.name", 0L) + indexes.getOrDefault("Account.code", 0L), idx, "Item.name " + indexes.get("Item.name") + " entries (Item: " + expected.get("Item") + "), Account.code "
                    + indexes.get("Account.code") + " (Account: " + expected.get("Account") + ")"));
        } else {
            long total = counted.values().stream().mapToLong(Long::longValue).sum();
            out.add(new Check("records", -1, total, total > 0, String.format("%,d records in %d classes (your export: no oracle, only checked not empty)", total, counted.size())));
        }
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
            ctx.progress().phase("OrientDB: " + scenario);
            this.scenario = scenario;
            this.title = title;
            this.disk = disk;
            this.io0 = disk.snapshot();
            this.t0 = System.nanoTime();
            this.ctx = ctx;
        }

        Cell done(Double scale, Map<String, Double> values) {
            double s = (System.nanoTime() - t0) / 1e9;
            Map<String, Double> io = disk.since(io0);
            ctx.progress().phaseDone(String.format("%.2f s, %s written", s, Format.compact(io.getOrDefault("write_bytes", 0.0)) + "B"));
            Cell.Builder b = Cell.builder(NAME, scenario).title(title).scale(scale).phase(s).values(io).values(values);
            if (values.containsKey("disk_bytes")) b.figure("disk use", "MB", false, values.get("disk_bytes") / 1e6);
            return b.build();
        }
    }

    private static Cell withRate(Cell c, long records) {
        Map<String, Double> v = new LinkedHashMap<>(c.values());
        v.put("records_per_s", records / c.seconds());
        return new Cell(c.experiment(), c.scenario(), c.title(), c.query(), c.transport(), c.clients(), c.load(), c.offeredPerSecond(), c.variant(),
                c.repeat(), c.scale(), c.dimensions(), c.axes(), c.measurement(), c.seconds(), v, c.checks(), c.reference(), c.component(), c.validity(),
                c.figures(), c.entityUnit(), c.agents());
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

    /** Drops the operating system's file cache (root only); false when not permitted. */
    static boolean dropOsCache() {
        try {
            new ProcessBuilder("sync").start().waitFor();
            Files.writeString(Path.of("/proc/sys/vm/drop_caches"), "3\n");
            return true;
        } catch (IOException | InterruptedException | SecurityException e) {
            return false;
        }
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (var s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }

    @Override
    public void summary(RunResult run, PrintStream out) {
        OrientImportSummary.print(run, out);
    }
}
