package io.graphperf.core.report;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.jsontype.NamedType;
import io.graphperf.core.UserError;
import io.graphperf.core.results.ExperimentData;
import io.graphperf.core.results.RunResult;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * run.json: the complete record of a run, from which every other file can be made again. It carries
 * {@code schemaVersion}; a run.json of another version is refused with a message that says which.
 */
public final class JsonExporter {

    public static final String FILE = "run.json";

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private JsonExporter() {
    }

    /** Registers an experiment's own result type under its experiment's name, for writing and reading run.json. */
    public static void register(Class<? extends ExperimentData> type, String name) {
        MAPPER.registerSubtypes(new NamedType(type, name));
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    public static Path write(RunResult run, Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        Path tmp = dir.resolve(FILE + ".tmp");
        MAPPER.writeValue(tmp.toFile(), run);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return file;
    }

    /** Reads a run.json, refusing (with a {@link UserError} that says why) one of another schema version. */
    public static RunResult read(Path dir) {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file)) throw new UserError("no " + FILE + " in " + dir + ": not a graphperf results folder");
        try {
            JsonNode tree = MAPPER.readTree(file.toFile());
            int version = tree.path("schemaVersion").asInt(1);
            if (version != RunResult.SCHEMA_VERSION) {
                throw new UserError(file + " has results schema " + version + (version == 1 ? " (written by graphperf before cells, variants"
                        + " and validity became part of run.json, up to commit 09dd541)" : "") + "; this graphperf reads schema " + RunResult.SCHEMA_VERSION
                        + " only. Re-run the experiment, or report and compare it with the graphperf that wrote it.");
            }
            return MAPPER.treeToValue(tree, RunResult.class);
        } catch (InvalidTypeIdException e) {
            throw new UserError(file + " holds results of an experiment this graphperf does not know (" + e.getTypeId() + ")");
        } catch (IOException e) {
            throw new UserError("cannot read " + file + ": " + e.getMessage());
        }
    }
}
