package io.graphperf.workloads.imports;

import io.graphperf.core.UserError;
import io.graphperf.datagen.Datagen;
import io.graphperf.workloads.options.EngineChoice;
import io.graphperf.workloads.options.EngineOptions;
import io.graphperf.workloads.options.ExperimentCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

@Command(name = "import", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"E1 — bulk import, schema, cache warm-up: the engine's own bulk loader (Neo4j's importer, Kuzu's COPY) on a generated",
                "(b2b, social) or your own CSV folder, then one uniqueness constraint per label key and the property indexes, each timed until",
                "ONLINE, then cold starts with apoc.warmup.run and graphperf's query warm-up (their order alternated across repeats) and probe",
                "queries cold and warm. --engines loads the same files into several engines, side by side; a phase an engine cannot do is named.",
                "E3 — --dataset export: an engine that has an export format of its own (OrientDB's JSON export) imports one, generated (~21,000",
                "records in 130 classes with two indexes at scale 1) or yours, each phase timed with what reached the disk: start, create,",
                "import, close, cold start, open, count. Made for --matrix: filesystems, record sizes, compression, the log's place as axes."},
        footer = {"", "Examples:", "  graphperf run import --dataset b2b --scale 0.001,0.003,0.01",
                "  graphperf run import --scale 0.01 --variant small-cache:page-cache=64m --repeat 5",
                "  graphperf run import --dataset /data/my-csv-folder --index Person.name",
                "  graphperf run import --engines neo4j,kuzu --scale 0.01   (each engine's own loader on the same files)",
                "  graphperf run import --engine orientdb --dataset export --scale 1 --page-cache 256m",
                "  graphperf run import --engine orientdb --dataset export --setting orientdb.storage.compressionMethod=gzip",
                "  sudo graphperf run --matrix examples/e3-orientdb-zfs.yaml   (E3 over filesystems: root makes them)"})
public final class ImportCommand extends ExperimentCommand<ImportOptions> {

    @Option(names = "--dataset", paramLabel = "NAME|DIR|FILE", description = "b2b (default), social, a folder of Neo4j-import CSV files, export (E3: generated"
            + " in the engine's own export format) or an export file of that format (.json, .json.gz).")
    String dataset;
    @Option(names = "--scale", split = ",", paramLabel = "S", description = "Scale factors of the generated dataset, e.g. 0.001,0.003,0.01 (default: 0.01;"
            + " export: 1).")
    List<Double> scales = new ArrayList<>();
    @Option(names = "--index", split = ",", paramLabel = "LABEL.PROPERTY", description = "Property indexes after the constraints (default b2b: Individual.lastName,Organization.name; social: Person.lastName,Message.sentAt).")
    List<String> indexes;
    @Option(names = "--probe-label", paramLabel = "LABEL", description = "Label whose keys the probe queries look up (default: b2b Individual, social Person, else the first label with a key).")
    String probeLabel;
    @Option(names = "--bad-tolerance", paramLabel = "N", description = "Bad rows the importer may skip before it fails (default: 10000, as in the study).")
    Integer badTolerance;
    @Option(names = "--max-off-heap", paramLabel = "SIZE", description = "Neo4j's importer's --max-off-heap-memory (default: 2G).")
    String maxOffHeap;
    @Option(names = "--defects", paramLabel = "N", description = "Defects per kind injected into a generated dataset (default: 0).")
    Integer defects;
    @Option(names = "--dataset-seed", description = "Generator seed (default: " + Datagen.DEFAULT_SEED + ").")
    Long datasetSeed;
    @Option(names = "--dataset-cache", paramLabel = "DIR", description = "Where generated datasets are kept for reuse (default: OUT/datasets).")
    Path datasetCache;
    @Option(names = "--no-drop-os-cache", description = "Do not drop the OS file cache before cold starts (dropping needs root; default: drop when permitted).")
    boolean noDropOsCache;
    @Mixin
    EngineOptions engine = new EngineOptions();
    @Mixin
    EngineChoice engines = new EngineChoice();

    @Override
    public ImportOptions options() {
        String ds = dataset == null ? "b2b" : dataset;
        boolean export = ImportOptions.EXPORT.equals(ds);
        boolean generated = ImportOptions.GENERATED.contains(ds) || export;
        if (!generated && !Files.isDirectory(Path.of(ds)) && !Files.isRegularFile(Path.of(ds)))
            throw new UserError("--dataset '" + ds + "' is neither b2b, social, export, an existing folder nor an export file");
        if (!generated && !scales.isEmpty()) throw new UserError("--scale applies to generated datasets (b2b, social, export), not to a folder or file");
        if ((export || Files.isRegularFile(Path.of(ds))) && csvOnly() != null) throw new UserError(csvOnly() + " applies to CSV datasets, not to an export");
        List<Double> sc = generated ? (scales.isEmpty() ? List.of(export ? 1.0 : 0.01) : scales) : Collections.singletonList(Double.NaN);
        double max = export ? 1000 : 100;
        for (double s : sc) if (generated && !(s > 0 && s <= max)) throw new UserError("bad scale " + s + " (option --scale): above 0 and at most " + (int) max);
        int tolerance = badTolerance == null ? 10_000 : badTolerance;
        if (tolerance < 0) throw new UserError("--bad-tolerance must be 0 or more");
        return new ImportOptions(ds, sc, indexes, probeLabel, tolerance, maxOffHeap == null ? "2G" : maxOffHeap, defects == null ? 0 : defects,
                datasetSeed == null ? Datagen.DEFAULT_SEED : datasetSeed, datasetCache, !noDropOsCache);
    }

    /** The first option given that only a CSV import reads, or null. */
    private String csvOnly() {
        if (indexes != null) return "--index";
        if (probeLabel != null) return "--probe-label";
        if (badTolerance != null) return "--bad-tolerance";
        if (maxOffHeap != null) return "--max-off-heap";
        return defects != null ? "--defects" : null;
    }

    @Override
    public Optional<EngineChoice> engineChoice() {
        return Optional.of(engines);
    }

    @Override
    public EngineOptions engine() {
        return engine;
    }
}
