package io.graphperf.engines.neo4j;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Machine;
import io.graphperf.core.engine.PhaseProgress;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Runs Neo4j's own bulk importer ({@code neo4j-admin database import full}) in a child JVM with the
 * engine host's classpath, into the store that {@link EngineHost} then serves with the same settings.
 */
public final class BulkImporter {

    /**
     * @param seconds      wall time of the importer process, JVM start included
     * @param output       what the importer printed: stage times, totals, its memory estimate
     * @param peakRssBytes the importer process's peak resident memory (VmHWM), 0 where /proc is missing
     * @param storeFiles   bytes per file of the imported store (store files and transaction logs)
     * @param badEntries   lines in the bad-entries report
     * @param log          the importer's output
     * @param report       the bad-entries report (rows it skipped or ignored, with reasons)
     * @param command      the command line that ran (program and arguments)
     */
    public record Result(double seconds, ImporterOutput output, long peakRssBytes, Map<String, Long> storeFiles,
                         long badEntries, Path log, Path report, String command) {
        public long storeBytes() {
            return storeFiles.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    private BulkImporter() {
    }

    /**
     * @param importArgs the importer's arguments after the program name, e.g. from a dataset manifest
     *                   ({@code database import full neo4j --nodes=...})
     * @param maxOffHeap explicit off-heap limit (the importer's default, 90 % of RAM, is no test default)
     */
    public static Result run(HostSettings settings, Path graphperfHome, List<String> importArgs, String maxOffHeap)
            throws IOException, InterruptedException {
        return run(settings, graphperfHome, importArgs, maxOffHeap, PhaseProgress.NONE);
    }

    /** As above, reporting the importer's stage and percentage (read from its output) to {@code progress}. */
    public static Result run(HostSettings settings, Path graphperfHome, List<String> importArgs, String maxOffHeap,
                             PhaseProgress progress) throws IOException, InterruptedException {
        Path work = settings.workDir().toAbsolutePath();
        Path conf = Files.createDirectories(work.resolve("conf"));
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, String> e : settings.neo4jSettings(0, 0, null).entrySet()) lines.add(e.getKey() + "=" + e.getValue());
        Files.write(conf.resolve("neo4j.conf"), lines);
        Path log = work.resolve("import.log"), report = work.resolve("import.report");

        List<String> cmd = new ArrayList<>();
        Neo4jRelease release = Neo4jRelease.of(settings);
        cmd.add(release.java().toString());
        cmd.addAll(release.jvmOptions());
        cmd.add("-Xmx" + settings.heap());
        cmd.add("-cp");
        cmd.add(release.classpath(graphperfHome));
        cmd.add("org.neo4j.cli.AdminTool");
        cmd.addAll(importArgs);
        cmd.add("--max-off-heap-memory=" + maxOffHeap);
        cmd.add("--report-file=" + report);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("NEO4J_HOME", work.toString());
        pb.environment().put("NEO4J_CONF", conf.toString());
        long start = System.nanoTime();
        Process p = pb.start();
        long peakRss = 0;
        ImporterProgress watch = new ImporterProgress(log, progress);
        try {
            // VmHWM is the kernel's high-water mark of resident memory: the last reading before exit is the peak
            while (!p.waitFor(100, TimeUnit.MILLISECONDS)) {
                peakRss = Math.max(peakRss, Machine.peakRssBytes(p.pid()));
                watch.poll();
            }
        } catch (InterruptedException e) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw e;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        watch.finish();
        if (p.exitValue() != 0) {
            String tail = EngineHost.tail(log, 25);
            String verdict = Files.readAllLines(log).stream().filter(l -> l.contains("exceeds the set fault tolerance")).findFirst().orElse(null);
            String why = verdict != null
                    ? verdict.trim() + " — more bad entries than --bad-tolerance allows; each is listed in the bad-entries report " + report
                    : "see the bad-entries report " + report + " and the log " + log;
            throw new UserError("Neo4j's importer failed (exit code " + p.exitValue() + "): " + why
                    + "\nLast lines of " + log + ":\n" + tail);
        }
        long bad = Files.exists(report) ? Files.readAllLines(report).stream().filter(l -> !l.isBlank()).count() : 0;
        return new Result(seconds, ImporterOutput.parse(Files.readAllLines(log)), peakRss, storeFiles(settings), bad, log, report,
                String.join(" ", cmd.subList(cmd.indexOf("org.neo4j.cli.AdminTool"), cmd.size())));
    }

    /** Bytes per file of database "neo4j": its store directory and its transaction logs. */
    static Map<String, Long> storeFiles(HostSettings settings) throws IOException {
        Path data = settings.dataDir() != null ? settings.dataDir() : settings.workDir().resolve("data");
        Path txRoot = settings.txLogDir() != null ? settings.txLogDir() : data.resolve("transactions");
        Map<String, Long> sizes = new TreeMap<>();
        for (Path dir : List.of(data.resolve("databases").resolve("neo4j"), txRoot.resolve("neo4j"))) {
            if (!Files.isDirectory(dir)) continue;
            try (var walk = Files.walk(dir)) {
                for (Path f : walk.filter(Files::isRegularFile).toList()) {
                    sizes.merge(dir.getParent().getFileName() + "/" + dir.relativize(f), Files.size(f), Long::sum);
                }
            }
        }
        return sizes;
    }
}
