package io.graphperf.core.measure;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The machine's cores, whatever CPUs graphperf itself is allowed (the other-load figure is judged against the machine's). */
class CpuMeterTest {

    @Test
    void theMachinesCoresAreTheOnlineCpusNotThisJvmsShare() throws Exception {
        Path online = Path.of("/sys/devices/system/cpu/online");
        Assumptions.assumeTrue(Files.isReadable(online), "Linux only: no " + online);
        int n = 0;
        for (String range : Files.readString(online).trim().split(",")) {
            String[] ab = range.split("-");
            n += ab.length == 1 ? 1 : Integer.parseInt(ab[1]) - Integer.parseInt(ab[0]) + 1;
        }
        assertEquals(n, CpuMeter.machineCores());
        assertTrue(CpuMeter.machineCores() >= Runtime.getRuntime().availableProcessors());
    }
}
