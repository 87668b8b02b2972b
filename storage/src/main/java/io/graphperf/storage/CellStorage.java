package io.graphperf.storage;

import io.graphperf.core.measure.DiskProbe;
import io.graphperf.core.measure.ProcessIo;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The storage of one trial of a matrix cell, from its setup hook to its teardown: the filesystems made for it, the block
 * I/O trace on their devices, and a sampler of the space the store takes (its peak, since experiments delete their stores
 * when they finish). As a {@link DiskProbe} it gives an experiment's phases the process tree's I/O and the devices'
 * counters. {@link #close()} stops the trace, removes the filesystems and runs the teardown hook — in that order, also
 * after a failure.
 */
public final class CellStorage implements DiskProbe, AutoCloseable {

    private final String cell;
    private final StorageSpec spec;
    private final Path trialDir;
    private final LoopFilesystem data, log;
    private final BlockTrace trace;
    private final String traceUnavailable;
    private final Thread sampler;
    private volatile long peakStoreBytes;
    private volatile Map<String, Double> atPeak = Map.of();
    private Map<String, Object> summary;
    private volatile boolean closing;

    private record Snap(ProcessIo process, DeviceIo device) implements Snapshot {
    }

    private CellStorage(String cell, StorageSpec spec, Path trialDir, LoopFilesystem data, LoopFilesystem log, BlockTrace trace, String traceUnavailable) {
        this.cell = cell;
        this.spec = spec;
        this.trialDir = trialDir;
        this.data = data;
        this.log = log;
        this.trace = trace;
        this.traceUnavailable = traceUnavailable;
        this.sampler = new Thread(this::sample, "disk-use-sampler");
        this.sampler.setDaemon(true);
        if (data != null || log != null) this.sampler.start();
    }

    /**
     * Runs the setup hook, makes the filesystems (in {@code trialDir/fs}) and starts tracing their devices.
     *
     * @param env what the hooks get in their environment besides the cell's folders
     */
    public static CellStorage prepare(String cell, StorageSpec spec, Path trialDir, Map<String, String> env) throws IOException {
        Requirements.check(spec.filesystems(), "cell " + cell);
        Map<String, String> hookEnv = new LinkedHashMap<>(env);
        hookEnv.put("GRAPHPERF_CELL", cell);
        hookEnv.put("GRAPHPERF_TRIAL_DIR", trialDir.toAbsolutePath().toString());
        LoopFilesystem data = null, log = null;
        try {
            Path fs = trialDir.resolve("fs");
            if (spec.data() != null) data = LoopFilesystem.create(spec.data(), fs, "data");
            if (spec.log() != null) log = LoopFilesystem.create(spec.log(), fs, "log");
            if (data != null) hookEnv.put("GRAPHPERF_DATA_DIR", data.path().toString());
            if (log != null) hookEnv.put("GRAPHPERF_LOG_DIR", log.path().toString());
            if (spec.setup() != null) Hook.run("setup", spec.setup(), spec.hookTimeout(), trialDir, hookEnv);
            List<String> devices = new ArrayList<>();
            if (data != null) devices.add(data.device());
            if (log != null) devices.add(log.device());
            String why = devices.isEmpty() ? null : BlockTrace.unavailable();
            BlockTrace trace = why == null ? BlockTrace.start(devices, trialDir.resolve("fs").resolve("bpftrace.log")) : null;
            if (trace != null) Thread.sleep(1500); // bpftrace attaches its probe before it counts
            return new CellStorage(cell, spec, trialDir, data, log, trace, why);
        } catch (IOException | RuntimeException | InterruptedException e) {
            if (log != null) log.close();
            if (data != null) data.close();
            if (spec.teardown() != null) Hook.run("teardown", spec.teardown(), spec.hookTimeout(), trialDir, hookEnv);
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while preparing cell " + cell);
            }
            if (e instanceof IOException io) throw io;
            throw (RuntimeException) e;
        }
    }

    /** The folder for the database's data on the filesystem made for it, or null (the run's own place). */
    public Path dataDir() {
        return data == null ? null : data.path();
    }

    /** The folder for the transaction log / WAL on its own filesystem, or null (inside the data folder). */
    public Path logDir() {
        return log == null ? null : log.path();
    }

    @Override
    public Snapshot snapshot() {
        return new Snap(ProcessIo.tree(), devices());
    }

    @Override
    public Map<String, Double> since(Snapshot start) {
        Snap s = (Snap) start;
        Map<String, Double> m = new LinkedHashMap<>(ProcessIo.tree().minus(s.process).columns());
        if (data != null || log != null) m.putAll(devices().minus(s.device).columns());
        return m;
    }

    private DeviceIo devices() {
        DeviceIo d = DeviceIo.ZERO;
        if (data != null) d = d.plus(DeviceIo.of(data.device()));
        if (log != null) d = d.plus(DeviceIo.of(log.device()));
        return d;
    }

    @Override
    public Map<String, Double> diskUse() {
        if (data == null && log == null) return Map.of();
        Map<String, Double> m = new LinkedHashMap<>();
        long d = data == null ? 0 : data.storeBytes(), l = log == null ? 0 : log.storeBytes();
        m.put("disk_bytes", (double) (d + l));
        if (log != null) {
            m.put("data_disk_bytes", (double) d);
            m.put("log_disk_bytes", (double) l);
        }
        if (data != null) data.ownFigures().forEach((k, v) -> m.put("data_" + k, v));
        if (log != null) log.ownFigures().forEach((k, v) -> m.put("log_" + k, v));
        return m;
    }

    private void sample() {
        boolean zfs = (data != null && data.spec().kind().equals("zfs")) || (log != null && log.spec().kind().equals("zfs"));
        while (!closing) {
            Map<String, Double> use = diskUse();
            long bytes = use.getOrDefault("disk_bytes", 0.0).longValue();
            if (bytes >= peakStoreBytes) {
                peakStoreBytes = bytes;
                atPeak = use;
            }
            try {
                Thread.sleep(zfs ? 3000 : 1000);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** What run.json keeps of this trial's storage: filesystems, devices, peak space used, block I/O sizes. */
    public Map<String, Object> summary() {
        return summary;
    }

    @Override
    public void close() throws IOException {
        if (summary != null) return;
        closing = true;
        sampler.interrupt();
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("cell", cell);
        if (data != null) s.put("data", describe(data));
        if (log != null) s.put("log", describe(log));
        if (data != null || log != null) {
            Map<String, Double> last = diskUse();
            if (last.getOrDefault("disk_bytes", 0.0) >= peakStoreBytes) atPeak = last;
            s.put("peakDiskUse", atPeak);
        }
        if (trace != null) s.put("blockRequestSizes", trace.stop());
        else if (traceUnavailable != null) s.put("blockRequestSizes", traceUnavailable);
        summary = s;
        try {
            if (log != null) log.close();
        } finally {
            try {
                if (data != null) data.close();
            } finally {
                if (spec.teardown() != null) {
                    Map<String, String> env = new LinkedHashMap<>();
                    env.put("GRAPHPERF_CELL", cell);
                    env.put("GRAPHPERF_TRIAL_DIR", trialDir.toAbsolutePath().toString());
                    Hook.run("teardown", spec.teardown(), spec.hookTimeout(), trialDir, env);
                }
            }
        }
    }

    private static Map<String, Object> describe(LoopFilesystem f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("filesystem", f.spec().describe());
        m.put("device", f.device());
        m.put("directIo", f.directIo());
        m.put("imageBytes", f.spec().sizeBytes());
        return m;
    }
}
