package io.graphperf.engines.falkordb.host;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
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
}
