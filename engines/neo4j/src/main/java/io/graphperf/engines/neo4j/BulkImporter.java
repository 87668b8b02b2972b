package io.graphperf.engines.neo4j;

import io.graphperf.core.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs Neo4j's own bulk importer ({@code neo4j-admin database import full}) in a child JVM with the
 * engine host's classpath, into the store that {@link EngineHost} then serves with the same settings.
 */
public final class BulkImporter {

    /**
     * @param seconds   wall time of the importer process
     * @param log       the importer's output
     * @param report    the bad-entries report (rows it skipped, with reasons)
     */
    public record Result(double seconds, Path log, Path report) {
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
        Path work = settings.workDir().toAbsolutePath();
        Path conf = Files.createDirectories(work.resolve("conf"));
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, String> e : settings.neo4jSettings(0, 0).entrySet()) lines.add(e.getKey() + "=" + e.getValue());
        Files.write(conf.resolve("neo4j.conf"), lines);
        Path log = work.resolve("import.log"), report = work.resolve("import.report");

        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx" + settings.heap());
        cmd.add("-cp");
        cmd.add(EngineHost.hostClasspath(graphperfHome));
        cmd.add("org.neo4j.cli.AdminTool");
        cmd.addAll(importArgs);
        cmd.add("--max-off-heap-memory=" + maxOffHeap);
        cmd.add("--report-file=" + report);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("NEO4J_HOME", work.toString());
        pb.environment().put("NEO4J_CONF", conf.toString());
        long start = System.nanoTime();
        Process p = pb.start();
        try {
            p.waitFor();
        } catch (InterruptedException e) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw e;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (p.exitValue() != 0) {
            throw new UserError("Neo4j's importer failed (exit code " + p.exitValue() + "); bad-entries report: " + report
                    + "\nLast lines of " + log + ":\n" + EngineHost.tail(log, 25));
        }
        return new Result(seconds, log, report);
    }
}
