package io.graphperf.core.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Linux's I/O accounting ({@code /proc/PID/io}) summed over graphperf's process tree: the harness and every process it
 * started that still runs (engine hosts, an importer). A process that ended and was waited for is counted in its parent's
 * figures by the kernel, so the sum over the live tree never loses or double-counts a child. {@code write_bytes} is what
 * the processes caused to be written to storage (page-cache writeback included), {@code write_syscalls} their write
 * calls, {@code mean_write_bytes} the bytes per write call. The harness's own writes (its results folder, logs) are part
 * of the sum; they are small beside a database's. Zeros where /proc/PID/io is not readable (not Linux).
 */
public record ProcessIo(long readChars, long writeChars, long readCalls, long writeCalls, long readBytes, long writeBytes,
                        long cancelledWriteBytes) implements DiskProbe.Snapshot {

    public static final ProcessIo ZERO = new ProcessIo(0, 0, 0, 0, 0, 0, 0);

    /** The harness and its live descendants, summed. */
    public static ProcessIo tree() {
        ProcessIo sum = of(ProcessHandle.current().pid());
        for (ProcessHandle h : ProcessHandle.current().descendants().toList()) sum = sum.plus(of(h.pid()));
        return sum;
    }

    /** One process (its live threads, ended threads and waited-for children), or zeros when it is gone or unreadable. */
    public static ProcessIo of(long pid) {
        try {
            return parse(Files.readString(Path.of("/proc", Long.toString(pid), "io")));
        } catch (IOException | RuntimeException e) {
            return ZERO;
        }
    }

    static ProcessIo parse(String text) {
        Map<String, Long> v = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) v.put(line.substring(0, colon).trim(), Long.parseLong(line.substring(colon + 1).trim()));
        }
        return new ProcessIo(v.getOrDefault("rchar", 0L), v.getOrDefault("wchar", 0L), v.getOrDefault("syscr", 0L), v.getOrDefault("syscw", 0L),
                v.getOrDefault("read_bytes", 0L), v.getOrDefault("write_bytes", 0L), v.getOrDefault("cancelled_write_bytes", 0L));
    }

    public ProcessIo plus(ProcessIo o) {
        return new ProcessIo(readChars + o.readChars, writeChars + o.writeChars, readCalls + o.readCalls, writeCalls + o.writeCalls,
                readBytes + o.readBytes, writeBytes + o.writeBytes, cancelledWriteBytes + o.cancelledWriteBytes);
    }

    public ProcessIo minus(ProcessIo o) {
        return new ProcessIo(readChars - o.readChars, writeChars - o.writeChars, readCalls - o.readCalls, writeCalls - o.writeCalls,
                readBytes - o.readBytes, writeBytes - o.writeBytes, cancelledWriteBytes - o.cancelledWriteBytes);
    }

    /** results.csv's columns: storage bytes read and written, write calls and bytes per write call. */
    public Map<String, Double> columns() {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("write_bytes", (double) Math.max(0, writeBytes - cancelledWriteBytes));
        m.put("read_bytes", (double) readBytes);
        m.put("write_syscalls", (double) writeCalls);
        m.put("mean_write_bytes", writeCalls == 0 ? Double.NaN : (double) writeChars / writeCalls);
        return m;
    }
}
