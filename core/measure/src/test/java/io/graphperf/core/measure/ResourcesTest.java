package io.graphperf.core.measure;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResourcesTest {

    @Test
    void theHarnessMayLimitACellWhenItUsesTheMachineOrTakesASaturatedMachinesCpu() {
        // harness alone on 70 % of the cores
        assertTrue(Resources.isClientBound(1.5, 0.3, 0.95, 2));
        // saturated 2-core machine, harness at 0.3–0.5 of it: CPU the server could have used (missed before)
        assertTrue(Resources.isClientBound(0.45, 1.45, 0.97, 2));
        assertTrue(Resources.isClientBound(0.3, 1.6, 0.96, 2));
    }

    @Test
    void theServerHasTheMachineWhenTheHarnessIsSmallOrTheMachineIsNotSaturated() {
        assertFalse(Resources.isClientBound(0.1, 1.8, 0.98, 2), "a thin client on a saturated machine");
        assertFalse(Resources.isClientBound(0.9, 0.3, 0.6, 2), "machine not saturated");
        assertFalse(Resources.isClientBound(0.9, Double.NaN, 0.99, 4), "remote server, harness under 70 %");
    }

    @Test
    void warningsSayWhatMadeTheFigureSuspect() {
        Resources quiet = new Resources(0.1, 1.8, 0.97, 2, 0.02, 12, false);
        assertEquals(List.of(), quiet.warnings());
        Resources busy = new Resources(0.4, 1.0, 0.95, 2, 0.5, 12, true);
        List<String> w = busy.warnings();
        assertEquals(2, w.size(), w.toString());
        assertTrue(w.get(0).contains("the client may have limited this figure"), w.get(0));
        assertTrue(w.get(1).contains("other load on the machine: 0.50 cores"), w.get(1));
        assertFalse(busy.inProcess().clientBound(), "in-process, client and server are one process");
    }

    @Test
    void theJitMeterReadsThisJvmsCompilerThreads() {
        double seconds = new JitMeter(List.of(ProcessHandle.current().pid())).compilerSeconds();
        if (!java.nio.file.Files.isDirectory(java.nio.file.Path.of("/proc/self/task"))) return; // not Linux: NaN, tested elsewhere
        assertTrue(seconds >= 0, "a JVM that has run tests has compiled something: " + seconds);
        assertTrue(Double.isNaN(new JitMeter(List.of(Long.MAX_VALUE)).compilerSeconds()), "a process that is not there");
    }

    @Test
    void otherLoadIsTheBusyCoresNotExplainedByHarnessAndServer() {
        CpuMeter meter = new CpuMeter(List.of());
        CpuMeter.Snapshot a = new CpuMeter.Snapshot(0, 0, 0, 0, 0, 0, 0);
        // 4 s, 2 cores, 75 % busy = 1.5 busy cores; harness 0.4 cores, server 0.8 cores: 0.3 cores of other load
        CpuMeter.Snapshot b = new CpuMeter.Snapshot(4_000_000_000L, 1_600_000_000L, 3.2, 600, 800, 40, 0);
        Resources r = meter.usage(a, b);
        assertEquals(0.4, r.harnessCores(), 1e-9);
        assertEquals(0.8, r.serverCores(), 1e-9);
        assertEquals(0.75 * r.cores() - 1.2, r.otherLoadCores(), 1e-9);
        assertEquals(40, r.harnessGcMillis(), 1e-9);
        // a duet's other engine used 0.2 cores of them: on purpose, not other load
        CpuMeter.Snapshot c = new CpuMeter.Snapshot(4_000_000_000L, 1_600_000_000L, 3.2, 600, 800, 40, 0.8);
        assertEquals(r.otherLoadCores() - 0.2, meter.usage(a, c).otherLoadCores(), 1e-9);
    }
}
