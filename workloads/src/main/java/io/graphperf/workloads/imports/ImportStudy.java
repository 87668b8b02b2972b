package io.graphperf.workloads.imports;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.PageCacheState;
import io.graphperf.core.measure.DiskProbe;
import io.graphperf.core.measure.PhaseTimer;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.results.Reference;
import io.graphperf.core.report.Format;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * E1 on one dataset: bulk import, schema, cold start, warm-up. This class is the measuring layer of
 * the study: the system only executes, every figure is timed here.
 *
 * <p>Cache states are made by restarting the server: "cold" probes run right after a cold start; each
 * warm-up method starts from its own cold start, so neither benefits from the other or from the probes.
 */
public final class ImportStudy {

    /**
     * @param badTolerance  the importer's --bad-tolerance (the spec's 10,000)
     * @param probeSamples  keys per per-key probe
     * @param dropOsCache   also drop the operating system's file cache before each cold start (when permitted)
     */
    public record Options(int badTolerance, int probeSamples, boolean dropOsCache) {
    }

    public static final String COLD = "cold";
    static final int PRIMING_RUNS = 100;

    private static final String SOURCE = "spec E1: a Neo4j proof of concept, 20 cores / 140 GB / premium SSD";
    /** The spec's published figures (full-scale b2b on a 20-core cloud VM), beside which E1's are shown. */
    static final Map<String, Reference> REFERENCES = Map.of(
            ImportStudyResult.IMPORT_ROWS_PER_CORE, new Reference("2.63 B rows (458 M nodes + 2.18 B relationships) in 89–93 min on 20 cores"
                    + " ≈ 23.6–24.7 k rows/s per core", 24_000, "rows/s per core", SOURCE),
            ImportStudyResult.WARMUP_MB_PER_SECOND, new Reference("apoc.warmup.run loaded 117 GB in 35–44 min: 28–42 MB/s", 35, "MB/s", SOURCE),
            ImportStudyResult.CONSTRAINT_ROWS_PER_SECOND, new Reference("uniqueness constraints on the 196 M / 261 M-node labels took 47–62 min"
                    + " ≈ 53–93 k nodes/s", 70_000, "nodes/s", SOURCE));

    private ImportStudy() {
    }

    /**
     * @param environment  receives the server's versions and settings at its first start
     * @param graphperfFirst run graphperf's warm-up before APOC's (alternated across repeats, so that neither always
     *                     follows the other's filling of the operating system's file cache)
     */
    public static ImportStudyResult run(BulkImport system, ImportDataset ds, Options options, ProgressListener progress,
                                        Map<String, Object> environment, boolean graphperfFirst, DiskProbe disk) throws Exception {
        Study study = new Study(system, ds, options, progress, disk);
        ImportPhase phase = study.importFiles();
        Schema schema = study.schema(environment);
        List<Probes.Probe> probes = schema.probeKey() == null ? List.of() : schema.dialect().probes(ds.probeLabel(), schema.probeKey());
        if (schema.keys().isEmpty()) probes = probes.stream().filter(p -> !p.perKey()).toList();
        Warmed warmed = study.coldAndWarm(schema, probes, phase, graphperfFirst);
        List<ProbeResult> probeResults = new ArrayList<>();
        for (int i = 0; i < probes.size(); i++) {
            Probes.Probe p = probes.get(i);
            probeResults.add(new ProbeResult(p.name(), p.query(), p.perKey() ? schema.keys().size() : 1, warmed.latency()[i], warmed.faults()[i]));
        }
        return new ImportStudyResult(new ImportStudyResult.Data(ds.name(), ds.scale(), ds.dir().toString(), ds.generationSeconds()), phase, warmed.startSeconds(), schema.steps(),
                warmed.warmups(), probeResults, warmed.osCacheDropped(), study.ownNanos / 1e9, REFERENCES, warmed.order(), study.phaseIo,
                schema.dialect().notExpressible());
    }

    /** The schema phase's outcome: its steps, the engine's dialect and the keys the probes use (measured, and others to prime with). */
    private record Schema(List<SchemaStep> steps, ImportDialect dialect, String probeKey, List<Object> keys, List<Object> primingKeys) {
    }

    /** The cold start and the warm-ups: each probe's latency and page faults per cache state. */
    private record Warmed(double startSeconds, List<WarmupResult> warmups, List<String> order, boolean osCacheDropped,
                          Map<String, double[]>[] latency, Map<String, Long>[] faults) {
    }

    /** One study's phases in order, with what they share: the disk counters per phase and the harness's own time. */
    private static final class Study {
        private final BulkImport system;
        private final ImportDataset ds;
        private final Options options;
        private final ProgressListener progress;
        private final DiskProbe disk;
        private final String label;
        private final Map<String, Map<String, Double>> phaseIo = new LinkedHashMap<>();
        private long ownNanos;

