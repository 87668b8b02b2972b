package io.graphperf.core.export;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.graphperf.core.results.RunResult;

import java.io.IOException;
import java.nio.file.Path;

/** run.json: the complete record of a run, from which every other file can be made again. */
public final class JsonExporter {

    public static final String FILE = "run.json";

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private JsonExporter() {
    }

    public static Path write(RunResult run, Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        MAPPER.writeValue(file.toFile(), run);
        return file;
    }

    public static RunResult read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        if (!file.toFile().isFile()) throw new IOException("no " + FILE + " in " + dir + ": not a graphperf results folder");
        return MAPPER.readValue(file.toFile(), RunResult.class);
    }
}
