package io.graphperf.core.measure;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * CPU time of this process, of the engine's server processes and of the whole machine, read from the JVM
 * and from /proc, and this JVM's garbage-collection time. Where /proc is missing (not Linux) the server and
 * machine figures are NaN.
 */
public final class CpuMeter {

    /** Linux reports /proc times in clock ticks of 1/100 s on every mainstream architecture. */
    private static final double TICKS_PER_SECOND = 100.0;

    private final List<Long> serverPids, besides;
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /** @param serverPids the engine's processes on this machine (none for a remote server) */
    public CpuMeter(List<Long> serverPids) {
        this(serverPids, List.of());
    }

    /**
     * @param besides processes that run alongside on purpose (a duet's other engine): their CPU is not counted as other load
     */
    public CpuMeter(List<Long> serverPids, List<Long> besides) {
        this.serverPids = serverPids;
        this.besides = besides;
    }

    public record Snapshot(long wallNanos, long harnessCpuNanos, double serverCpuSeconds, long machineBusyTicks, long machineTotalTicks,
                           long gcMillis, double besideCpuSeconds) {
    }

    public Snapshot snapshot() {
        double server = serverPids.isEmpty() ? Double.NaN : 0, beside = 0;
        for (long pid : serverPids) {
            if (pid == ProcessHandle.current().pid()) continue; // in-process: the harness is the server
            server += processCpuSeconds(pid);
        }
        for (long pid : besides) {
            double s = processCpuSeconds(pid);
            if (Double.isFinite(s)) beside += s;
        }
        long[] machine = machineTicks();
        return new Snapshot(System.nanoTime(), os.getProcessCpuTime(), server, machine[0], machine[1], gcMillis(), beside);
    }

    public Resources usage(Snapshot a, Snapshot b) {
        int cores = machineCores();
        double wall = Math.max(1e-9, (b.wallNanos - a.wallNanos) / 1e9);
        double harness = (b.harnessCpuNanos - a.harnessCpuNanos) / 1e9 / wall;
        double server = (b.serverCpuSeconds - a.serverCpuSeconds) / wall;
        long totalTicks = b.machineTotalTicks - a.machineTotalTicks;
        double busy = totalTicks > 0 ? (double) (b.machineBusyTicks - a.machineBusyTicks) / totalTicks : Double.NaN;
        // /proc ticks are 10 ms: below ~2 s the difference is mostly rounding, so other load is only judged on longer windows
        double other = Double.NaN;
        double beside = (b.besideCpuSeconds - a.besideCpuSeconds) / wall;
        if (!Double.isNaN(busy) && wall >= 2) other = Math.max(0, busy * cores - harness - (Double.isNaN(server) ? 0 : server) - beside);
        return new Resources(harness, server, busy, cores, other, b.gcMillis - a.gcMillis,
                Resources.isClientBound(harness, server, busy, cores));
    }

    static long gcMillis() {
        long sum = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) sum += Math.max(0, gc.getCollectionTime());
        return sum;
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

    /**
     * The machine's cores as /proc/stat counts them (its busy ticks are theirs), not this JVM's: under {@code taskset} (the engine
     * on some cores, graphperf on the others) the JVM sees only its own, and the other load would hide in the difference.
     */
    static int machineCores() {
        try (var lines = Files.lines(Path.of("/proc/stat"))) {
            int n = (int) lines.filter(l -> l.length() > 3 && l.startsWith("cpu") && Character.isDigit(l.charAt(3))).count();
            if (n > 0) return n;
        } catch (IOException | RuntimeException e) {
            // below
        }
        return Runtime.getRuntime().availableProcessors();
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
