package io.graphperf.cli;

import io.graphperf.datagen.Datagen;
import io.graphperf.datagen.DatasetStats;
import io.graphperf.datagen.Manifest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.ExportImport;
import io.graphperf.workloads.imports.ExportDataset;
import io.graphperf.workloads.options.EngineCatalog;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "datagen", mixinStandardHelpOptions = true,
        description = {"Generates datasets in Neo4j's bulk-import format (header files, ID spaces per label, typed columns) with a manifest.json,",
                "or a database export in an engine's own format for E3."},
        subcommands = {DatagenCommand.Social.class, DatagenCommand.B2b.class, DatagenCommand.Export.class, DatagenCommand.Stats.class})
public final class DatagenCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** Options shared by the generators. */
    static final class GeneratorOptions {
        @Option(names = "--scale", required = true, description = "Scale factor (1 = the spec's full size).")
        double scale;
        @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output folder: new or empty (see --force).")
        Path out;
        @Option(names = "--seed", description = "Random seed; the same arguments give byte-identical files (default: " + Datagen.DEFAULT_SEED
                + ", the seed run reads, run import and run workload generate and check with).")
        long seed = Datagen.DEFAULT_SEED;
        @Option(names = "--gzip", description = "Compress the data files (.csv.gz), as the importer prefers for large inputs.")
        boolean gzip;
        @Option(names = "--threads", description = "Writer threads (default: all cores). The output does not depend on it.")
        int threads = Runtime.getRuntime().availableProcessors();
        @Option(names = "--defects", description = "Inject N bad rows of each kind (duplicate ids, dangling relationships, "
                + "missing and extra columns, empty strings), listed in the manifest (default: 0).")
        int defects;
        @Option(names = "--force", description = "Replace the contents of a non-empty output folder.")
        boolean force;
        @Option(names = "--verbose", description = "Show stack traces of errors.")
        boolean verbose;

        int generate(String dataset) throws Exception {
            ConsoleProgress progress = ConsoleProgress.forStderr();
            progress.phase("generate " + dataset + " at scale " + scale);
            Datagen.Outcome o = Datagen.generate(new Datagen.Request(dataset, scale, seed, gzip, threads, defects, force), out, progress);
            Manifest m = o.manifest();
            progress.phaseDone(String.format("%,d rows in %.1f s: %,.0f rows/s, %,.1f MB/s of CSV", o.rows(), o.seconds(),
                    o.rows() / o.seconds(), o.uncompressedBytes() / 1e6 / o.seconds()));
            System.out.printf("%s at scale %s, seed %d: %,d nodes, %,d relationships, %,.1f MB on disk%n", m.dataset(), scale, seed,
                    m.totalNodes(), m.totalRelationships(), m.totalBytes() / 1e6);
            m.nodes().forEach((k, g) -> System.out.printf("  %-20s %,14d nodes%n", k, g.expected()));
            m.relationships().forEach((k, g) -> System.out.printf("  %-20s %,14d relationships%n", k, g.expected()));
            if (!m.defects().isEmpty()) System.out.printf("  %d injected bad rows, listed in the manifest%n", m.defects().size());
            m.extras().forEach((file, what) -> System.out.println("  " + file + ": " + what));
            System.out.println("Manifest: " + out.toAbsolutePath().resolve(Manifest.FILE));
            System.out.println("Import:   " + m.importCommand() + " --max-off-heap-memory=2G");
            return 0;
        }
    }

    /** A generator subcommand: the shared options, and the dataset its name says. */
    abstract static class Generate implements Callable<Integer> {
        @Mixin
        GeneratorOptions options;

        @Override
        public Integer call() throws Exception {
            return options.generate(getClass().getAnnotation(Command.class).name());
        }
    }

    @Command(name = "social", mixinStandardHelpOptions = true, description = "The E2 intranet social network (scale 1: ~83 k nodes, ~304 k relationships).")
    static final class Social extends Generate {
    }

    @Command(name = "b2b", mixinStandardHelpOptions = true, description = "The E1 B2B marketing graph (scale 1: 458 M nodes, 2.18 B relationships; try 0.01).")
    static final class B2b extends Generate {
    }

    @Command(name = "export", mixinStandardHelpOptions = true,
            description = {"E3's input: a database export in an engine's own format (which engines have one: docs/storage.md), made by that",
                    "engine's host (child JVM), with each class's record count in a .counts file beside it."})
    static final class Export implements Callable<Integer> {
        /** The engines graphperf has modules for (the CLI's catalogue). */
        private final EngineCatalog catalog;

        Export(EngineCatalog catalog) {
            this.catalog = catalog;
        }

        @Option(names = "--engine", required = true, paramLabel = "NAME", description = "The engine whose export format to generate.")
        String engineName;
        @Option(names = "--scale", description = "Scale factor (default: 1).")
        double scale = 1;
        @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output folder (created if missing).")
        Path out;
        @Option(names = "--seed", description = "Random seed; the same scale and seed give the same records (default: " + Datagen.DEFAULT_SEED + ").")
        long seed = Datagen.DEFAULT_SEED;
        @Option(names = "--verbose", description = "Show stack traces of errors.")
        boolean verbose;

        @Override
        public Integer call() throws Exception {
            if (!(scale > 0 && scale <= 1000)) throw new UserError("bad scale " + scale + " (option --scale): above 0 and at most 1000");
            EngineDescriptor d = catalog.modules().get(engineName);
            if (d == null) {
                throw new UserError("unknown engine '" + engineName + "' (option --engine); engine modules here: " + String.join(", ", catalog.modules().keySet()));
            }
            if (!(d.engines(new EngineDescriptor.Context(out.resolve("generator-log"), out, Home.get(), "1g", 128L << 20, Map.of(), false))
                    instanceof ExportImport engine)) {
                throw new UserError("--engine " + engineName + " has no export format of its own (which engines have one: docs/storage.md)");
            }
            ExportDataset e = ExportDataset.generated(engine, engineName, out, scale, seed, ConsoleProgress.forStderr());
            System.out.printf("%,d records in %d classes: %s (%.1f MB)%n", e.records(), e.counts().size(), e.file(), Files.size(e.file()) / 1e6);
            System.out.println("Import:  graphperf run import --engine " + engineName + " --dataset " + e.file());
            return 0;
        }
    }

    @Command(name = "stats", mixinStandardHelpOptions = true, description = "Statistics computed from a dataset folder's files: rows per label and type, degree distributions.")
    static final class Stats implements Callable<Integer> {
        @Parameters(paramLabel = "DIR")
        Path dir;
        @Option(names = "--verbose", description = "Show stack traces of errors.")
        boolean verbose;

        @Override
        public Integer call() throws Exception {
            DatasetStats.Stats s = DatasetStats.compute(dir);
            System.out.println("nodes (rows per label):");
            for (Map.Entry<String, Long> e : s.nodeRows().entrySet()) System.out.printf("  %-20s %,14d%n", e.getKey(), e.getValue());
            System.out.printf("  %-20s %,14d%n", "total", s.nodeRows().values().stream().mapToLong(Long::longValue).sum());
            System.out.println("relationships (rows per type):");
            for (Map.Entry<String, Long> e : s.relationshipRows().entrySet()) System.out.printf("  %-20s %,14d%n", e.getKey(), e.getValue());
            System.out.printf("  %-20s %,14d%n", "total", s.relationshipRows().values().stream().mapToLong(Long::longValue).sum());
            System.out.println("degrees:");
            System.out.printf("  %-55s %10s %6s %9s %7s %7s %9s%n", "", "nodes", "min", "mean", "median", "p90", "max");
            for (DatasetStats.Degrees d : s.degrees()) {
                if (d.min() == d.max()) continue; // a fixed fan-out (e.g. 4 collections a person) says nothing
                System.out.printf("  %-55s %,10d %6d %9.1f %7d %7d %,9d%n", d.what(), d.nodes(), d.min(), d.mean(), d.median(), d.p90(), d.max());
            }
            if (s.unparsableRows() > 0) System.out.println("rows whose ids are not integers: " + s.unparsableRows());
            return 0;
        }
    }
}