        Study(BulkImport system, ImportDataset ds, Options options, ProgressListener progress, DiskProbe disk) {
            this.system = system;
            this.ds = ds;
            this.options = options;
            this.progress = progress;
            this.disk = disk;
            this.label = ds.name() + (Double.isNaN(ds.scale()) ? "" : " " + Format.scale(ds.scale()));
        }

        ImportPhase importFiles() throws Exception {
            progress.phase("import " + label + " (the engine's own loader)");
            DiskProbe.Snapshot io0 = disk.snapshot();
            PhaseTimer.Timed<BulkImport.Outcome> imported = PhaseTimer.time(() -> system.importFiles(ds.importArguments(options.badTolerance()), progress));
            BulkImport.Outcome out = imported.value();
            double importSeconds = imported.seconds();
            phaseIo.put("import", DiskProbe.merged(disk.since(io0), disk.diskUse()));
            progress.phase("import " + label);
            long o0 = PhaseTimer.now();
            Map<String, Long> storeFiles = system.storeFiles();
            ownNanos += PhaseTimer.now() - o0;
            ImportPhase phase = new ImportPhase(importSeconds, new ImportPhase.Importer(out.importerSeconds(), out.stages(), out.importerPeakMemory(),
                    out.badEntries(), out.report().toString(), out.log().toString(), out.command()),
                    new ImportPhase.Counts(out.nodes(), out.relationships(), out.properties()), new ImportPhase.Input(ds.inputBytes(), ds.inputRows()),
                    out.peakRssBytes(), storeFiles);
            progress.phaseDone(String.format("%,d nodes, %,d relationships in %.1f s (%,.0f rows/s), %d bad entries", phase.nodes(),
                    phase.relationships(), importSeconds, phase.rowsPerSecond(), phase.badEntries()));
            return phase;
        }

        /** The schema on the freshly imported store, each step's entries counted, and the probe keys sampled. */
        Schema schema(Map<String, Object> environment) throws Exception {
            List<SchemaStep> schema = new ArrayList<>();
            List<Object> keys = List.of(), primingKeys = List.of();
            String probeKey = ds.probeLabel() == null ? null : ds.labelKeys().get(ds.probeLabel());
            progress.phase("start the engine on the imported store");
            try (Engine t = system.start()) {
                progress.phaseDone("started");
                environment.putAll(t.environment());
                ImportDialect dialect = ImportDialect.of(t);
                List<SchemaPhase.Step> steps = dialect.schema(ds);
                DiskProbe.Snapshot s0 = disk.snapshot();
                List<SchemaPhase.Timing> timings = SchemaPhase.run(t, steps, progress);
                phaseIo.put("schema", disk.since(s0));
                long o0 = PhaseTimer.now();
                for (int i = 0; i < steps.size(); i++) {
                    SchemaPhase.Timing st = timings.get(i);
                    long entries = t.queryLong(dialect.countLabel(steps.get(i).label()));
                    schema.add(new SchemaStep(st.index(), st.statement(), st.statementSeconds(), st.onlineSeconds(), entries));
                }
                if (probeKey != null) {
                    long count = t.queryLong(dialect.countLabel(ds.probeLabel()));
                    // every other sampled key primes the server's code paths; the rest are measured
                    List<Object> sampled = t.queryColumn(dialect.sampleKeys(ds.probeLabel(), probeKey, count, 2 * options.probeSamples()));
                    List<Object> measured = new ArrayList<>(), priming = new ArrayList<>();
                    for (int k = 0; k < sampled.size(); k++) (k % 2 == 0 ? measured : priming).add(sampled.get(k));
                    keys = measured;
                    primingKeys = priming.isEmpty() ? measured : priming;
                }
                ownNanos += PhaseTimer.now() - o0;
                return new Schema(schema, dialect, probeKey, keys, primingKeys);
            }
        }

        /** A cold start and the probes, then each warm-up method from its own cold start, followed by the probes again. */
        Warmed coldAndWarm(Schema schema, List<Probes.Probe> probes, ImportPhase phase, boolean graphperfFirst) throws Exception {
            Map<String, double[]>[] latency = newMaps(probes.size());
            Map<String, Long>[] faults = newMaps(probes.size());
            DiskProbe.Snapshot c0 = disk.snapshot();
            Cold cold = coldStart(system, options, progress, "cold start");
            phaseIo.put("cold-start", disk.since(c0));
            boolean dropped = options.dropOsCache() && cold.osCacheDropped;
            try (Engine t = cold.target) {
                runProbes(t, schema.dialect(), probes, schema.keys(), schema.primingKeys(), COLD, latency, faults, progress);
            }
            List<WarmupResult> warmups = new ArrayList<>();
            long storeBytes = phase.storeFiles().entrySet().stream().filter(e -> e.getKey().startsWith("databases/")).mapToLong(Map.Entry::getValue).sum();
            List<WarmupMethods.Method> methods = new ArrayList<>(schema.dialect().warmups(ds));
            if (graphperfFirst) Collections.reverse(methods);
            int position = 0;
            for (WarmupMethods.Method m : methods) {
                position++;
                Cold c = coldStart(system, options, progress, "cold start for " + m.name());
                dropped &= c.osCacheDropped;
                try (Engine t = c.target) {
                    warmups.add(warmUp(t, m, position, storeBytes, c.osCacheDropped));
                    runProbes(t, schema.dialect(), probes, schema.keys(), schema.primingKeys(), "after " + m.name(), latency, faults, progress);
                }
            }
            return new Warmed(cold.seconds, warmups, methods.stream().map(WarmupMethods.Method::name).toList(), dropped, latency, faults);
        }

