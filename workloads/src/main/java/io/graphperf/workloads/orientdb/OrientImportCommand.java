package io.graphperf.workloads.orientdb;

import io.graphperf.core.UserError;
import io.graphperf.workloads.options.ExperimentCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

@Command(name = "orientdb-import", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"E3 — OrientDB import: an embedded OrientDB " + io.graphperf.engines.orientdb.OrientHost.VERSION + " in its own JVM imports a JSON",
                "database export (generated: ~21,000 records in 130 classes with two indexes at scale 1, or yours), each phase timed:",
                "create, import, close (flush), cold start, open, count; with what reached the disk and the space the store takes.",
                "Made for --matrix: filesystems, record sizes, compression, the WAL's place (storage.wal.path) and the disk cache as axes."},
        footer = {"", "Examples:", "  graphperf run orientdb-import --scale 1",
                "  sudo graphperf run orientdb-import --matrix examples/e3-orientdb-zfs.yaml",
                "  graphperf run orientdb-import --setting storage.compressionMethod=gzip --disk-cache 128"})
public final class OrientImportCommand extends ExperimentCommand<OrientImportOptions> {

    @Option(names = "--export", paramLabel = "FILE", description = "An OrientDB JSON export (.json or .json.gz) to import instead of a generated one.")
    Path export;
    @Option(names = "--scale", paramLabel = "S", description = "Scale of the generated export: about 21,000 records at 1 (default: 1).")
    Double scale;
    @Option(names = "--dataset-seed", description = "Generator seed (default: 1).")
    Long datasetSeed;
    @Option(names = "--disk-cache", paramLabel = "MB", description = "OrientDB's disk cache, storage.diskCache.bufferSize in MB (default: 256).")
    Integer diskCache;
    @Option(names = "--heap", paramLabel = "SIZE", description = "Heap of the OrientDB engine host JVM (default: 1g).")
    String heap;
    @Option(names = "--setting", paramLabel = "KEY=VALUE", description = "An OrientDB setting, e.g. storage.compressionMethod=gzip; repeatable.")
    Map<String, String> settings = new LinkedHashMap<>();
    @Option(names = "--dataset-cache", paramLabel = "DIR", description = "Where generated exports are kept for reuse (default: OUT/datasets).")
    Path datasetCache;
    @Option(names = "--keep-store", description = "Keep the imported database in the trial folder.")
    boolean keepStore;

    @Override
    public OrientImportOptions options() {
        if (export != null && !Files.isRegularFile(export)) throw new UserError("--export " + export + " is not a file");
        if (export != null && scale != null) throw new UserError("--scale applies to the generated export, not to --export");
        double s = scale == null ? 1 : scale;
        if (!(s > 0 && s <= 1000)) throw new UserError("bad scale " + s + " (option --scale): above 0 and at most 1000");
        int cache = diskCache == null ? 256 : diskCache;
        if (cache < 16) throw new UserError("--disk-cache " + cache + ": at least 16 (MB)");
        for (String k : settings.keySet()) {
            if (!k.startsWith("storage.") && !k.startsWith("db.") && !k.startsWith("index.") && !k.startsWith("memory."))
                throw new UserError("--setting " + k + ": not an OrientDB setting (they start with storage., db., index. or memory.)");
        }
        return new OrientImportOptions(export, s, datasetSeed == null ? 1 : datasetSeed, cache, heap == null ? "1g" : heap, settings, datasetCache, keepStore);
    }

    @Override
    public io.graphperf.workloads.options.EngineOptions engine() {
        return new io.graphperf.workloads.options.EngineOptions(); // Neo4j's options do not apply: this experiment starts OrientDB
    }
}
