package io.graphperf.workloads.workload;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.core.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

/**
 * What the reference trial (the run's first engine) leaves in the run's folder for the others: the rows its parameter queries sampled and
 * its answers. Another trial reads them; a trial running at the same time (a duet's other side) waits for them, until the reference
 * writes them or says it failed.
 */
final class ReferenceFiles {

    static final String FOLDER = "reference";
    /** How long a trial waits for the reference's files (a duet's sides start together; the reference loads its data first). */
    static final Duration WAIT = Duration.ofMinutes(20);
    private static final String FAILED = "failed.txt";

    private final Path dir;
    private final ObjectMapper json = new ObjectMapper();

    ReferenceFiles(Path runDir) {
        this.dir = runDir.resolve(FOLDER);
    }

    Path dir() {
        return dir;
    }

    /** Writes {@code name} whole or not at all. */
    void write(String name, Object value) throws IOException {
        Files.createDirectories(dir);
        Path tmp = dir.resolve(name + ".tmp");
        json.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), value);
        Files.move(tmp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    boolean has(String name) {
        return Files.isRegularFile(dir.resolve(name));
    }

    /** The reference trial could not give its files: the others stop waiting, saying why. */
    void failed(String why) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(FAILED), why);
        } catch (IOException ignored) {
            // the waiting side times out instead
        }
    }

    /**
     * {@code name} as the reference wrote it; when the reference's trial runs at the same time ({@code concurrent}: a duet), waiting for
     * it until the reference writes it or says it failed. A trial after the reference's finds it there or not at all.
     */
    <T> T read(String name, TypeReference<T> type, boolean concurrent) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + (concurrent ? WAIT.toNanos() : 0);
        Path f = dir.resolve(name);
        while (!Files.isRegularFile(f)) {
            if (Files.isRegularFile(dir.resolve(FAILED))) {
                throw new UserError("the reference (the first engine's trial) gave no " + name + ": " + Files.readString(dir.resolve(FAILED)));
            }
            if (System.nanoTime() > deadline) {
                throw new UserError("the reference (the first engine's trial) wrote no " + name + (concurrent ? " within " + WAIT.toMinutes() + " minutes" : ""));
            }
            Thread.sleep(200);
        }
        return json.readValue(f.toFile(), type);
    }
}
