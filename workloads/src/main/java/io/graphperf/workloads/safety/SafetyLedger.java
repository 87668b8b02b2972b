package io.graphperf.workloads.safety;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.graphperf.core.engine.UserCache;
import io.graphperf.workloads.options.EngineCatalog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The last safety study of each engine and version on this machine, one file each in graphperf's cache ({@code safety/}, or the folder the
 * JVM property {@value #PROPERTY} names): written by each safety trial, read by every other run, whose results then carry the flag of an
 * engine that failed it ({@link #warnings}). A run that failed in any of its trials stays failed, whatever its later trials found.
 */
public final class SafetyLedger {

    /** The JVM property naming another folder for the ledger (tests keep theirs apart). */
    public static final String PROPERTY = "graphperf.safety";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * One engine's last study.
     *
     * @param engine  the engine and version, e.g. "arcadedb:25.3.1"
     * @param started the engine as it described itself
     * @param safe    whether every check held and nothing crashed
     * @param verdict the study's line
     * @param at      when it ended
     * @param run     its results folder
     */
    public record Entry(String engine, String started, boolean safe, String verdict, String at, String run) {
    }

    private SafetyLedger() {
    }

    static Path dir() {
        String own = System.getProperty(PROPERTY);
        return own != null && !own.isBlank() ? Path.of(own) : UserCache.dir("safety");
    }

    /**
     * An engine name with its version made explicit ("arcadedb" → "arcadedb:25.3.1", the module's default), so a ledger line keeps naming
     * the version studied when graphperf's default moves; Neo4j's releases and modules of one version keep their name.
     */
    public static String key(String engine) {
        return EngineCatalog.onClassPath().explicit(engine);
    }

    private static Path file(String key) {
        return dir().resolve(key.replaceAll("[^A-Za-z0-9._-]", "_") + ".json");
    }

    /** The last study of {@code engine} here, if there is one. */
    public static Optional<Entry> last(String engine) {
        Path f = file(key(engine));
        if (!Files.isRegularFile(f)) return Optional.empty();
        try {
            return Optional.of(JSON.readValue(f.toFile(), Entry.class));
        } catch (IOException unreadable) {
            return Optional.empty(); // a ledger line that cannot be read says nothing; the next study writes it again
        }
    }

    /** Records a trial's outcome; a failed trial of the same run is not overwritten by a passed one. */
    static synchronized void record(String engine, SafetyData d, Path runDir) throws IOException {
        String key = key(engine);
        Optional<Entry> before = last(engine);
        if (!d.safe() || before.isEmpty() || before.get().safe() || !before.get().run().equals(runDir.toString())) {
            Entry e = new Entry(key, d.engine(), d.safe(), SafetyReport.verdict(d), OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                    runDir.toString());
            Path f = file(key);
            Files.createDirectories(f.getParent());
            Path tmp = Files.createTempFile(f.getParent(), ".ledger", ".json");
            JSON.writeValue(tmp.toFile(), e);
            Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
    }

    /** The flags a run of other experiments carries for {@code engines} that failed their last safety study here. */
    public static List<String> warnings(List<String> engines) {
        List<String> out = new ArrayList<>();
        for (String engine : engines) {
            last(engine).filter(e -> !e.safe()).ifPresent(e -> out.add("engine " + e.engine() + " failed graphperf's safety study (graphperf run safety)"
                    + " on " + e.at() + " — " + e.verdict() + " (" + e.run() + "): its figures are suspect until a safety study of it passes"));
        }
        return out;
    }
}
