package io.graphperf.storage;

import io.graphperf.core.UserError;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The zfs-fuse daemon, which ZFS pools need (ZFS through FUSE: real ZFS with recordsize and compression, slower than a
 * kernel ZFS). graphperf starts it for the first ZFS filesystem of a cell and stops it when the cell's last ZFS pool is
 * destroyed; a daemon that was already running (the user's) is used and left alone.
 */
final class ZfsDaemon {

    private static Process daemon;
    private static int users;

    private ZfsDaemon() {
    }

    static synchronized void acquire(Path logFile) {
        if (users++ > 0) return;
        if (running()) return; // the user's own daemon
        try {
            daemon = new ProcessBuilder("zfs-fuse", "--no-daemon", "--no-kstat-mount").redirectErrorStream(true)
                    .redirectOutput(logFile.toFile()).start();
        } catch (IOException e) {
            users--;
            throw new UserError("cannot start zfs-fuse: " + e.getMessage());
        }
        // stopped by release(), which each ZFS filesystem's undo calls after destroying its pool (never before: a daemon
        // stopped under a mounted pool would keep its loop device busy)
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!running()) {
            if (!daemon.isAlive() || System.nanoTime() > deadline) {
                stopNow();
                users--;
                throw new UserError("zfs-fuse did not start (its output: " + logFile + ")");
            }
            sleep(100);
        }
    }

    static synchronized void release() {
        users = Math.max(0, users - 1);
        if (users > 0 || daemon == null) return;
        stopNow();
    }

    /** Whether a zfs-fuse daemon answers. */
    static boolean running() {
        try {
            Command.run(Duration.ofSeconds(10), List.of("zpool", "list", "-H"));
            return true;
        } catch (UserError e) {
            return false;
        }
    }

    private static synchronized void stopNow() {
        if (daemon == null) return;
        daemon.destroy(); // SIGTERM: zfs-fuse exports its pools and exits
        try {
            if (!daemon.waitFor(20, TimeUnit.SECONDS)) daemon.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            daemon.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        daemon = null;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while starting zfs-fuse");
        }
    }
}
