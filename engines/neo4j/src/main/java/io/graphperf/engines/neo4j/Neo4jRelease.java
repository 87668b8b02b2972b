package io.graphperf.engines.neo4j;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.HostClasspath;
import io.graphperf.core.engine.JavaRuntimes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Which Neo4j an engine host runs: 5.26 (graphperf's own, on the harness's Java, with APOC core), 2025 or 2026 (on a Java 21+
 * runtime found by {@link JavaRuntimes}, with graphperf's plugins but no APOC: APOC core for them is not served by the registries
 * here). All run the same host main class and plugins, built against 5.26's API, which 2025 and 2026 keep; only the jars and the
 * Java differ. A run chooses one with the setting {@value #SETTING} (the engines {@code neo4j:2025} and {@code neo4j:2026} set it).
 */
public enum Neo4jRelease {

    V5("5.26.30", "engines/neo4j/host", 17, true),
    V2025("2025.10.1", "engines/neo4j/host-2025", 21, false),
    V2026("2026.08.1", "engines/neo4j/host-2026", 21, false);

    /** The setting (a graphperf.* one, kept out of Neo4j's configuration) naming the release: "2025" or "2026", or none for 5.26. */
    public static final String SETTING = "graphperf.host.neo4j";

    private final String version, module;
    private final int java;
    private final boolean apoc;

    Neo4jRelease(String version, String module, int java, boolean apoc) {
        this.version = version;
        this.module = module;
        this.java = java;
        this.apoc = apoc;
    }

    /** The release a host's settings ask for. */
    public static Neo4jRelease of(HostSettings settings) {
        String v = settings.extra().get(SETTING);
        if (v == null || v.isBlank() || v.strip().startsWith("5")) return V5;
        if (v.strip().startsWith("2025")) return V2025;
        if (v.strip().startsWith("2026")) return V2026;
        throw new UserError("setting " + SETTING + "=" + v + ": graphperf runs Neo4j 5.26, 2025 or 2026");
    }

    public String version() {
        return version;
    }

    /** Whether APOC core is installed on hosts of this release. */
    public boolean apoc() {
        return apoc;
    }

    /** The {@code java} program the host runs on. */
    Path java() {
        if (this == V5) return Path.of(System.getProperty("java.home"), "bin", "java");
        Optional<Path> home = JavaRuntimes.atLeast(java);
        if (home.isEmpty()) throw new UserError(JavaRuntimes.missing(java, "Neo4j " + version));
        return JavaRuntimes.java(home.get());
    }

    /** Options the host's JVM needs beyond those of 5.26 on Java 17. */
    List<String> jvmOptions() {
        // Java 22+ warns on every native call Neo4j makes (its page cache, JNA) unless native access is granted; 2025's importer
        // fails without java.nio opened (5.26's falls back)
        return this == V5 ? List.of() : List.of("--enable-native-access=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED");
    }

    /** The host's classpath: the host's main class (one jar for both releases) and this release's jars. */
    String classpath(Path home) throws IOException {
        return HostClasspath.of(home, "engines/neo4j/host", "graphperf-neo4j-host.jar", module, "host-classpath.txt",
                "the Neo4j " + version + " engine host");
    }

    /** Whether a plugin jar is installed on this release's hosts (APOC core only where it is built for the release). */
    boolean installs(Path jar) {
        return apoc || !jar.getFileName().toString().startsWith("apoc-");
    }

    /** Why this release cannot run here (not built, no Java new enough); empty when it can. */
    public Optional<String> whyNotRunnable(Path home) {
        if (this == V5) return Optional.empty();
        Path list = home.resolve(module).resolve("target").resolve("host-classpath.txt");
        if (!Files.exists(list)) {
            return Optional.of("Neo4j " + version + "'s jars are not resolved here (" + list + " missing): it runs from a source checkout"
                    + " built with ./graphperf or mvn package, or from the release archive with its add-on"
                    + " graphperf-VERSION-neo4j-2025-2026.tar.xz unpacked over it");
        }
        if (JavaRuntimes.atLeast(java).isEmpty()) return Optional.of(JavaRuntimes.missing(java, "Neo4j " + version));
        return Optional.empty();
    }
}
