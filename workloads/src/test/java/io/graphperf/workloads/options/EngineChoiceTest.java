package io.graphperf.workloads.options;

import io.graphperf.core.UserError;
import org.junit.jupiter.api.Test;

import io.graphperf.core.engine.EngineDescriptor;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EngineChoiceTest {

    static EngineChoice of(String engine, String... engines) {
        return in(EngineCatalog.onClassPath(), engine, engines);
    }

    static EngineChoice in(EngineCatalog catalog, String engine, String... engines) {
        EngineChoice c = new EngineChoice().use(catalog);
        c.engine = engine;
        c.engines = List.of(engines);
        return c;
    }

    /** A catalogue of the modules on the class path whose conditions say why these engines cannot run here. */
    static EngineCatalog where(Map<String, String> cannotRun) {
        return new EngineCatalog(EngineDescriptor.all(), name -> Optional.ofNullable(cannotRun.get(name)));
    }

    @Test
    void aChoiceReadWithoutACatalogueSaysSo() {
        EngineChoice unbound = new EngineChoice();
        unbound.engine = "kuzu";
        IllegalStateException e = assertThrows(IllegalStateException.class, unbound::chosen);
        assertTrue(e.getMessage().contains("no engine catalogue"), e.getMessage());
    }

    @Test
    void namesAndVersionsAreReadAsTheEnginesGraphperfStarts() {
        assertEquals(List.of(), of(null).chosen());
        assertFalse(of(null).beyondNeo4j());
        assertEquals(List.of("neo4j", "kuzu"), of(null, "neo4j:5.26", "Kuzu").chosen());
        assertEquals(List.of("ladybug"), of("LadybugDB:0.22.0").chosen(), "an engine's module names its versions");
        assertTrue(of("kuzu").beyondNeo4j());
        assertFalse(of("neo4j").beyondNeo4j());
    }

    @Test
    void aModulesVersionsAreNamedAndAnUnknownOneIsRefusedWithTheKnownOnes() {
        assertEquals(List.of("ladybug", "ladybug:0.21.2", "ladybug:0.20.4"), of(null, "ladybug:0.22.0", "LadybugDB:0.21.2", "ladybug:0.20").chosen(),
                "the default by its name; another by NAME:VERSION; a release line by its newest known patch");
        assertEquals(Optional.of("0.21.2"), EngineCatalog.version("ladybug:0.21.2"));
        assertEquals("ladybug", EngineCatalog.onClassPath().module("ladybug:0.21.2").orElseThrow().name());
        assertEquals("ladybug:0.22.0", EngineCatalog.onClassPath().explicit("ladybug"), "the default's version made explicit");
        UserError e = assertThrows(UserError.class, () -> of("ladybug:0.19.1").chosen());
        assertTrue(e.getMessage().contains("--engine") && e.getMessage().contains("does not drive ladybug 0.19.1")
                && e.getMessage().contains("0.22.0, 0.21.2, 0.20.4"), e.getMessage());
        e = assertThrows(UserError.class, () -> of(null, "ladybug:0.21.2", "ladybug:0.21").chosen());
        assertTrue(e.getMessage().contains("twice"), "0.21 is 0.21.2: " + e.getMessage());
        assertTrue(EngineCatalog.compareVersions("0.21.10", "0.21.9") > 0 && EngineCatalog.compareVersions("0.20.4", "0.21.0") < 0);
    }

    @Test
    void anEngineThatCannotRunHereSaysWhyAndTheOthersRun() {
        EngineChoice some = of(null, "neo4j", "memgraph", "kuzu", "arcadedb:25.3.1", "OrientDB:3.2.49", "FalkorDB:4.16.3");
        assertEquals(List.of("neo4j", "kuzu", "arcadedb", "orientdb", "falkordb"), some.chosen(), "the engines that run here run, by their names");
        assertEquals(List.of("memgraph"), List.copyOf(some.notRunnable().keySet()));
        assertTrue(some.notRunnable().get("memgraph").contains("no package"), some.notRunnable().toString());
        UserError e = assertThrows(UserError.class, () -> of("arcadedb:26.7.1").chosen());
        assertTrue(e.getMessage().contains("--engine") && e.getMessage().contains("does not drive arcadedb 26.7.1")
                && e.getMessage().contains("25.3.1, 26.10.2"), e.getMessage());
        assertEquals(List.of("arcadedb", "arcadedb:26.10.2"), of(null, "arcadedb:25.3.1", "arcadedb:26").chosen(), "26: its newest version graphperf drives");
        EngineCatalog noJava21 = where(Map.of("arcadedb:26.10.2", "ArcadeDB 26.10.2 needs Java 21 or newer, and none was found"));
        e = assertThrows(UserError.class, () -> in(noJava21, null, "memgraph", "arcadedb:26").chosen());
        assertTrue(e.getMessage().contains("none of the engines memgraph, arcadedb:26") && e.getMessage().contains("no package"), e.getMessage());
        assertEquals("ArcadeDB 26.10.2 needs Java 21 or newer, and none was found", in(noJava21, null, "neo4j", "arcadedb:26.10.2").notRunnable().get("arcadedb:26.10.2"));
        e = assertThrows(UserError.class, () -> of("dgraph").chosen());
        assertTrue(e.getMessage().contains("unknown engine 'dgraph'") && e.getMessage().contains("neo4j, neo4j:2025, neo4j:2026, kuzu, ladybug, arcadedb"), e.getMessage());
        assertTrue(of("kuzu").notRunnable().isEmpty());
    }

    @Test
    void arcadeDbWithoutItsJarsIsLeftOutSayingWhatToBuild() {
        EngineCatalog noJars = where(Map.of("arcadedb", "ArcadeDB's jars are not resolved here"));
        assertEquals(List.of("neo4j"), in(noJars, null, "neo4j", "arcadedb").chosen());
        assertEquals("ArcadeDB's jars are not resolved here", in(noJars, null, "neo4j", "arcadedb").notRunnable().get("arcadedb"));
    }

    @Test
    void anEngineWhoseConditionFailsHereIsLeftOutWithItsReason() {
        EngineCatalog noJava21 = where(Map.of("neo4j:2025", "Neo4j 2025.10.1 needs Java 21 or newer, and none was found"));
        assertEquals(List.of("neo4j:2025"), List.copyOf(in(noJava21, null, "neo4j", "neo4j:2025.10.1").notRunnable().keySet()));
        assertEquals(List.of("neo4j"), in(noJava21, null, "neo4j", "neo4j:2025.10.1").chosen());
        UserError e = assertThrows(UserError.class, () -> in(noJava21, "neo4j:2025").chosen());
        assertTrue(e.getMessage().contains("Java 21"), e.getMessage());
        assertEquals(List.of("neo4j", "neo4j:2025"), of(null, "neo4j:5.26.30", "neo4j:2025").chosen());
        assertFalse(of(null, "neo4j", "neo4j:2025").beyondNeo4j(), "two Neo4j versions compare on every transport");
    }

    @Test
    void oneEngineOrAListNotBothNorTwice() {
        assertThrows(UserError.class, () -> of("kuzu", "neo4j").chosen());
        UserError e = assertThrows(UserError.class, () -> of(null, "kuzu", "kuzu:0.11.2").chosen());
        assertTrue(e.getMessage().contains("twice"), e.getMessage());
    }
}
