package io.graphperf.core.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What an engine adapter asks of the machine: dropping its file cache, a process's peak memory, whether it runs as root. */
public final class Machine {

    private Machine() {
    }

    /**
     * Drops the operating system's file cache so the next start is cold on disk too (dirty pages synced first);
     * false when not permitted (not root, or not Linux).
     */
    public static boolean dropOsCache() {
        Path knob = Path.of("/proc/sys/vm/drop_caches");
        if (!Files.isWritable(knob)) return false;
        try {
            // dirty pages must reach the disk first, or dropping keeps them
            new ProcessBuilder("sync").inheritIO().start().waitFor();
            Files.writeString(knob, "3");
            return true;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Whether this process runs as root (its real user id in /proc/self/status is 0). */
    public static boolean isRoot() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) return line.split("\\s+")[1].equals("0");
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }

    /** A running process's peak resident memory (the kernel's VmHWM), 0 where /proc cannot tell. */
    public static long peakRssBytes(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmHWM:")) return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
            }
        } catch (IOException | RuntimeException e) {
            // gone, or no /proc
        }
        return 0;
    }
}
