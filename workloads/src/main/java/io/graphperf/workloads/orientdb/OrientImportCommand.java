package io.graphperf.workloads.orientdb;

import io.graphperf.core.UserError;
import io.graphperf.workloads.options.ExperimentCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import io.graphperf.engines.orientdb.OrientHost;
import io.graphperf.workloads.options.EngineOptions;

import java.nio.file.Files;
import java.nio.file.Path;

@Command(name = "orientdb-import", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"E3 — OrientDB import: an embedded OrientDB " + OrientHost.VERSION + " in its own JVM imports a JSON",
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
    @picocli.CommandLine.Mixin
    OrientEngineOptions engine = new OrientEngineOptions();
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
        return new OrientImportOptions(export, s, datasetSeed == null ? 1 : datasetSeed, engine.diskCacheMb(), engine.heapOrDefault(), engine.settings(),
                datasetCache, keepStore);
    }

    @Override
    public EngineOptions engine() {
        return new EngineOptions(); // Neo4j's options do not apply: this experiment starts OrientDB
    }
}
