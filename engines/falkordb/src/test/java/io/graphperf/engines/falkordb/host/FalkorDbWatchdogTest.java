package io.graphperf.engines.falkordb.host;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server's watchdog stops it when the host's pipe closes, and kills it when it does not stop: Redis busy with a long query takes
 * its TERM only when the query ends (seen: a FalkorDB server outlived its killed study by minutes). Here a program that ignores TERM.
 */
class FalkorDbWatchdogTest {

    @Test
    void aServerThatIgnoresTermIsKilledWhenTheHostGoes() throws Exception {
        Process watchdog = new ProcessBuilder("sh", "-c", FalkorDbServer.WATCHDOG, "sh", "sh", "-c", "trap '' TERM; exec sleep 300").start();
        long pid = Long.parseLong(new BufferedReader(new InputStreamReader(watchdog.getInputStream())).readLine().trim());
        ProcessHandle server = ProcessHandle.of(pid).orElseThrow();
        assertTrue(server.isAlive(), "the server runs");
        watchdog.getOutputStream().close(); // the host is gone: its end of the pipe closes
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(FalkorDbServer.KILL_AFTER_SECONDS + 50);
        while (server.isAlive() && System.nanoTime() < deadline) Thread.sleep(200);
        assertFalse(server.isAlive(), "a server that ignored its TERM was killed after " + FalkorDbServer.KILL_AFTER_SECONDS + " s");
        assertTrue(watchdog.waitFor(10, TimeUnit.SECONDS), "and the watchdog ended");
    }

    /** A server that stops on its TERM is gone at once, and the watchdog with it: nothing of it is left for the next check to find. */
    @Test
    void aServerThatStopsLeavesNothingBehind() throws Exception {
        Process watchdog = new ProcessBuilder("sh", "-c", FalkorDbServer.WATCHDOG, "sh", "sleep", "300").start();
        long pid = Long.parseLong(new BufferedReader(new InputStreamReader(watchdog.getInputStream())).readLine().trim());
        ProcessHandle server = ProcessHandle.of(pid).orElseThrow();
        List<ProcessHandle> children = watchdog.toHandle().descendants().toList(); // the server and the pipe's reader (started after the pid)
        for (int i = 0; i < 100 && children.size() < 2; i++) {
            Thread.sleep(50);
            children = watchdog.toHandle().descendants().toList();
        }
        assertTrue(children.size() >= 2, "the watchdog's children were seen: " + children);
        watchdog.getOutputStream().close();
        assertTrue(watchdog.waitFor(FalkorDbServer.KILL_AFTER_SECONDS - 2, TimeUnit.SECONDS), "the watchdog ended before any kill was due");
        assertFalse(server.isAlive(), "the server is gone");
        assertTrue(children.stream().noneMatch(ProcessHandle::isAlive), "no child of the watchdog is left: "
                + children.stream().filter(ProcessHandle::isAlive).map(c -> c.info().commandLine().orElse("?")).toList());
    }

    /** The watchdog itself sent TERM (a pkill of its command line): the server is stopped before the watchdog goes. */
    @Test
    void aWatchdogSentTermStopsItsServerFirst() throws Exception {
        Process watchdog = new ProcessBuilder("sh", "-c", FalkorDbServer.WATCHDOG, "sh", "sleep", "300").start();
        long pid = Long.parseLong(new BufferedReader(new InputStreamReader(watchdog.getInputStream())).readLine().trim());
        ProcessHandle server = ProcessHandle.of(pid).orElseThrow();
        new ProcessBuilder("kill", "-TERM", Long.toString(watchdog.pid())).start().waitFor();
        assertTrue(watchdog.waitFor(FalkorDbServer.KILL_AFTER_SECONDS + 20, TimeUnit.SECONDS), "the watchdog ended");
        assertFalse(server.isAlive(), "and its server with it");
    }
}
