package io.graphperf.core.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds a Java runtime of at least a given version for an engine host that needs a newer Java than the harness's (Neo4j 2025
 * needs 21): the variable {@value #VARIABLE} when set, else the harness's own Java when new enough, else the newest under
 * {@code /usr/lib/jvm} (where Debian and the Temurin packages install them).
 */
public final class JavaRuntimes {

    /** The environment variable naming a Java home for engine hosts that need Java 21 or newer. */
    public static final String VARIABLE = "GRAPHPERF_JAVA21_HOME";
    private static final Path SYSTEM = Path.of("/usr/lib/jvm");
    private static final Pattern VERSION = Pattern.compile("^JAVA_VERSION=\"?(\\d+)(?:\\.\\d+)*[^\"]*\"?", Pattern.MULTILINE);

    private JavaRuntimes() {
    }

    /** The home of a Java runtime whose major version is at least {@code major}, or empty when none is found. */
    public static Optional<Path> atLeast(int major) {
        String given = System.getenv(VARIABLE);
        if (given != null && !given.isBlank()) {
            Path home = Path.of(given.strip());
            return major(home) >= major ? Optional.of(home) : Optional.empty();
        }
        if (Runtime.version().feature() >= major) return Optional.of(Path.of(System.getProperty("java.home")));
        return newestIn(SYSTEM, major);
    }

    /** The newest runtime under {@code dir} of at least {@code major}. */
    static Optional<Path> newestIn(Path dir, int major) {
        if (!Files.isDirectory(dir)) return Optional.empty();
        try (Stream<Path> homes = Files.list(dir)) {
            List<Path> found = homes.filter(h -> major(h) >= major).sorted(Comparator.comparingInt(JavaRuntimes::major).reversed()
                    .thenComparing(Path::toString)).toList();
            return found.stream().findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The major version of the runtime at {@code home} (its {@code release} file and {@code bin/java}), or 0 when it is none. */
    public static int major(Path home) {
        Path release = home.resolve("release");
        if (!Files.isExecutable(home.resolve("bin").resolve("java")) || !Files.isRegularFile(release)) return 0;
        try {
            Matcher m = VERSION.matcher(Files.readString(release));
            return m.find() ? Integer.parseInt(m.group(1)) : 0;
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    /** The {@code java} program of a runtime home. */
    public static Path java(Path home) {
        return home.resolve("bin").resolve("java");
    }

    /** Why no runtime was found, and what to install or set. */
    public static String missing(int major, String forWhat) {
        String given = System.getenv(VARIABLE);
        return forWhat + " needs Java " + major + " or newer, and none was found"
                + (given != null && !given.isBlank() ? " (" + VARIABLE + "=" + given + " is not a Java " + major + "+ home)"
                : " (graphperf runs on Java " + Runtime.version().feature() + "; nothing newer under " + SYSTEM + ")")
                + ": install one (e.g. apt-get install openjdk-21-jre-headless, or a Temurin 21/25) or set " + VARIABLE + " to its home";
    }
}
