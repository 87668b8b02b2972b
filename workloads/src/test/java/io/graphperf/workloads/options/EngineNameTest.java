package io.graphperf.workloads.options;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EngineNameTest {

    @Test
    void aNameIsItsBaseAndTheVersionAskedForAndReadsBackAsGiven() {
        EngineName versioned = EngineName.read("ladybug:0.21.2").orElseThrow();
        assertEquals("ladybug", versioned.base());
        assertEquals(Optional.of("0.21.2"), versioned.version());
        assertEquals("ladybug:0.21.2", versioned.toString());
        EngineName plain = EngineName.read("neo4j").orElseThrow();
        assertEquals(Optional.empty(), plain.version());
        assertEquals("neo4j", plain.toString());
        assertEquals(versioned, EngineName.of("ladybug", "0.21.2"));
    }

    @Test
    void whatIsNoNameReadsAsNone() {
        for (String bad : List.of("", ":", ":0.21", "ladybug:", "a:b:c")) assertTrue(EngineName.read(bad).isEmpty(), bad);
        assertThrows(IllegalArgumentException.class, () -> EngineName.of("a:b", "1"));
        assertThrows(IllegalArgumentException.class, () -> EngineName.of("ladybug", ""));
    }

    @Test
    void theCatalogueAsksItsNamesThroughIt() {
        assertEquals(Optional.of("0.21.2"), EngineCatalog.version("ladybug:0.21.2"));
        assertEquals(Optional.empty(), EngineCatalog.version("ladybug"));
        assertEquals(Optional.empty(), EngineCatalog.version("ladybug:"), "no version of an empty one");
    }
}
