package io.graphperf.core.measure;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * CPU time of the JIT compiler threads ("C1 CompilerThread…", "C2 CompilerThread…") of JVMs on this machine, read
 * from /proc. A freshly started JVM compiles its hot code for tens of seconds, on 2 cores about a minute and a
 * half for a Neo4j server under load; figures measured meanwhile measure the compiler. When the compiler threads
 * go quiet, the code a workload runs is compiled. NaN where /proc is missing.
 */
public final class JitMeter {

    private final List<Long> pids;

    /** @param pids the JVMs to watch (e.g. the engine host's and this harness's) */
    public JitMeter(List<Long> pids) {
        this.pids = pids;
    }

    /** Seconds of CPU the watched JVMs' compiler threads have used so far. */
    public double compilerSeconds() {
        double sum = 0;
        boolean any = false;
        for (long pid : pids) {
            try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
                for (Path t : tasks) {
                    String comm;
                    String stat;
                    try {
                        comm = Files.readString(t.resolve("comm")).trim();
                        if (!comm.startsWith("C1 Compiler") && !comm.startsWith("C2 Compiler")) continue;
                        stat = Files.readString(t.resolve("stat"));
                    } catch (IOException e) {
                        continue; // the thread ended meanwhile
                    }
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    sum += (Long.parseLong(f[11]) + Long.parseLong(f[12])) / 100.0;
                    any = true;
                }
            } catch (IOException | RuntimeException e) {
                // not Linux, or the process is gone
            }
        }
        return any ? sum : Double.NaN;
    }
}
