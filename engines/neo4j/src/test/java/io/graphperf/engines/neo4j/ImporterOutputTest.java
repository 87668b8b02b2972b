package io.graphperf.engines.neo4j;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ImporterOutputTest {

    @Test
    void parsesStagesTotalsAndCounts() {
        ImporterOutput o = ImporterOutput.parse(List.of(
                "(1/4) Node import 2026-11-22 00:07:06.636+0000",
                ".......... .......... .......... .......... ..........   5% ∆2s 253ms [2s 253ms]",
                "Node import COMPLETED in 7s 708ms",
                "Relationship import COMPLETED in 1m 5s 365ms",
                "Relationship linking COMPLETED in 1h 2m",
                "Post processing COMPLETED in 400ms",
                "IMPORT DONE in 1h 3m 14s 473ms. ",
                "Imported:",
                "  457260 nodes",
                "  2176000 relationships",
                "  10010052 properties",
                "Peak memory usage: 169.1MiB"));
        assertEquals(List.of("Node import", "Relationship import", "Relationship linking", "Post processing"), List.copyOf(o.stages().keySet()));
        assertEquals(7.708, o.stages().get("Node import"), 1e-9);
        assertEquals(65.365, o.stages().get("Relationship import"), 1e-9);
        assertEquals(3720, o.stages().get("Relationship linking"), 1e-9);
        assertEquals(0.4, o.stages().get("Post processing"), 1e-9);
        assertEquals(3794.473, o.totalSeconds(), 1e-9);
        assertEquals(457_260, o.nodes());
        assertEquals(2_176_000, o.relationships());
        assertEquals(10_010_052, o.properties());
        assertEquals("169.1MiB", o.peakMemory());
    }

    @Test
    void anUnfinishedImportHasNoTotal() {
        ImporterOutput o = ImporterOutput.parse(List.of("Node import COMPLETED in 2s", "Exception in thread main"));
        assertEquals(1, o.stages().size());
        assertEquals(Double.NaN, o.totalSeconds());
    }
}
