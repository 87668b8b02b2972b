package io.graphperf.workloads.imports;

import io.graphperf.core.UserError;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.datagen.Datagen;
import io.graphperf.datagen.Manifest;
import io.graphperf.core.report.Format;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Where E1's input comes from: graphperf's generators (cached between runs) or a user's CSV folder. */
public final class ImportDatasets {

    /** The schema phase's two plain indexes and the probes' label, per generated dataset. */
    private static final Map<String, List<String>> DEFAULT_INDEXES = Map.of(
            "b2b", List.of("Individual.lastName", "Organization.name"),
            "social", List.of("Person.lastName", "Message.sentAt"));
    private static final Map<String, String> PROBE_LABEL = Map.of("b2b", "Individual", "social", "Person");

    private ImportDatasets() {
    }

    /**
     * A generated dataset in {@code cache}/NAME-SCALE-seedN (gzip, as the spec's import used), made now
     * unless a complete one with the same arguments is there. One at a time: a duet's two trials ask for the same one at once.
     *
     * @param indexes "Label.property" specs, or null for the dataset's defaults
     */
    public static synchronized ImportDataset generated(String name, double scale, long seed, int defects, int threads, Path cache,
                                          List<String> indexes, ProgressListener progress) throws IOException, InterruptedException {
        Datagen.dataset(name); // unknown names fail here, naming the option
        Path dir = cache.resolve(name + "-" + Format.scale(scale) + "-seed" + seed + (defects > 0 ? "-defects" + defects : ""));
        double seconds = Double.NaN;
        Manifest m = Files.isRegularFile(dir.resolve(Manifest.FILE)) ? Manifest.read(dir) : null;
        if (m == null || m.scale() != scale || m.seed() != seed || !m.gzip() || !Manifest.GENERATOR_VERSION.equals(m.generatorVersion())) {
            progress.phase("generate " + name + " at scale " + Format.scale(scale));
            Datagen.Outcome o = Datagen.generate(new Datagen.Request(name, scale, seed, true, threads, defects, true), dir, progress);
            progress.phaseDone(String.format("%,d rows in %.1f s into %s", o.rows(), o.seconds(), dir));
            m = o.manifest();
            seconds = o.seconds();
        }
        List<CsvFolderLayout.Group> groups = CsvFolderLayout.detect(dir);
        Map<String, String> keys = CsvFolderLayout.labelKeys(groups);
        long rows = m.nodes().values().stream().mapToLong(Manifest.Group::rows).sum()
                + m.relationships().values().stream().mapToLong(Manifest.Group::rows).sum();
        List<SchemaPhase.Step> idx = ImportDataset.parseIndexes(indexes != null ? indexes : DEFAULT_INDEXES.get(name), keys.keySet(), "option --index");
        return new ImportDataset(name, scale, dir.toAbsolutePath(), m.importArguments(dir), keys, idx, PROBE_LABEL.get(name),
                m.totalBytes(), rows, seconds);
    }

    /**
     * A user's folder: with a graphperf manifest it is read as generated; otherwise its CSV files are
     * detected as {@link CsvFolderLayout} describes and imported with the spec's options and string ids.
     *
     * @param probeLabel the label probes look up, or null for the first label with a key
     */
    public static ImportDataset folder(Path dir, List<String> indexes, String probeLabel) {
        List<CsvFolderLayout.Group> groups = CsvFolderLayout.detect(dir);
        Map<String, String> keys = CsvFolderLayout.labelKeys(groups);
        long bytes = 0;
        for (CsvFolderLayout.Group g : groups) {
            for (Path f : g.files()) bytes += size(f);
            if (g.headerFile() != null) bytes += size(g.headerFile());
        }
        List<String> args = new ArrayList<>(List.of("database", "import", "full", "neo4j", "--overwrite-destination=true"));
        boolean manifest = Files.isRegularFile(dir.resolve(Manifest.FILE));
        if (manifest) {
            args = new ArrayList<>(Manifest.read(dir).importArguments(dir));
        } else {
            for (String o : Datagen.IMPORT_OPTIONS) if (!o.startsWith("--id-type")) args.add(o);
            args.add("--id-type=string");
            args.addAll(CsvFolderLayout.inputArguments(groups));
        }
        if (probeLabel != null && !keys.containsKey(probeLabel)) {
            throw new UserError("probe label " + probeLabel + " (option --probe-label) has no key column in " + dir + "; labels with keys: "
                    + String.join(", ", keys.keySet()));
        }
        String probe = probeLabel != null ? probeLabel : keys.keySet().stream().findFirst().orElse(null);
        List<SchemaPhase.Step> idx = ImportDataset.parseIndexes(indexes == null ? List.of() : indexes, labels(groups), "option --index");
        return new ImportDataset(dir.getFileName().toString(), Double.NaN, dir.toAbsolutePath(), args, new LinkedHashMap<>(keys), idx, probe,
                bytes, -1, Double.NaN);
    }

    /**
     * A user's folder as every engine's loader reads it (a workload's data): a header file per group ({@code Person-header.csv}), keys
     * that are integers ({@code personKey:ID(Person)}, as the other engines' loaders and graphperf's Bolt loader take them), imported by
     * Neo4j's importer with integer ids, so the key properties are the same integers in every engine.
     */
    public static ImportDataset integerKeys(Path dir) {
        List<CsvFolderLayout.Group> groups = CsvFolderLayout.detect(dir);
        for (CsvFolderLayout.Group g : groups) {
            if (g.headerFile() == null) {
                throw new UserError("dataset folder " + dir + ": " + g.name() + " has no header file (" + g.name() + "-header.csv): every engine's loader"
                        + " reads the columns from a header file of their own, as graphperf datagen writes them");
            }
            if (g.nodes() && g.keyProperty() == null) {
                throw new UserError(g.headerFile() + " line 1: a node group needs a named integer key, name:ID(Label), which relationships find its nodes by");
            }
        }
        List<String> args = new ArrayList<>(List.of("database", "import", "full", "neo4j", "--overwrite-destination=true"));
        for (String o : Datagen.IMPORT_OPTIONS) if (!o.startsWith("--id-type")) args.add(o);
        args.add("--id-type=integer");
        args.addAll(CsvFolderLayout.inputArguments(groups));
        long bytes = 0;
        for (CsvFolderLayout.Group g : groups) {
            for (Path f : g.files()) bytes += size(f);
            bytes += size(g.headerFile());
        }
        return new ImportDataset(dir.getFileName().toString(), Double.NaN, dir.toAbsolutePath(), args, new LinkedHashMap<>(CsvFolderLayout.labelKeys(groups)),
                List.of(), null, bytes, -1, Double.NaN);
    }

    private static List<String> labels(List<CsvFolderLayout.Group> groups) {
        return groups.stream().filter(g -> g.nodes() && g.labelOrType() != null).map(CsvFolderLayout.Group::labelOrType).distinct().toList();
    }

    private static long size(Path f) {
        try {
            return Files.size(f);
        } catch (IOException e) {
            throw new UserError("cannot read " + f + ": " + e.getMessage());
        }
    }

}
