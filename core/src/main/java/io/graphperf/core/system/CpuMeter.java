package io.graphperf.core.system;

import io.graphperf.core.results.CpuUsage;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * CPU time of this process, of the database server's process and of the whole machine, read from
 * the JVM and from /proc. Where /proc is missing (not Linux) the server and machine figures are NaN.
 */
public final class CpuMeter {

    /** Linux reports /proc times in clock ticks of 1/100 s on every mainstream architecture. */
    private static final double TICKS_PER_SECOND = 100.0;

    private final OptionalLong serverPid;
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    public CpuMeter(OptionalLong serverPid) {
        this.serverPid = serverPid;
    }

    public record Snapshot(long wallNanos, long harnessCpuNanos, double serverCpuSeconds, long machineBusyTicks, long machineTotalTicks) {
    }

    public Snapshot snapshot() {
        double server = serverPid.isPresent() ? processCpuSeconds(serverPid.getAsLong()) : Double.NaN;
        long[] machine = machineTicks();
        return new Snapshot(System.nanoTime(), os.getProcessCpuTime(), server, machine[0], machine[1]);
    }

    public CpuUsage usage(Snapshot a, Snapshot b) {
        int cores = Runtime.getRuntime().availableProcessors();
        double wall = Math.max(1e-9, (b.wallNanos - a.wallNanos) / 1e9);
        double harness = (b.harnessCpuNanos - a.harnessCpuNanos) / 1e9 / wall;
        double server = (b.serverCpuSeconds - a.serverCpuSeconds) / wall;
        long totalTicks = b.machineTotalTicks - a.machineTotalTicks;
        double busy = totalTicks > 0 ? (double) (b.machineBusyTicks - a.machineBusyTicks) / totalTicks : Double.NaN;
        return new CpuUsage(harness, server, busy, cores, CpuUsage.isClientBound(harness, server, busy, cores));
    }

    /** utime + stime of a process, fields 14 and 15 of /proc/PID/stat (after the command name). */
    static double processCpuSeconds(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** {busy, total} ticks of all cores from the first line of /proc/stat. */
    static long[] machineTicks() {
        try {
            String line = Files.readAllLines(Path.of("/proc/stat")).get(0);
            String[] f = line.trim().split("\\s+");
            long total = 0;
            for (int i = 1; i < Math.min(f.length, 9); i++) total += Long.parseLong(f[i]);
            long idle = Long.parseLong(f[4]) + Long.parseLong(f[5]);
            return new long[]{total - idle, total};
        } catch (IOException | RuntimeException e) {
            return new long[]{0, 0};
        }
    }
}
