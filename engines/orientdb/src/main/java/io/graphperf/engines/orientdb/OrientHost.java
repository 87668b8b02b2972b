package io.graphperf.engines.orientdb;

import io.graphperf.core.UserError;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An embedded OrientDB 3.2 in its own JVM (the engine host, {@code host.OrientHostMain}), started and stopped by graphperf
 * and driven by one request at a time: settings, create, import, close, open, count, query. The caller times each
 * request; the host only executes. The disk cache is always set explicitly ({@code storage.diskCache.bufferSize}, MB):
 * OrientDB otherwise sizes it to most of the machine's memory. The process is killed at close, on failure and at JVM
 * exit.
 */
public final class OrientHost implements AutoCloseable {

    public static final String VERSION = "3.2.49";
    private static final String MAIN = "io.graphperf.engines.orientdb.host.OrientHostMain";
    private final Process process;
    private final Writer in;
    private final BlockingQueue<String> replies = new ArrayBlockingQueue<>(16);
    private final Path log;
    private final Thread hook;

    private OrientHost(Process process, Path log) {
        this.process = process;
        this.log = log;
        this.in = new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) replies.put(line);
            } catch (IOException | InterruptedException e) {
                // the host is gone; a waiting request says so
            }
        }, "orientdb-host-replies");
        reader.setDaemon(true);
        reader.start();
        this.hook = new Thread(process::destroyForcibly, "orientdb-host-kill");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * Starts the host JVM with {@code heap} and OrientDB's global settings (disk cache included), its log in {@code dir}.
     *
     * @param home graphperf's checkout (where engines/orientdb/target holds the host's classpath)
     */
    public static OrientHost start(Path home, Path dir, String heap, Map<String, String> settings) throws IOException {
        Files.createDirectories(dir);
        Path log = dir.resolve("orientdb-host.log");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xms" + heap, "-Xmx" + heap,
                "-XX:+UseG1GC", "-Dstorage.useWAL=true", "-Dprofiler.enabled=false",
                // OrientDB's own checks of free memory otherwise refuse to start beside the other processes on a small machine
                "-Dmemory.leftToOS=256m", "-Dmemory.directMemory.preallocate=false",
                "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
                "-cp", classpath(home), MAIN));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        OrientHost h = new OrientHost(p, log);
        h.await(Duration.ofMinutes(2), "start");
        StringBuilder s = new StringBuilder();
        settings.forEach((k, v) -> s.append(s.length() == 0 ? "" : ";").append(k).append('=').append(v));
        if (s.length() > 0) h.request(Duration.ofSeconds(30), "settings", s.toString());
        return h;
    }

    /** Sends one request and returns the host's answer; a failure in the host is a {@link UserError} with its message. */
    public String request(Duration timeout, String op, String... args) throws IOException {
        StringBuilder line = new StringBuilder(op);
        for (String a : args) line.append('\t').append(a.replace('\t', ' ').replace('\n', ' '));
        try {
            in.write(line.append('\n').toString());
            in.flush();
        } catch (IOException e) {
            throw new UserError("the OrientDB engine host is gone (" + e.getMessage() + "); its log: " + log);
        }
        return await(timeout, op);
    }

    private String await(Duration timeout, String op) {
        try {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                String r = replies.poll(200, TimeUnit.MILLISECONDS);
                if (r != null) {
                    int tab = r.indexOf('\t');
                    String status = tab < 0 ? r : r.substring(0, tab), body = tab < 0 ? "" : r.substring(tab + 1);
                    if (status.equals("ok")) return body;
                    throw new UserError("OrientDB " + op + " failed: " + body + " (engine host log: " + log + ")");
                }
                if (!process.isAlive()) throw new UserError("the OrientDB engine host exited (code " + process.exitValue() + ") during " + op + "; its log: " + log);
                if (System.nanoTime() > deadline) throw new UserError("OrientDB " + op + " did not answer within " + timeout.toSeconds() + " s; its log: " + log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while waiting for OrientDB " + op);
        }
    }

    /** The class → record count answer of "count" (or index → entries of "indexes"). */
    public static Map<String, Long> counts(String answer) {
        Map<String, Long> m = new LinkedHashMap<>();
        if (answer.isBlank()) return m;
        for (String kv : answer.split(",")) {
            int eq = kv.lastIndexOf('=');
            m.put(kv.substring(0, eq), Long.parseLong(kv.substring(eq + 1)));
        }
        return m;
    }

    public OptionalLong pid() {
        return process.isAlive() ? OptionalLong.of(process.pid()) : OptionalLong.empty();
    }

    /** Asks the host to close its databases (their files flushed) and exit; kills it when it does not. */
    @Override
    public void close() {
        try {
            if (process.isAlive()) {
                try {
                    request(Duration.ofMinutes(2), "exit");
                } catch (IOException | UserError e) {
                    // killed below
                }
                if (!process.waitFor(30, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down: the hook runs anyway
            }
        }
    }

    static String classpath(Path home) throws IOException {
        Path target = home.resolve("engines").resolve("orientdb").resolve("target");
        Path jar = target.resolve("graphperf-orientdb.jar"), deps = target.resolve("orientdb-classpath.txt");
        if (!Files.exists(jar) || !Files.exists(deps)) {
            throw new UserError("the OrientDB engine host is not built (" + deps + " missing); run ./graphperf, which builds it, or mvn -B package -DskipTests");
        }
        return jar + java.io.File.pathSeparator + Files.readString(deps).trim();
    }
}
