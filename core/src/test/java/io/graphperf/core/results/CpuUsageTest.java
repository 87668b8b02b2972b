package io.graphperf.core.results;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuUsageTest {

    @Test
    void theClientIsTheBottleneckWhenItUsesTheMachine() {
        // harness alone on 70 % of the cores
        assertTrue(CpuUsage.isClientBound(1.5, 0.3, 0.95, 2));
        // saturated machine, harness above the server
        assertTrue(CpuUsage.isClientBound(1.1, 0.8, 0.97, 2));
    }

    @Test
    void theServerIsTheBottleneckWhenItUsesMore() {
        assertFalse(CpuUsage.isClientBound(0.5, 1.4, 0.98, 2), "server-bound, as in E4 on 2 cores");
        assertFalse(CpuUsage.isClientBound(0.9, 0.3, 0.6, 2), "machine not saturated");
        assertFalse(CpuUsage.isClientBound(0.9, Double.NaN, 0.99, 4), "remote server, harness under 70 %");
        assertNull(new CpuUsage(0.5, 1.4, 0.98, 2, false).warning());
        assertTrue(new CpuUsage(1.5, 0.3, 0.95, 2, true).warning().contains("the client may be the bottleneck"));
    }
}
