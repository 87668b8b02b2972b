package io.graphperf.core.engine;

import io.graphperf.core.UserError;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.StringJoiner;

/**
 * The classpath of a child JVM graphperf starts (an engine host, the Kafka broker): the module's jar and the dependency list its
 * build wrote beside it. In a source tree the list holds absolute paths (the Maven repository); in a release archive it holds
 * paths relative to graphperf's home ({@code lib/…}), resolved here.
 */
public final class HostClasspath {

    private HostClasspath() {
    }

    /**
     * @param module the module's folder in graphperf's home ("engines/kuzu", "services/kafka-broker"): its target/ holds the jar and the list
     * @param what   the program, for the error when it is not built (e.g. "the Kuzu engine host")
     */
    public static String of(Path home, String module, String jar, String list, String what) throws IOException {
        return of(home, module, jar, module, list, what);
    }

    /** As above, the jar from one module and the dependency list from another (one main class, another engine version's jars). */
    public static String of(Path home, String jarModule, String jar, String listModule, String list, String what) throws IOException {
        Path j = home.resolve(jarModule).resolve("target").resolve(jar);
        Path deps = home.resolve(listModule).resolve("target").resolve(list);
        if (!Files.exists(j) || !Files.exists(deps)) {
            throw new UserError(what + " is not built (" + (Files.exists(j) ? deps : j) + " missing); run ./graphperf, which builds it, or mvn -B package -DskipTests");
        }
        StringJoiner cp = new StringJoiner(File.pathSeparator);
        cp.add(j.toString());
        for (String entry : Files.readString(deps).trim().split(File.pathSeparator)) {
            if (entry.isBlank()) continue;
            Path p = Path.of(entry);
            cp.add((p.isAbsolute() ? p : home.resolve(p)).toString());
        }
        return cp.toString();
    }
}
