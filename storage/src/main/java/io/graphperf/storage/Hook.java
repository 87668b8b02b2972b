package io.graphperf.storage;

import io.graphperf.core.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A user's setup or teardown command for a cell (e.g. recreating a ZFS dataset on the user's own pool), run by
 * {@code bash -c} with a time limit and the cell's folders in its environment (GRAPHPERF_CELL, GRAPHPERF_TRIAL_DIR,
 * GRAPHPERF_DATA_DIR, GRAPHPERF_LOG_DIR); its output goes to {@code hooks/NAME.log} in the trial's folder.
 */
public final class Hook {

    /** A hook that failed: the cell stops with this message, the rest of the matrix goes on. */
    public static final class Failed extends UserError {
        public Failed(String message) {
            super(message);
        }
    }

    private Hook() {
    }

    static void run(String name, String command, Duration timeout, Path trialDir, Map<String, String> env) throws IOException {
        Path log = trialDir.resolve("hooks").resolve(name + ".log");
        Files.createDirectories(log.getParent());
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true).redirectOutput(log.toFile()).directory(trialDir.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                throw new Failed(name + " hook '" + command + "' did not finish within " + timeout.toSeconds() + " s (hook-timeout); its output: " + log);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new Failed(name + " hook '" + command + "' was interrupted");
        }
        if (p.exitValue() != 0) {
            List<String> lines = Files.readAllLines(log);
            String tail = String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
            throw new Failed(name + " hook '" + command + "' failed (exit " + p.exitValue() + "): " + tail + " (whole output: " + log + ")");
        }
    }
}
