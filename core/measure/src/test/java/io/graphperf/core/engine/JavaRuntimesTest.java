package io.graphperf.core.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JavaRuntimesTest {

    private static Path runtime(Path dir, String name, String release) throws Exception {
        Path home = dir.resolve(name);
        Files.createDirectories(home.resolve("bin"));
        Path java = Files.writeString(home.resolve("bin").resolve("java"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        if (release != null) Files.writeString(home.resolve("release"), release);
        return home;
    }

    @Test
    void theNewestRuntimeOfAtLeastTheVersionIsChosen(@TempDir Path dir) throws Exception {
        runtime(dir, "java-17", "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"17.0.15\"\n");
        Path j21 = runtime(dir, "jdk-21", "JAVA_VERSION=\"21.0.2\"\n");
        Path j25 = runtime(dir, "temurin-25", "IMPLEMENTOR=\"Eclipse Adoptium\"\nJAVA_VERSION=\"25.0.3\"\n");
        runtime(dir, "java-8", "JAVA_VERSION=\"1.8.0_402\"\n");
        runtime(dir, "broken", null);
        assertEquals(Optional.of(j25), JavaRuntimes.newestIn(dir, 21));
        assertEquals(21, JavaRuntimes.major(j21));
        assertEquals(1, JavaRuntimes.major(dir.resolve("java-8")), "Java 8 calls itself 1.8: never 21+");
        assertEquals(0, JavaRuntimes.major(dir.resolve("broken")), "no release file: not a runtime");
        assertEquals(Optional.empty(), JavaRuntimes.newestIn(dir, 26));
        assertEquals(Optional.empty(), JavaRuntimes.newestIn(dir.resolve("none"), 17));
    }

    @Test
    void aMissingRuntimeSaysWhatToInstallOrSet() {
        String why = JavaRuntimes.missing(21, "Neo4j 2025.10.1");
        assertTrue(why.contains("Neo4j 2025.10.1 needs Java 21") && why.contains(JavaRuntimes.VARIABLE) && why.contains("install"), why);
    }
}
