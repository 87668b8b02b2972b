package io.graphperf.cli;

import io.graphperf.engines.neo4j.HostSettings;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.Scenario;
import io.graphperf.workloads.imports.ImportExperiment;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The effective settings of a run: command line over config file over defaults, one variant applied. */
final class RunSettings implements Cloneable {
    Experiment experiment;
    String name;
    List<Scenario> scenarios;
    List<String> transports;
    io.graphperf.core.measure.RunPlan plan;
    String target, user, password, database, httpUrl, reset, heap, pageCache;
    Path dataDir, txLogDir, out;
    int boltPort, httpPort;
    Map<String, String> settings;
    boolean keepStore;
    // before/after
    List<Variant> variants;
    int repeat;
    Variant variant = Variant.baseline();
    // E1
    String dataset;
    List<Double> scales;
    List<String> indexes;
    String probeLabel, maxOffHeap;
    int badTolerance, defects;
    long seed;
    Path datasetCache;
    boolean dropOsCache;

    // E2
    io.graphperf.workloads.reads.ReadStudy.Options reads;

    boolean isImport() {
        return experiment instanceof ImportExperiment;
    }

    boolean isReads() {
        return experiment instanceof io.graphperf.workloads.reads.ReadExperiment;
    }

    /** A copy with {@code v}'s settings applied over these. */
    RunSettings with(Variant v) {
        RunSettings c;
        try {
            c = (RunSettings) clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
        c.variant = v;
        c.settings = new LinkedHashMap<>(settings);
        v.settings().forEach((k, val) -> {
            switch (k) {
                case "heap" -> c.heap = val;
                case "page-cache" -> c.pageCache = val;
                case "data-dir" -> c.dataDir = Path.of(val);
                case "tx-log-dir" -> c.txLogDir = Path.of(val);
                default -> c.settings.put(k, val);
            }
        });
        return c;
    }

    /**
     * The embedded server's settings for one store. A data or transaction-log directory the user
     * named gets a subfolder per store, so graphperf only ever creates and deletes its own folders.
     */
    HostSettings host(Path workDir, String storeId) {
        Path data = dataDir == null ? null : dataDir.resolve("graphperf-" + storeId);
        Path txLogs = txLogDir == null ? null : txLogDir.resolve("graphperf-" + storeId);
        return new HostSettings(workDir, heap, pageCache, data, txLogs, boltPort, httpPort, settings);
    }

    /** For run.json: everything that shaped the run (never the password). */
    Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("experiment", name);
        if (!variant.name().equals(Variant.BASELINE) || variants.size() > 1) {
            m.put("variant", variant.name());
            m.put("variantSettings", variant.settings());
        }
        if (isReads()) {
            m.put("scale", scales.get(0));
            m.put("transports", reads.transports());
            m.put("forms", reads.forms());
            m.put("cache", reads.cache());
            m.put("queries", reads.queries().stream().map(q -> q.id()).toList());
            m.put("repeatFactor", reads.repeatFactor());
            m.put("checkSamples", reads.checkSamples());
            m.put("threads", reads.threads());
            m.put("warmupSeconds", reads.warmup().toMillis() / 1000.0);
            m.put("durationSeconds", reads.duration().toMillis() / 1000.0);
            m.put("rates", reads.rates());
            m.put("connections", reads.connections());
            m.put("boltThreads", reads.boltThreads());
            m.put("sweepClients", reads.sweepClients());
        } else if (isImport()) {
            m.put("dataset", dataset);
            m.put("scales", scales);
            m.put("indexes", indexes);
            m.put("badTolerance", badTolerance);
            m.put("importerMaxOffHeap", maxOffHeap);
            m.put("defects", defects);
            m.put("seed", seed);
            m.put("dropOsCache", dropOsCache);
        } else {
            m.put("scenarios", scenarios.stream().map(Scenario::id).toList());
            m.put("transports", transports);
            m.put("loadModel", plan.model().describe());
            m.put("clients", plan.model().clients());
            m.put("warmupSeconds", plan.warmup().toMillis() / 1000.0);
            m.put("durationSeconds", plan.duration().toMillis() / 1000.0);
        }
        m.put("target", target == null ? "embedded" : target);
        if (target != null) {
            m.put("database", database);
            m.put("user", user);
        } else {
            m.put("heap", heap);
            m.put("pageCache", pageCache);
            m.put("dataDir", dataDir == null ? "(results folder)/engine/data" : dataDir + "/graphperf-*");
            m.put("txLogDir", txLogDir == null ? "(default, under the data directory)" : txLogDir + "/graphperf-*");
            m.put("settings", settings);
        }
        return m;
    }
}
