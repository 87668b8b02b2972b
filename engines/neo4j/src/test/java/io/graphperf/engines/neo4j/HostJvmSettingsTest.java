package io.graphperf.engines.neo4j;

import io.graphperf.core.UserError;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostJvmSettingsTest {

    private static HostSettings with(String key, String value) {
        return HostSettings.defaults(Path.of("/tmp/x")).with(Map.of(key, value));
    }

    @Test
    void jvmOptionsAreAddedAndAnythingElseIsRefusedByName() {
        assertEquals(List.of(), HostJvmSettings.options(HostSettings.defaults(Path.of("/tmp/x"))));
        assertEquals(List.of("-XX:+AlwaysPreTouch", "-XX:-TieredCompilation"), HostJvmSettings.options(with(HostJvmSettings.JVM, " -XX:+AlwaysPreTouch  -XX:-TieredCompilation ")));
        UserError e = assertThrows(UserError.class, () -> HostJvmSettings.options(with(HostJvmSettings.JVM, "-Xbatch AlwaysPreTouch")));
        assertTrue(e.getMessage().contains("graphperf.host.jvm") && e.getMessage().contains("'AlwaysPreTouch' is not a JVM option"), e.getMessage());
    }

    @Test
    void theCpuSlowdownReachesTheHostAsASystemPropertyAndABadOneIsRefusedByName() {
        assertEquals(List.of("-Dgraphperf.slowdown.cpu=0.05"), HostJvmSettings.options(with("graphperf.slowdown.cpu", "5%")));
        UserError e = assertThrows(UserError.class, () -> HostJvmSettings.options(with("graphperf.slowdown.cpu", "five")));
        assertTrue(e.getMessage().contains("graphperf.slowdown.cpu=five") && e.getMessage().contains("percentage"), e.getMessage());
    }

    @Test
    void cpusRunTheHostUnderTasksetAndABadListSaysWhatToGive() {
        assertEquals(List.of(), HostJvmSettings.prefix(HostSettings.defaults(Path.of("/tmp/x"))));
        assertEquals(List.of("/usr/bin/taskset", "-c", "0"), HostJvmSettings.prefix(with(HostJvmSettings.CPUS, "0")));
        UserError bad = assertThrows(UserError.class, () -> HostJvmSettings.prefix(with(HostJvmSettings.CPUS, "one")));
        assertTrue(bad.getMessage().contains("graphperf.host.cpus=one") && bad.getMessage().contains("CPU list"), bad.getMessage());
        UserError beyond = assertThrows(UserError.class, () -> HostJvmSettings.prefix(with(HostJvmSettings.CPUS, "0-4096")));
        assertTrue(beyond.getMessage().contains("this machine has CPUs 0 to"), beyond.getMessage());
        assertTrue(HostJvmSettings.machineCpus() >= Runtime.getRuntime().availableProcessors(), "the machine's CPUs, not only this JVM's");
    }
}
