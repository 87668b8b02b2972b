package io.graphperf.engines.neo4j;

import io.graphperf.core.UserError;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostClassArchiveTest {

    @TempDir
    Path dir;
    private final Path java = Path.of(System.getProperty("java.home"), "bin", "java");

    @BeforeEach
    void cacheHere() {
        System.setProperty("graphperf.cache", dir.resolve("cache").toString());
    }

    @AfterEach
    void cacheBack() {
        System.clearProperty("graphperf.cache");
    }

    private HostSettings settings(Map<String, String> extra) {
        return HostSettings.defaults(dir.resolve("work")).with(extra);
    }

    @Test
    void theFirstHostRecordsOnlyAHostThatStoppedCleanlyLeavesTheArchiveAndTheNextMapsIt() throws Exception {
        Path jar = Files.writeString(dir.resolve("a.jar"), "x");
        HostClassArchive first = HostClassArchive.of(settings(Map.of()), java, jar.toString(), null, dir.resolve("work"));
        assertTrue(first.recording());
        String option = first.options().get(0);
        assertTrue(option.startsWith("-XX:ArchiveClassesAtExit="), option);
        Path recording = Path.of(option.substring(option.indexOf('=') + 1));

        // a host killed or failed: its recording is dropped, the next host records again
        Files.writeString(recording, "partial");
        first.settle(new ProcessBuilder("sh", "-c", "exit 3").start().onExit().get());
        assertFalse(Files.exists(recording));
        HostClassArchive second = HostClassArchive.of(settings(Map.of()), java, jar.toString(), null, dir.resolve("work"));
        assertTrue(second.recording(), "nothing kept from a host that did not stop cleanly");

        String option2 = second.options().get(0);
        Files.writeString(Path.of(option2.substring(option2.indexOf('=') + 1)), "classes");
        second.settle(new ProcessBuilder("true").start().onExit().get());
        HostClassArchive third = HostClassArchive.of(settings(Map.of()), java, jar.toString(), null, dir.resolve("work"));
        assertFalse(third.recording());
        assertTrue(third.options().get(0).startsWith("-XX:SharedArchiveFile=") && third.describe().startsWith("mapped from "), third.options().toString());
        Path archive = Path.of(third.options().get(0).substring("-XX:SharedArchiveFile=".length()));
        assertEquals("classes", Files.readString(archive));
    }

    @Test
    void anotherBuildOfAJarIsAnotherArchive() throws Exception {
        Path jar = Files.writeString(dir.resolve("a.jar"), "x");
        String before = HostClassArchive.key(java, jar.toString());
        assertEquals(before, HostClassArchive.key(java, jar.toString()));
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));
        assertNotEquals(before, HostClassArchive.key(java, jar.toString()), "a jar's time is part of the key");
        Path plugins = Files.createDirectories(dir.resolve("plugins"));
        String folder = HostClassArchive.key(java, jar + ":" + plugins + "/*");
        Files.writeString(plugins.resolve("p.jar"), "p");
        assertNotEquals(folder, HostClassArchive.key(java, jar + ":" + plugins + "/*"), "a folder's jars are part of the key");
    }

    @Test
    void offWhenSetOffOrWhenThePluginsAreCopiedForEachStart() {
        Path work = dir.resolve("work");
        assertEquals(List.of(), HostClassArchive.of(settings(Map.of(HostClassArchive.SETTING, "false")), java, "a.jar", null, work).options());
        assertEquals("off", HostClassArchive.of(settings(Map.of()), java, "a.jar", work.resolve("plugins"), work).describe());
        UserError e = assertThrows(UserError.class, () -> HostClassArchive.of(settings(Map.of(HostClassArchive.SETTING, "yes")), java, "a.jar", null, work));
        assertTrue(e.getMessage().contains("graphperf.host.class_archive=yes"), e.getMessage());
    }

    @Test
    void graphperfsOwnPluginsAreLinkedOnceIntoAFolderThatStaysWhereItIs() throws Exception {
        Path a = Files.writeString(dir.resolve("a.jar"), "a"), b = Files.writeString(dir.resolve("b.jar"), "b");
        Path folder = HostClassArchive.linkFolder(List.of(a, b));
        assertEquals(folder, HostClassArchive.linkFolder(List.of(a, b)), "the same jars, the same folder");
        assertTrue(folder.startsWith(dir.resolve("cache")), folder.toString());
        assertEquals(a.toAbsolutePath(), Files.readSymbolicLink(folder.resolve("a.jar")));
        assertNotEquals(folder, HostClassArchive.linkFolder(List.of(a)), "other jars, another folder");
        HostClassArchive archive = HostClassArchive.of(settings(Map.of()), java, folder + "/*", folder, dir.resolve("work"));
        assertTrue(archive.recording(), "a folder outside the host's own keeps the archive on");
    }

    @Test
    void onlyTheNewestArchivesAreKept() throws Exception {
        Path cache = Files.createDirectories(dir.resolve("cache").resolve("host-class-archives"));
        for (int i = 0; i < HostClassArchive.KEEP + 2; i++) {
            Path old = Files.writeString(cache.resolve("old" + i + ".jsa"), "o");
            Files.setLastModifiedTime(old, FileTime.fromMillis(1_000_000L * (i + 1)));
        }
        Path jar = Files.writeString(dir.resolve("a.jar"), "x");
        HostClassArchive a = HostClassArchive.of(settings(Map.of()), java, jar.toString(), null, dir.resolve("work"));
        String option = a.options().get(0);
        Files.writeString(Path.of(option.substring(option.indexOf('=') + 1)), "classes");
        a.settle(new ProcessBuilder("true").start().onExit().get());
        try (var files = Files.list(cache)) {
            List<String> left = files.map(p -> p.getFileName().toString()).sorted().toList();
            assertEquals(HostClassArchive.KEEP, left.size(), left.toString());
            assertFalse(left.contains("old0.jsa") || left.contains("old1.jsa") || left.contains("old2.jsa"), "the oldest went: " + left);
        }
    }
}
