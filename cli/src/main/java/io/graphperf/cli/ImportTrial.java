package io.graphperf.cli;

import io.graphperf.core.export.ResultsFolder;
import io.graphperf.core.progress.ProgressListener;
import io.graphperf.core.results.ImportStudyResult;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.system.EnvironmentInfo;
import io.graphperf.engines.neo4j.HostSettings;
import io.graphperf.engines.neo4j.Neo4jImportSystem;
import io.graphperf.workloads.imports.ImportDataset;
import io.graphperf.workloads.imports.ImportDatasets;
import io.graphperf.workloads.imports.ImportStudy;

import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** One run of E1: the import study at each requested scale, into one results folder. */
final class ImportTrial {

    static final List<String> GENERATED = List.of("b2b", "social");

    private ImportTrial() {
    }

    static RunResult run(RunSettings s, Path runDir, ProgressListener progress) throws Exception {
        String startedAt = OffsetDateTime.now().toString();
        Map<String, Object> environment = EnvironmentInfo.collect(Home.get());
        List<ImportStudyResult> studies = new ArrayList<>();
        ImportStudy.Options options = new ImportStudy.Options(s.badTolerance, 20, s.dropOsCache);
        String target = "embedded Neo4j in a child JVM (heap " + s.heap + ", page cache " + s.pageCache + "), loaded by neo4j-admin database import full";
        List<Double> scales = GENERATED.contains(s.dataset) ? s.scales : java.util.Collections.singletonList(Double.NaN);
        for (double scale : scales) {
            ImportDataset ds = GENERATED.contains(s.dataset)
                    ? ImportDatasets.generated(s.dataset, scale, s.seed, s.defects, Runtime.getRuntime().availableProcessors(), s.datasetCache,
                    s.indexes, progress)
                    : ImportDatasets.folder(Path.of(s.dataset), s.indexes, s.probeLabel);
            String storeId = runDir.getFileName() + "-" + (Double.isNaN(scale) ? "data" : "scale-" + scale);
            HostSettings host = s.host(runDir.resolve("engine-" + (Double.isNaN(scale) ? "data" : "scale-" + scale)), storeId);
            try {
                studies.add(ImportStudy.run(new Neo4jImportSystem(host, Home.get(), s.maxOffHeap), ds, options, progress, environment));
            } catch (Exception e) {
                // the folder keeps the scales that finished and says why this one did not
                ResultsFolder.write(new RunResult(runDir.getFileName().toString(), s.name, startedAt, OffsetDateTime.now().toString(), s.describe(),
                        environment, target, "", List.of(), studies, List.of(ds.name() + " " + (Double.isNaN(scale) ? "" : scale) + ": " + e.getMessage())), runDir);
                throw e;
            } finally {
                if (!s.keepStore) Stores.delete(host);
            }
            ResultsFolder.write(new RunResult(runDir.getFileName().toString(), s.name, startedAt,
                    "(incomplete: " + studies.size() + " of " + scales.size() + " scales done)", s.describe(), environment, target, "",
                    List.of(), studies, List.of()), runDir);
        }
        RunResult run = new RunResult(runDir.getFileName().toString(), s.name, startedAt, OffsetDateTime.now().toString(), s.describe(),
                environment, target, "", List.of(), studies, List.of());
        progress.phase("write results");
        long w0 = System.nanoTime();
        ResultsFolder.write(run, runDir);
        double writing = (System.nanoTime() - w0) / 1e9;
        // graphperf's own work beside the engine's, for users who budget a big import
        double generation = studies.stream().mapToDouble(i -> Double.isNaN(i.generationSeconds()) ? 0 : i.generationSeconds()).sum();
        double own = studies.stream().mapToDouble(ImportStudyResult::ownWorkSeconds).sum();
        progress.phaseDone(String.format("graphperf's own work in this run: generating data %.1f s, bookkeeping %.2f s, writing results %.2f s",
                generation, own, writing));
        return run;
    }
}
