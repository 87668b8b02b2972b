package io.graphperf.engines.ladybug.host;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * graphperf's LadybugDB server as the engine host runs it: a Python process ({@code ladybug_server.py}) holding the database,
 * listening on a port of its own on 127.0.0.1. It never outlives the host: it serves until its standard input, the host's pipe,
 * closes — when the host closes it, exits, is killed, or halts because the harness is gone — and then closes the database.
 */
final class LadybugServer implements AutoCloseable {

    private final Process process;
    private final Map<String, Object> started;

    private LadybugServer(Process process, Map<String, Object> started) {
        this.process = process;
        this.started = started;
    }

    /**
     * Starts a server on {@code store} and waits for its first line (port, pid, versions).
     *
     * @param bufferPoolBytes LadybugDB's buffer pool (0: its default)
     * @param threads         threads per query (0: its default, every core)
     */
    @SuppressWarnings("unchecked")
    static LadybugServer start(String python, Path packages, Path script, Path store, long bufferPoolBytes, int threads) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(List.of(python, "-u", "-X", "faulthandler", script.toString(), store.toString(), Long.toString(bufferPoolBytes), Integer.toString(threads)))
                .redirectError(ProcessBuilder.Redirect.INHERIT); // its messages in the host's log, and the Python stacks of a crash (faulthandler)
        pb.environment().put("PYTHONPATH", packages.toString());
        pb.environment().put("PYTHONDONTWRITEBYTECODE", "1");
        Process p = pb.start();
        String first = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
        try {
            if (first == null) throw new IOException("it exited at start");
            return new LadybugServer(p, new ObjectMapper().readValue(first, Map.class));
        } catch (IOException e) {
            p.destroyForcibly();
            throw new IOException("graphperf's LadybugDB server did not start (" + (first == null ? e.getMessage() : first.strip())
                    + "); its messages are in the engine host's log", e);
        }
    }

    int port() {
        return ((Number) started.get("port")).intValue();
    }

    long pid() {
        return process.pid();
    }

    /** What the server said of itself at start: LadybugDB's and Python's versions. */
    Map<String, Object> started() {
        return started;
    }

    boolean alive() {
        return process.isAlive();
    }

    /** How the server ended: its exit status, or the signal that killed it (a crash in LadybugDB's native module is SIGSEGV). */
    String exit() {
        if (process.isAlive()) return "running";
        int code = process.exitValue();
        if (code == 139 || code == -11) return "killed by SIGSEGV: LadybugDB's native module crashed";
        return code > 128 ? "killed by signal " + (code - 128) : "exited with status " + code;
    }

    /** Closes the server's input (it then closes the database and exits); kills it if it has not within a minute. */
    @Override
    public void close() {
        try {
            process.getOutputStream().close();
            if (!process.waitFor(60, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
