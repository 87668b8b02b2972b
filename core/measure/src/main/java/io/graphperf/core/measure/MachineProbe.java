package io.graphperf.core.measure;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cheap probes of what the machine is doing, taken around and during each trial (covariates: a comparison may adjust its figures for
 * them, docs/compare.md): how long a 4 KiB write and fsync take on the store's disk, how long a fixed loop takes on this CPU (its speed
 * now: frequency, a neighbour on the core), and how much CPU the hypervisor stole. The fsync probe is taken before and after a trial only
 * (during one it would add to the engine's own writes); the others every few seconds during it.
 */
public final class MachineProbe implements AutoCloseable {

    /** The covariates' names in run.json, with their units. */
    public static final String FSYNC = "fsync_us", LOOP = "cpu_loop_us", STEAL = "steal_cores";
    static final int FSYNCS = 16;
    static final long LOOP_ITERATIONS = 2_000_000;
    static final long EVERY_MILLIS = 5_000;

    private final Path dir;
    private final double stealStart;
    private final long started = System.nanoTime();
    private final double fsyncBefore;
    private final List<Double> loops = new ArrayList<>();
    private final Thread sampler;
    private volatile boolean stop;
    private volatile long sink;

    private MachineProbe(Path dir) {
        this.dir = dir;
        this.fsyncBefore = fsyncMicros(dir);
        this.stealStart = steal();
        synchronized (loops) {
            loops.add(loopMicros());
        }
        this.sampler = new Thread(this::sample, "graphperf-machine-probe");
        sampler.setDaemon(true);
        sampler.start();
    }

    /** Probes the machine now and every few seconds until {@link #close}; {@code dir} is on the disk the store will be on. */
    public static MachineProbe start(Path dir) {
        return new MachineProbe(dir);
    }

    private void sample() {
        while (!stop) {
            try {
                Thread.sleep(EVERY_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            if (stop) return;
            double l = loopMicros();
            synchronized (loops) {
                loops.add(l);
            }
        }
    }

    @Override
    public void close() {
        stop = true;
        sampler.interrupt();
    }

    /**
     * The covariates over the trial (call after it): the fsync time before and after it (their mean, µs; NaN when the disk could not be
     * probed), the fixed loop's median time (µs), the CPU stolen by the hypervisor (cores, NaN where /proc/stat has no steal column).
     */
    public Map<String, Double> covariates() {
        close();
        Map<String, Double> out = new LinkedHashMap<>();
        double after = fsyncMicros(dir);
        out.put(FSYNC, Double.isFinite(fsyncBefore) && Double.isFinite(after) ? (fsyncBefore + after) / 2 : Double.isFinite(after) ? after : fsyncBefore);
        double[] l;
        synchronized (loops) {
            l = loops.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        }
        out.put(LOOP, l.length == 0 ? Double.NaN : l[l.length / 2]);
        double seconds = (System.nanoTime() - started) / 1e9;
        out.put(STEAL, seconds <= 0 ? Double.NaN : (steal() - stealStart) / 100 / seconds);
        return out;
    }

    /** The median of {@value #FSYNCS} writes of 4 KiB, each forced to the disk, in a file of {@code dir} (removed after); NaN on failure. */
    static double fsyncMicros(Path dir) {
        if (dir == null) return Double.NaN;
        Path f = dir.resolve(".graphperf-fsync-probe");
        try {
            Files.createDirectories(dir);
            double[] t = new double[FSYNCS];
            try (FileChannel c = FileChannel.open(f, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer b = ByteBuffer.allocate(4096);
                for (int i = 0; i < FSYNCS; i++) {
                    b.clear();
                    long s = System.nanoTime();
                    c.write(b, (long) i * 4096);
                    c.force(false);
                    t[i] = (System.nanoTime() - s) / 1e3;
                }
            }
            Arrays.sort(t);
            return t[FSYNCS / 2];
        } catch (IOException e) {
            return Double.NaN;
        } finally {
            try {
                Files.deleteIfExists(f);
            } catch (IOException ignored) {
                // a probe file left in the trial's folder
            }
        }
    }

    /** The time of a fixed loop on this CPU (an integer recurrence the JIT cannot fold away), in µs. */
    double loopMicros() {
        long x = 1, s = System.nanoTime();
        for (long i = 0; i < LOOP_ITERATIONS; i++) x = x * 6364136223846793005L + 1442695040888963407L ^ (x >>> 29);
        sink = x;
        return (System.nanoTime() - s) / 1e3;
    }

    /** The jiffies (1/100 s of a CPU) the hypervisor stole from all CPUs so far, from /proc/stat; NaN where it is not there. */
    static double steal() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            return f.length < 9 ? Double.NaN : Double.parseDouble(f[8]);
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
