package io.graphperf.engines.neo4j;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.JitPriority;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.engine.TxMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The engine host as a user meets it: start, serve, stop cleanly, and fail with the log's tail. */
class EngineHostIT {

    static Path home() {
        return Path.of(System.getProperty("graphperf.home", "../.."));
    }

    @Test
    void wrongPasswordAndCleanStop(@TempDir Path dir) throws Exception {
        HostSettings s = new HostSettings(dir, "512m", "64m", null, null, 0, 0, Map.of("dbms.security.auth_enabled", "true"));
        long pid;
        try (EngineHost host = EngineHost.start(s, home())) {
            pid = host.pid();
            assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
            List<String> jit = JitPriority.jvmOptions(); // as root: -XX:ThreadPriorityPolicy=1 -XX:CompilerThreadPriority=N
            assertCompilersRunAt(pid, jit.isEmpty() ? nice(Path.of("/proc", Long.toString(pid), "stat"))
                    : Integer.parseInt(jit.get(1).substring(jit.get(1).indexOf('=') + 1)));
            UserError e = assertThrows(UserError.class,
                    () -> Neo4jEngine.remote(host.boltUri(), "neo4j", "wrong-password", "neo4j", host.httpUrl(), false));
            assertTrue(e.getMessage().startsWith("authentication failed for user 'neo4j' at " + host.boltUri()), e.getMessage());
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "no orphan after close");
    }

    /** Each JIT compiler thread of a process (C1, C2) at this nice value, as Linux reports it (field 19 of /proc/PID/task/TID/stat). */
    static void assertCompilersRunAt(long pid, int nice) throws java.io.IOException {
        int compilers = 0;
        try (var tasks = java.nio.file.Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path t : tasks.toList()) {
                String stat = java.nio.file.Files.readString(t.resolve("stat"));
                if (!stat.contains("CompilerThre")) continue;
                compilers++;
                assertEquals(nice, nice(t.resolve("stat")), "nice of " + stat.substring(0, stat.lastIndexOf(')') + 1));
            }
        }
        assertTrue(compilers > 0, "no JIT compiler thread in process " + pid);
    }

    private static int nice(Path stat) throws java.io.IOException {
        String s = java.nio.file.Files.readString(stat);
        return Integer.parseInt(s.substring(s.lastIndexOf(')') + 2).split(" ")[16]);
    }

    @Test
    void aServerKilledMidRunIsReportedAsSuch(@TempDir Path dir) throws Exception {
        try (Neo4jEngine t = Neo4jEngine.embedded(new HostSettings(dir, "512m", "64m", null, null, 0, 0, Map.of()), home())) {
            t.checkHealthy();
            // APOC core is installed as a plugin: its page-cache warm-up runs (the E1 warm-up phase uses it)
            t.execute("UNWIND range(1, 1000) AS i CREATE (:W {i: i})");
            assertEquals(1, t.queryLong("CALL apoc.warmup.run() YIELD nodesTotal RETURN count(*)"));
            assertTrue(t.queryLong("CALL apoc.warmup.run() YIELD nodesTotal RETURN nodesTotal") >= 1000);
            long pid = t.serverPid().orElseThrow();
            ProcessHandle.of(pid).orElseThrow().destroyForcibly();
            ProcessHandle.of(pid).orElseThrow().onExit().get();
            UserError e = assertThrows(UserError.class, t::checkHealthy);
            assertTrue(e.getMessage().startsWith("the embedded Neo4j stopped unexpectedly (exit code 137)"), e.getMessage());
            assertTrue(e.getMessage().contains("host.log"), e.getMessage());
        }
    }

    @Test
    void engineThatFailsToStartShowsItsLog(@TempDir Path dir) {
        HostSettings s = new HostSettings(dir, "512m", "not-a-size", null, null, 0, 0, Map.of());
        UserError e = assertThrows(UserError.class, () -> EngineHost.start(s, home()));
        assertTrue(e.getMessage().startsWith("the embedded Neo4j failed to start"), e.getMessage());
        assertTrue(e.getMessage().contains("not-a-size"), "the log tail names the bad setting: " + e.getMessage());
    }

    /** The injected CPU slowdown is registered by graphperf's plugin in the host and burns CPU for committed writes only. */
    @Test
    void theCpuSlowdownBurnsCpuForWrites(@TempDir Path dir) throws Exception {
        HostSettings s = new HostSettings(dir, "512m", "64m", null, null, 0, 0, Map.of("graphperf.slowdown.cpu", "50%"));
        try (Neo4jEngine t = Neo4jEngine.embedded(s, home())) {
            for (int i = 0; i < 50; i++) t.execute("UNWIND range(1, 200) AS i CREATE (:Burn {i: i})");
            assertEquals(10_000, t.queryLong("MATCH (n:Burn) RETURN count(n)"));
        }
        String log = java.nio.file.Files.readString(dir.resolve("logs").resolve("neo4j.log"));
        assertTrue(log.contains("every write transaction of 'neo4j' burns 50.0 % more CPU"), "not registered: " + log);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("the CPU slowdown of 'neo4j' burned (\\d+) µs").matcher(log);
        assertTrue(m.find(), "no account at stop: " + log);
        assertTrue(Long.parseLong(m.group(1)) > 0, "50 write transactions burned nothing: " + m.group(0));
    }

    @Test
    void aServerMustBeAllowedToReset(@TempDir Path dir) throws Exception {
        try (EngineHost host = EngineHost.start(HostSettings.defaults(dir).withPorts(0, 0), home());
             Neo4jEngine remote = Neo4jEngine.remote(host.boltUri(), null, null, "neo4j", host.httpUrl(), false)) {
            UserError e = assertThrows(UserError.class, remote::checkResetAllowed);
            assertTrue(e.getMessage().contains("pass --reset delete-all"), e.getMessage());
            remote.execute("CREATE (:Keep)");
            assertThrows(UserError.class, remote::reset);
            assertEquals(1, remote.queryLong("MATCH (n:Keep) RETURN count(n)"), "nothing deleted without leave");

            // the same server through a neo4j:// routing URI, with leave to reset: workloads run unchanged
            String routing = host.boltUri().replace("bolt://", "neo4j://");
            try (Neo4jEngine routed = Neo4jEngine.remote(routing, null, null, "neo4j", host.httpUrl(), true)) {
                routed.checkResetAllowed();
                routed.reset();
                assertEquals(0, routed.queryLong("MATCH (n) RETURN count(n)"));
                Operation op = new Operation("w", List.of(new Statement("CREATE (:U {id:$id})", Map.of("id", 1)),
                        new Statement("CREATE (:U {id:$id})", Map.of("id", 2))), TxMode.EXPLICIT, 2);
                for (TransportName transport : routed.transports()) {
                    try (var engine = routed.transport(transport); var session = engine.openSession()) {
                        session.execute(op);
                    }
                }
                assertEquals(4, routed.queryLong("MATCH (n:U) RETURN count(n)"), "bolt and http each committed both statements");
            }
        }
    }
}
