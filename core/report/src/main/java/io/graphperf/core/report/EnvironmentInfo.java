package io.graphperf.core.report;

import io.graphperf.core.engine.JitPriority;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Facts about the machine and the harness, recorded in every run.json. */
public final class EnvironmentInfo {
    private EnvironmentInfo() {
    }

    public static Map<String, Object> collect(Path graphperfHome) {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("graphperf.commit", gitCommit(graphperfHome));
        env.put("java.version", System.getProperty("java.version"));
        env.put("java.vm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
        env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        env.put("cpu.model", cpuModel());
        env.put("cpu.cores", Runtime.getRuntime().availableProcessors());
        env.put("memory.total", memTotal());
        // the JIT compiler threads' nice value in the JVMs graphperf starts (and the launcher's harness): a warm-up's pace depends on it
        env.put("jit.compilerNice", JitPriority.describe());
        return env;
    }

    static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) return line.substring(line.indexOf(':') + 1).trim();
            }
        } catch (IOException e) {
            // not Linux: fall through
        }
        return System.getProperty("os.arch");
    }

    static String memTotal() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    long kb = Long.parseLong(line.replaceAll("\\D", ""));
                    return String.format("%.1f GiB", kb / 1024.0 / 1024.0);
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux: fall through
        }
        return "unknown";
    }

    /** The commit of the graphperf checkout, with "+dirty" when it has uncommitted changes. */
    static String gitCommit(Path home) {
        if (home == null) return "unknown";
        Optional<String> head = run(home, "git", "rev-parse", "HEAD");
        if (head.isEmpty()) return "unknown";
        boolean dirty = run(home, "git", "status", "--porcelain", "--untracked-files=no").filter(s -> !s.isBlank()).isPresent();
        return dirty ? head.get() + "+dirty" : head.get();
    }

    /** What the command printed; empty when it could not run, failed or took over 10 s. */
    private static Optional<String> run(Path dir, String... cmd) {
        try {
            Process p = new ProcessBuilder(List.of(cmd)).directory(dir.toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) return Optional.empty();
            return Optional.of(out);
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
