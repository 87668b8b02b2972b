package io.graphperf.storage;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes of the block I/O requests issued to a cell's loop devices, counted by bpftrace on the kernel tracepoint
 * {@code block:block_rq_issue} (the analog of the study's DTrace measurement of write sizes): one count per exact request
 * size, for reads and writes, over the whole trial. Needs root, bpftrace and tracefs (mounted at /sys/kernel/tracing when
 * missing); without them {@link #start} returns null and says why once.
 */
final class BlockTrace implements AutoCloseable {

    private static final Pattern LINE = Pattern.compile("@x\\[(\\d+), ([A-Z]*), (\\d+)\\]: (\\d+)");
    private final Process process;
    private final Thread reader;
    private final List<String> lines = new ArrayList<>();
    private final Map<Long, String> deviceNames;
    private final Runnable undo;

    private BlockTrace(Process process, Map<Long, String> deviceNames) {
        this.process = process;
        this.deviceNames = deviceNames;
        this.reader = new Thread(this::read, "bpftrace-output");
        this.reader.setDaemon(true);
        this.reader.start();
        this.undo = process::destroyForcibly;
        Cleanup.add(undo);
    }

    /** Why tracing is not available here, or null when it is. */
    static String unavailable() {
        if (!Requirements.isRoot()) return "block I/O sizes need root (bpftrace)";
        if (!Requirements.onPath("bpftrace")) return "block I/O sizes need bpftrace: apt-get install bpftrace";
        Path tracing = Path.of("/sys/kernel/tracing/events/block/block_rq_issue");
        if (!Files.exists(tracing)) {
            Command.quietly("mount", "-t", "tracefs", "nodev", "/sys/kernel/tracing");
            if (!Files.exists(tracing)) return "block I/O sizes need tracefs at /sys/kernel/tracing with the block:block_rq_issue tracepoint";
        }
        return null;
    }

    /**
     * Starts tracing the devices (e.g. "/dev/loop3"), or returns null when tracing is unavailable.
     *
     * @param log where bpftrace's own messages go
     */
    static BlockTrace start(List<String> devices, Path log) throws IOException {
        if (devices.isEmpty() || unavailable() != null) return null;
        Map<Long, String> names = new TreeMap<>();
        StringBuilder filter = new StringBuilder();
        for (String d : devices) {
            String[] mm = Files.readString(Path.of("/sys/block", Path.of(d).getFileName().toString(), "dev")).trim().split(":");
            long dev = (Long.parseLong(mm[0]) << 20) | Long.parseLong(mm[1]); // the kernel's dev_t as the tracepoint gives it
            names.put(dev, d);
            if (filter.length() > 0) filter.append(" || ");
            filter.append("args->dev == ").append(dev);
        }
        // counted by the request's flags (rwbs, e.g. "WS", "FWS", "RA"), classified as read or write when stopped
        String program = "tracepoint:block:block_rq_issue /(" + filter + ") && args->bytes > 0/ { @x[args->dev, args->rwbs, args->bytes] = count(); }";
        Process p = new ProcessBuilder("bpftrace", "-e", program).redirectError(log.toFile()).start();
        return new BlockTrace(p, names);
    }

    private void read() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                synchronized (lines) {
                    lines.add(line);
                }
            }
        } catch (IOException e) {
            // process gone: what was read is all there is
        }
    }

    /** Stops tracing; bpftrace prints its maps on SIGINT/SIGTERM. Request size → count, per device, for writes ("w") and reads ("r"). */
    Map<String, Map<String, Map<Long, Long>>> stop() {
        Cleanup.remove(undo);
        try {
            new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor(5, TimeUnit.SECONDS);
            if (!process.waitFor(15, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            reader.join(5_000);
        } catch (IOException | InterruptedException e) {
            process.destroyForcibly();
        }
        synchronized (lines) {
            return parse(lines, deviceNames);
        }
    }

    /** bpftrace's printed map ({@code @x[DEV, FLAGS, BYTES]: COUNT}) as device → "write"/"read" → request size → count. */
    static Map<String, Map<String, Map<Long, Long>>> parse(List<String> printed, Map<Long, String> deviceNames) {
        Map<String, Map<String, Map<Long, Long>>> out = new TreeMap<>();
        for (String l : printed) {
            Matcher m = LINE.matcher(l.trim());
            if (!m.matches()) continue;
            String device = deviceNames.getOrDefault(Long.parseLong(m.group(1)), m.group(1));
            String kind = kind(m.group(2));
            if (kind == null) continue;
            out.computeIfAbsent(device, d -> new TreeMap<>()).computeIfAbsent(kind, k -> new TreeMap<>())
                    .merge(Long.parseLong(m.group(3)), Long.parseLong(m.group(4)), Long::sum);
        }
        return out;
    }

    /** "write" or "read" from the kernel's flags ("FWS": a flush, then a synchronous write), null for discards and others. */
    static String kind(String rwbs) {
        String f = rwbs.startsWith("F") ? rwbs.substring(1) : rwbs;
        if (f.startsWith("W")) return "write";
        if (f.startsWith("R")) return "read";
        return null;
    }

    @Override
    public void close() {
        if (process.isAlive()) stop();
    }
}