        private WarmupResult warmUp(Engine t, WarmupMethods.Method m, int position, long storeBytes, boolean osCacheDropped) throws Exception {
            progress.phase("warm-up: " + m.name());
            Optional<PageCacheState> before = t.pageCache();
            DiskProbe.Snapshot w0 = disk.snapshot();
            double seconds = PhaseTimer.time(() -> {
                for (String s : m.statements()) t.execute(s, Map.of());
                return null;
            }).seconds();
            phaseIo.put("warm-up " + m.name(), disk.since(w0));
            Optional<PageCacheState> after = t.pageCache();
            boolean known = after.isPresent() && before.isPresent();
            WarmupResult w = new WarmupResult(m.name(), m.description(), seconds, known ? after.get().bytesRead() - before.get().bytesRead() : -1,
                    // pages the warm-up added: what the cache held at start (the system database, headers) is not the store's
                    known ? Math.max(0, after.get().usedBytes() - before.get().usedBytes()) : -1,
                    storeBytes, after.map(PageCacheState::capacityBytes).orElse(-1L), position, !osCacheDropped);
            progress.phaseDone(w.bytesRead() < 0 ? String.format("%.1f s (the engine reports no page cache: what it read is not known)", seconds)
                    : String.format("%.1f s, %.0f MB read (%.1f MB/s%s), %.0f %% of the store cached", seconds, w.bytesRead() / 1e6,
                    w.megabytesPerSecond(), w.osCached() ? ", OS file cache not dropped: may be memory" : "", 100 * w.cachedFraction()));
            return w;
        }
    }

    private record Cold(Engine target, double seconds, boolean osCacheDropped) {
    }

    private static Cold coldStart(BulkImport system, Options options, ProgressListener progress, String what) throws Exception {
        progress.phase(what);
        boolean dropped = options.dropOsCache() && system.dropOsCache();
        PhaseTimer.Timed<Engine> started = PhaseTimer.time(system::start);
        Engine t = started.value();
        double seconds = started.seconds();
        progress.phaseDone(String.format("server up in %.1f s%s", seconds, dropped ? " (OS file cache dropped)" : ""));
        return new Cold(t, seconds, dropped);
    }

    private static void runProbes(Engine t, ImportDialect dialect, List<Probes.Probe> probes, List<Object> keys, List<Object> primingKeys, String state,
                                  Map<String, double[]>[] latency, Map<String, Long>[] faults, ProgressListener progress) throws Exception {
        if (probes.isEmpty()) return;
        progress.phase("probe queries, " + state);
        // plan every probe and run the per-key ones on other keys first (touching their few pages): a cold
        // probe should pay for the disk, not for the planner or for code the server's JIT has not compiled yet
        for (Probes.Probe p : probes) {
            t.execute(dialect.explain(p.query()), p.perKey() ? Map.of("key", keys.get(0)) : Map.of());
            if (p.perKey()) for (int i = 0; i < PRIMING_RUNS; i++) t.execute(p.query(), Map.of("key", primingKeys.get(i % primingKeys.size())));
        }
        for (int i = 0; i < probes.size(); i++) {
            Probes.Probe p = probes.get(i);
            List<Object> params = p.perKey() ? keys : Collections.singletonList(null);
            double[] ms = new double[params.size()];
            Optional<PageCacheState> before = t.pageCache();
            for (int j = 0; j < params.size(); j++) {
                Map<String, Object> args = p.perKey() ? Map.of("key", params.get(j)) : Map.of();
                long s = PhaseTimer.now();
                t.execute(p.query(), args);
                ms[j] = (PhaseTimer.now() - s) / 1e6;
            }
            Optional<PageCacheState> after = t.pageCache();
            Arrays.sort(ms);
            latency[i].put(state, new double[]{ms[ms.length / 2], ms[ms.length - 1]});
            faults[i].put(state, before.isPresent() && after.isPresent() ? after.get().faults() - before.get().faults() : -1);
            progress.progress((i + 1.0) / probes.size(), p.name());
        }
        progress.phaseDone("done");
    }

    @SuppressWarnings("unchecked")
    private static <V> Map<String, V>[] newMaps(int n) {
        Map<String, V>[] maps = new Map[n];
        for (int i = 0; i < n; i++) maps[i] = new LinkedHashMap<>();
        return maps;
    }

}
