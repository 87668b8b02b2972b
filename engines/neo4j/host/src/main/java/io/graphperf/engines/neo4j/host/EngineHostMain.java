package io.graphperf.engines.neo4j.host;

import org.neo4j.server.CommunityBootstrapper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Runs a Neo4j server (Bolt and HTTP) in this JVM, on behalf of the graphperf harness in its parent
 * process. Usage: {@code EngineHostMain HOME SETTINGS_FILE READY_FILE}.
 *
 * <p>The settings file holds every Neo4j setting to apply (the launcher decides them). When the
 * server is up, this writes READY_FILE (its pid and versions) atomically. It then reads standard
 * input: a line {@code stop}, or end of input, stops the server and exits. End of input is what the
 * parent's death looks like, so the host never outlives the harness, even after kill -9.
 */
public final class EngineHostMain {

    private EngineHostMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: EngineHostMain HOME SETTINGS_FILE READY_FILE");
            System.exit(2);
        }
        Path home = Path.of(args[0]);
        Map<String, String> settings = readSettings(Path.of(args[1]));
        Path readyFile = Path.of(args[2]);

        CommunityBootstrapper bootstrapper = new CommunityBootstrapper();
        Runtime.getRuntime().addShutdownHook(new Thread(bootstrapper::stop, "graphperf-host-shutdown"));
        int status = bootstrapper.start(home, settings);
        if (status != 0) {
            System.err.println("graphperf engine host: Neo4j failed to start (status " + status + ")");
            System.exit(3);
        }
        writeReady(readyFile);
        waitForStop();
        bootstrapper.stop();
        System.exit(0);
    }

    private static Map<String, String> readSettings(Path file) throws IOException {
        Properties p = new Properties();
        try (var in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (String k : p.stringPropertyNames()) m.put(k, p.getProperty(k));
        return m;
    }

    private static void writeReady(Path readyFile) throws IOException {
        Properties p = new Properties();
        p.setProperty("pid", Long.toString(ProcessHandle.current().pid()));
        p.setProperty("neo4j.version", versionOf(CommunityBootstrapper.class));
        p.setProperty("java.version", System.getProperty("java.version"));
        p.setProperty("max.heap.bytes", Long.toString(Runtime.getRuntime().maxMemory()));
        Path tmp = readyFile.resolveSibling(readyFile.getFileName() + ".tmp");
        try (var out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            p.store(out, "graphperf engine host is ready");
        }
        Files.move(tmp, readyFile, StandardCopyOption.ATOMIC_MOVE);
    }

    private static String versionOf(Class<?> c) {
        String v = c.getPackage().getImplementationVersion();
        return v != null ? v : "unknown";
    }

    private static void waitForStop() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.trim().equals("stop")) return;
            }
        } catch (IOException e) {
            // the parent's end of the pipe is gone: same as end of input
        }
    }
}
