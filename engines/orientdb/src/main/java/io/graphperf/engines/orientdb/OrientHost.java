package io.graphperf.engines.orientdb;

import io.graphperf.core.engine.HostClasspath;
import io.graphperf.core.UserError;

import io.graphperf.engines.hosted.HostProcess;
import io.graphperf.engines.hosted.HostRequest;
import io.graphperf.engines.orientdb.host.OrientRequests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * An embedded OrientDB 3.2 in its own JVM (the engine host, {@code host.OrientHostMain}), started and stopped by graphperf
 * and driven by one request at a time ({@link HostProcess}), those of {@link OrientRequests}: settings, create, import, close, open,
 * count, query…. The caller times each
 * request; the host only executes. The disk cache is always set explicitly ({@code storage.diskCache.bufferSize}, MB):
 * OrientDB otherwise sizes it to most of the machine's memory. The process is killed at close, on failure and at JVM
 * exit.
 */
public final class OrientHost implements AutoCloseable {

    public static final String VERSION = "3.2.49";
    private static final String MAIN = "io.graphperf.engines.orientdb.host.OrientHostMain";
    private final HostProcess host;

    private OrientHost(HostProcess host) {
        this.host = host;
    }

    /**
     * Starts the host JVM with {@code heap} and OrientDB's global settings (disk cache included), its log in {@code dir}.
     *
     * @param home graphperf's checkout (where engines/orientdb/target holds the host's classpath)
     */
    public static OrientHost start(Path home, Path dir, String heap, Map<String, String> settings) throws IOException {
        Files.createDirectories(dir);
        List<String> cmd = command(home, heap, List.of(), MAIN);
        OrientHost h = new OrientHost(HostProcess.start("OrientDB", cmd, dir.resolve("orientdb-host.log"), Duration.ofMinutes(2)));
        try {
            if (!settings.isEmpty()) h.call(Duration.ofSeconds(30), new OrientRequests.Settings(settings));
        } catch (RuntimeException e) {
            h.close();
            throw e;
        }
        return h;
    }

    /** Sends one request and returns the host's answer; a failure in the host is a {@link UserError} with its message. */
    public <R> R call(Duration timeout, HostRequest<R> request) {
        return host.call(timeout, request);
    }

    public OptionalLong pid() {
        return host.pid();
    }

    /** Asks the host to close its databases (their files flushed) and exit; kills it when it does not. */
    @Override
    public void close() {
        host.close();
    }

    /** The java command of an OrientDB engine host: {@code heap}, the JVM options OrientDB needs, {@code extra} ones, then {@code main}. */
    /** What an OrientDB host's JVM needs beyond heap and collector. */
    static final List<String> JVM_OPTIONS = List.of("-Dstorage.useWAL=true", "-Dprofiler.enabled=false",
            // OrientDB's own checks of free memory otherwise refuse to start beside the other processes on a small machine
            "-Dmemory.leftToOS=256m", "-Dmemory.directMemory.preallocate=false",
            "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED");

    static List<String> command(Path home, String heap, List<String> extra, String main) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xms" + heap, "-Xmx" + heap,
                "-XX:+UseG1GC"));
        cmd.addAll(JVM_OPTIONS);
        cmd.addAll(extra);
        // the host named before its long classpath, where a process listing that cuts command lines still shows it
        cmd.addAll(List.of("-Dgraphperf.host=" + main, "-cp", classpath(home), main));
        return cmd;
    }

    static String classpath(Path home) throws IOException {
        return HostClasspath.of(home, "orientdb", "graphperf-orientdb.jar", "orientdb-classpath.txt", "the OrientDB engine host");
    }
}
