package io.graphperf.datagen;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.graphperf.core.UserError;
import io.graphperf.datagen.format.Defect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * manifest.json: what a dataset folder holds, written last so a folder without it is known to be
 * incomplete. Holds nothing that varies between runs with the same arguments (no timings), so it is
 * byte-identical too.
 *
 * @param nodes per label: rows written and rows the importer keeps (rows minus dropped defects)
 */
public record Manifest(String dataset, double scale, long seed, String generatorVersion, boolean gzip, String idType, Map<String, Group> nodes,
                       Map<String, Group> relationships, List<Defect> defects, @JsonUnwrapped Totals totals, @JsonUnwrapped Importing importing,
                       Map<String, String> extras) {

    /**
     * What the folder holds in all.
     */
    public record Totals(long totalNodes, long totalRelationships, long totalBytes) {
    }

    /**
     * How Neo4j's bulk importer is meant to load it.
     *
     * @param importOptions the importer options the dataset is meant for
     * @param importCommand the full neo4j-admin command line for this folder
     */
    public record Importing(List<String> importOptions, String importCommand) {
    }

    public long totalNodes() {
        return totals.totalNodes();
    }

    public long totalRelationships() {
        return totals.totalRelationships();
    }

    public long totalBytes() {
        return totals.totalBytes();
    }

    public List<String> importOptions() {
        return importing.importOptions();
    }

    public String importCommand() {
        return importing.importCommand();
    }


    public static final String FILE = "manifest.json";
    public static final String GENERATOR_VERSION = "1";

    /** One label or type: its header, its parts, and the counts the importer should end with. */
    public record Group(String header, List<FilePart> files, long rows, long expected) {
    }

    public record FilePart(String name, long rows, long bytes) {
    }

    /** The importer's arguments (after the program name) for this dataset in {@code dir}. */
    public List<String> importArguments(Path dir) {
        return arguments(nodes.keySet(), relationships.keySet(), dir, gzip);
    }

    /**
     * The database name comes right after {@code full}: placed after {@code --nodes} it would be
     * taken for one more input file.
     */
    static List<String> arguments(Collection<String> labels, Collection<String> types, Path dir, boolean gzip) {
        Path abs = dir.toAbsolutePath();
        List<String> args = new ArrayList<>(List.of("database", "import", "full", "neo4j", "--overwrite-destination=true"));
        args.addAll(Datagen.IMPORT_OPTIONS);
        String parts = "-part-[0-9]+\\.csv" + (gzip ? "\\.gz" : "");
        for (String l : labels) args.add("--nodes=" + l + "=" + abs.resolve(l + "-header.csv") + "," + abs.resolve(l + parts));
        for (String t : types) args.add("--relationships=" + t + "=" + abs.resolve(t + "-header.csv") + "," + abs.resolve(t + parts));
        return args;
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public void write(Path dir) throws IOException {
        Path tmp = dir.resolve(FILE + ".tmp");
        JSON.writeValue(tmp.toFile(), this);
        Files.move(tmp, dir.resolve(FILE), StandardCopyOption.ATOMIC_MOVE);
    }

    public static Manifest read(Path dir) {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            throw new UserError("no " + FILE + " in " + dir + ": not a graphperf dataset, or its generation did not finish");
        }
        try {
            return JSON.readValue(file.toFile(), Manifest.class);
        } catch (IOException e) {
            throw new UserError("cannot read " + file + ": " + e.getMessage());
        }
    }
}
