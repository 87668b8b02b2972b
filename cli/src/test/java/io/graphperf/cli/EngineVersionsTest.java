package io.graphperf.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Engine versions as a user meets them, nothing started: {@code graphperf engines} lists every version graphperf drives with whether
 * it runs here; a version graphperf does not drive is refused by name with the ones it does (exit 2), on a run and on --fetch.
 */
class EngineVersionsTest {

    @Test
    void enginesListsEveryVersionAndWhetherItRunsHere() {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("engines");
        assertEquals(0, o.code(), o.failure());
        for (String name : new String[] {"neo4j ", "neo4j:2026", "ladybug ", "ladybug:0.21.2", "ladybug:0.20.4", "arcadedb ", "arcadedb:26.10.2", "memgraph"}) {
            assertTrue(o.out().contains(name), name + " listed: " + o.out());
        }
        assertTrue(o.out().contains("runs here") || o.out().contains("cannot run here"), o.out());
        assertTrue(o.out().contains("LadybugDB 0.21.2") && o.out().contains("ArcadeDB 26.10.2"), "each version's own summary: " + o.out());
    }

    @Test
    void aVersionGraphperfDoesNotDriveIsRefusedByNameWithTheOnesItDoes(@TempDir Path dir) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "reads", "--engine", "ladybug:0.19.1", "--out", dir.toString());
        assertEquals(2, o.code(), o.failure());
        CliErrorsTest.assertCleanError(o, "does not drive ladybug 0.19.1; the versions it drives: 0.22.0, 0.21.2, 0.20.4");
        try (var left = Files.list(dir)) {
            assertFalse(left.findAny().isPresent(), "nothing started, no results folder");
        }
        o = CliErrorsTest.cli("run", "writes", "--engines", "neo4j,arcadedb:26.7.1", "--out", dir.toString());
        assertEquals(2, o.code(), o.failure());
        CliErrorsTest.assertCleanError(o, "does not drive arcadedb 26.7.1; the versions it drives: 25.3.1, 26.10.2");
        o = CliErrorsTest.cli("engines", "--fetch", "ladybug:0.19");
        assertEquals(2, o.code(), o.failure());
        CliErrorsTest.assertCleanError(o, "'ladybug:0.19' (option --fetch): graphperf does not drive ladybug 0.19");
    }
}
