package io.graphperf.cli;

import io.graphperf.core.engine.BulkImportSystem;
import io.graphperf.core.export.ResultsFolder;
import io.graphperf.core.progress.ProgressListener;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.ScenarioResult;
import io.graphperf.core.system.EnvironmentInfo;
import io.graphperf.engines.neo4j.HostSettings;
import io.graphperf.engines.neo4j.Neo4jImportSystem;
import io.graphperf.workloads.imports.ImportDataset;
import io.graphperf.workloads.imports.ImportDatasets;
import io.graphperf.workloads.reads.ReadStudy;

import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One run of E2: load the social dataset with the bulk importer, then the read study, into one results folder. */
final class ReadTrial {

    private ReadTrial() {
    }

    static RunResult run(RunSettings s, Path runDir, ProgressListener progress) throws Exception {
        String startedAt = OffsetDateTime.now().toString();
        Map<String, Object> environment = EnvironmentInfo.collect(Home.get());
        double scale = s.scales.get(0);
        ImportDataset ds = ImportDatasets.generated("social", scale, s.seed, 0, Runtime.getRuntime().availableProcessors(), s.datasetCache,
                List.of(), progress);
        String storeId = runDir.getFileName() + "-reads";
        HostSettings host = s.host(runDir.resolve("engine"), storeId);
        Neo4jImportSystem system = new Neo4jImportSystem(host, Home.get(), s.maxOffHeap);
        Map<String, Object> config = s.describe();
        List<ScenarioResult> results = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        String target = "embedded Neo4j in a child JVM (heap " + s.heap + ", page cache " + s.pageCache + "), social dataset at scale " + scale;
        try {
            progress.phase("load social " + scale + " with Neo4j's importer");
            long t0 = System.nanoTime();
            BulkImportSystem.Outcome out = system.importFiles(ds.importArguments(s.badTolerance), progress);
            double seconds = (System.nanoTime() - t0) / 1e9;
            progress.phase("load social " + scale);
            progress.phaseDone(String.format("%,d nodes, %,d relationships in %.1f s", out.nodes(), out.relationships(), seconds));
            config.put("load", String.format("%,d nodes, %,d relationships, bulk import %.1f s", out.nodes(), out.relationships(), seconds));
            config.put("datasetDir", ds.dir().toString());
            ReadStudy study = new ReadStudy((settings, connections) -> {
                var t = system.start(settings, connections);
                environment.putIfAbsent("server", t.description());
                environment.putAll(t.environment());
                return t;
            }, ds.dir(), s.reads, runDir.resolve(ResultsFolder.HISTOGRAMS), progress, (soFar, f) -> ResultsFolder.write(new RunResult(
                    runDir.getFileName().toString(), s.name, startedAt, "(incomplete: " + soFar.size() + " measurements so far)", config,
                    environment, target, "", soFar, List.of(), f), runDir));
            results = study.run();
            failures.addAll(study.failures());
            config.put("resultChecks", study.checksPassed() + " of " + study.checksRun() + " passed");
        } catch (Exception e) {
            failures.add(e.getMessage());
            ResultsFolder.write(new RunResult(runDir.getFileName().toString(), s.name, startedAt, OffsetDateTime.now().toString(), config,
                    environment, target, "", results, List.of(), failures), runDir);
            throw e;
        } finally {
            if (!s.keepStore) Stores.delete(host);
        }
        RunResult run = new RunResult(runDir.getFileName().toString(), s.name, startedAt, OffsetDateTime.now().toString(), config,
                environment, target, "", results, List.of(), failures);
        ResultsFolder.write(run, runDir);
        return run;
    }
}
