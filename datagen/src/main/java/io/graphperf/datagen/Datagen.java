package io.graphperf.datagen;

import io.graphperf.core.UserError;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.datagen.format.DatasetWriter;
import io.graphperf.datagen.format.Defect;
import io.graphperf.datagen.format.FileGroup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/** Generates a dataset folder: checks the arguments and the folder, writes the files, then the manifest. */
public final class Datagen {

    /** The importer options the datasets are made for (spec E1). */
    /**
     * The generators' seed when none is given — the same for {@code datagen}, for every experiment that generates its dataset and for
     * the result checks that compare a server's answers with it, so data written by {@code datagen} is the data those checks expect.
     */
    public static final long DEFAULT_SEED = 1;

    public static final List<String> IMPORT_OPTIONS = List.of("--id-type=integer", "--ignore-empty-strings=true",
            "--ignore-extra-columns=true", "--skip-duplicate-nodes=true", "--skip-bad-relationships=true", "--bad-tolerance=10000");

    public record Request(String dataset, double scale, long seed, boolean gzip, int threads, int defects, boolean force) {
    }

    /** What a generation did, for the console: the manifest plus how long it took. */
    public record Outcome(Manifest manifest, double seconds, long rows, long uncompressedBytes) {
    }

    private Datagen() {
    }

    /** The dataset named {@code name}, of those listed in {@code META-INF/services/io.graphperf.datagen.Dataset}. */
    public static Dataset dataset(String name) {
        List<String> known = new ArrayList<>();
        for (Dataset d : ServiceLoader.load(Dataset.class, Datagen.class.getClassLoader())) {
            if (d.name().equals(name)) return d;
            known.add(d.name());
        }
        throw new UserError("unknown dataset '" + name + "'; known: " + String.join(", ", known));
    }

    public static Outcome generate(Request req, Path dir, ProgressListener progress) throws IOException, InterruptedException {
        if (!(req.scale() > 0) || req.scale() > 100 || Double.isInfinite(req.scale())) {
            throw new UserError("bad scale " + req.scale() + " (option --scale): must be above 0 and at most 100");
        }
        if (req.threads() < 1) throw new UserError("bad thread count " + req.threads() + " (option --threads): at least 1");
        if (req.defects() < 0) throw new UserError("bad defect count " + req.defects() + " (option --defects): 0 or more");
        Dataset dataset = dataset(req.dataset());
        prepare(dir, req.force());
        List<FileGroup> groups = dataset.groups(req.scale(), req.seed(), req.defects());
        long totalRows = groups.stream().mapToLong(g -> g.rows() + g.defects().size()).sum();

        DatasetWriter writer = new DatasetWriter(dir, req.gzip(), req.threads(), req.seed());
        AtomicReference<List<Defect>> placed = new AtomicReference<>(List.of());
        long start = System.nanoTime();
        Thread ticker = new Thread(() -> tick(writer, totalRows, start, progress), "graphperf-datagen-progress");
        ticker.setDaemon(true);
        ticker.start();
        List<DatasetWriter.PartFile> parts;
        try {
            parts = writer.write(groups, placed::set);
        } finally {
            ticker.interrupt();
        }
        Map<String, String> extras = dataset.writeExtras(dir, req.scale(), req.seed());
        double seconds = (System.nanoTime() - start) / 1e9;
        Manifest manifest = manifest(req, dir, groups, parts, placed.get(), extras);
        manifest.write(dir);
        return new Outcome(manifest, seconds, writer.rowsWritten(), writer.uncompressedBytesWritten());
    }

    private static void tick(DatasetWriter writer, long totalRows, long start, ProgressListener progress) {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(500);
                double s = (System.nanoTime() - start) / 1e9;
                long rows = writer.rowsWritten();
                progress.progress((double) rows / totalRows, String.format("%,d rows  %,.0f rows/s  %,.1f MB/s", rows, rows / s,
                        writer.uncompressedBytesWritten() / 1e6 / s));
            }
        } catch (InterruptedException e) {
            // generation finished
        }
    }

    /** The output folder must be new or empty; --force empties one that holds an earlier dataset. */
    private static void prepare(Path dir, boolean force) throws IOException {
        if (Files.exists(dir) && !Files.isDirectory(dir)) throw new UserError(dir + " exists and is not a folder (option --out)");
        if (Files.isDirectory(dir)) {
            boolean empty;
            try (Stream<Path> s = Files.list(dir)) {
                empty = s.findAny().isEmpty();
            }
            if (!empty) {
                if (!force) throw new UserError("output folder " + dir + " is not empty (option --out); pass --force to replace its contents");
                try (Stream<Path> s = Files.walk(dir)) {
                    for (Path p : s.sorted(Comparator.reverseOrder()).toList()) if (!p.equals(dir)) Files.delete(p);
                }
            }
        }
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".write-check", "");
            Files.delete(probe);
        } catch (IOException e) {
            throw new UserError("cannot write to output folder " + dir + " (option --out): " + e.getMessage());
        }
    }

    private static Manifest manifest(Request req, Path dir, List<FileGroup> groups, List<DatasetWriter.PartFile> parts,
                                     List<Defect> defects, Map<String, String> extras) throws IOException {
        Map<String, Manifest.Group> nodes = new LinkedHashMap<>(), rels = new LinkedHashMap<>();
        long totalNodes = 0, totalRels = 0, totalBytes = 0;
        for (FileGroup g : groups) {
            List<Manifest.FilePart> files = new ArrayList<>();
            long rows = 0;
            for (DatasetWriter.PartFile p : parts) {
                if (!p.group().equals(g.name())) continue;
                files.add(new Manifest.FilePart(p.file(), p.rows(), p.bytes()));
                rows += p.rows();
                totalBytes += p.bytes();
            }
            long dropped = g.defects().stream().filter(Defect::dropped).count();
            Manifest.Group mg = new Manifest.Group(g.headerFile(), files, rows, rows - dropped);
            totalBytes += Files.size(dir.resolve(g.headerFile()));
            if (g.kind() == FileGroup.Kind.NODES) {
                nodes.put(g.name(), mg);
                totalNodes += mg.expected();
            } else {
                rels.put(g.name(), mg);
                totalRels += mg.expected();
            }
        }
        return new Manifest(req.dataset(), req.scale(), req.seed(), Manifest.GENERATOR_VERSION, req.gzip(), "integer",
                nodes, rels, defects, new Manifest.Totals(totalNodes, totalRels, totalBytes), new Manifest.Importing(IMPORT_OPTIONS,
                "neo4j-admin " + String.join(" ", Manifest.arguments(nodes.keySet(), rels.keySet(), dir, req.gzip()))), extras);
    }

}
