package io.graphperf.core.report;

import io.graphperf.core.engine.JitPriority;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
        String head = run(home, "git", "rev-parse", "HEAD");
        if (head == null) return "unknown";
        String status = run(home, "git", "status", "--porcelain", "--untracked-files=no");
        return status != null && !status.isBlank() ? head + "+dirty" : head;
    }

    private static String run(Path dir, String... cmd) {
        try {
            Process p = new ProcessBuilder(List.of(cmd)).directory(dir.toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) return null;
            return out;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
