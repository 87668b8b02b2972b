package io.graphperf.dist;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tukaani.xz.XZInputStream;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The release archive's two build steps without a build: jars stored (same entries, same bytes, each once) and the parted xz read back whole. */
class StoredJarsTest {

    @Test
    void aJarIsStoredWithItsEntriesInOrderAndOnceAcrossFolders(@TempDir Path dir) throws Exception {
        Path a = Files.createDirectories(dir.resolve("a")), b = Files.createDirectories(dir.resolve("b")), out = dir.resolve("lib");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().putValue("Manifest-Version", "1.0");
        manifest.getMainAttributes().putValue("Main-Class", "x.Main");
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(a.resolve("x-1.0.jar")), manifest)) {
            for (String name : List.of("x/Main.class", "x/data.txt")) {
                jar.putNextEntry(new JarEntry(name));
                jar.write(("contents of " + name + " ").repeat(100).getBytes(StandardCharsets.UTF_8));
                jar.closeEntry();
            }
        }
        Files.copy(a.resolve("x-1.0.jar"), b.resolve("x-1.0.jar"));
        Files.createDirectories(out);
        Files.writeString(out.resolve("gone-2.0.jar"), "a dependency no more");
        StoredJars.main(new String[] {out.toString(), a.toString(), b.toString()});

        try (Stream<Path> files = Files.list(out)) {
            assertEquals(List.of("x-1.0.jar"), files.map(p -> p.getFileName().toString()).toList(), "once, and nothing left that is no input");
        }
        try (JarFile original = new JarFile(a.resolve("x-1.0.jar").toFile()); JarFile stored = new JarFile(out.resolve("x-1.0.jar").toFile())) {
            assertEquals("x.Main", stored.getManifest().getMainAttributes().getValue("Main-Class"), "the manifest read as a jar's");
            List<String> names = new ArrayList<>();
            stored.stream().forEach(e -> names.add(e.getName()));
            assertEquals(original.stream().map(ZipEntry::getName).toList(), names, "the entries in their order");
            for (String name : names) {
                ZipEntry e = stored.getEntry(name);
                assertEquals(ZipEntry.STORED, e.getMethod(), name);
                try (InputStream x = original.getInputStream(original.getEntry(name)); InputStream y = stored.getInputStream(e)) {
                    assertArrayEquals(x.readAllBytes(), y.readAllBytes(), name);
                }
            }
        }
    }

    @Test
    void theArchiveCompressedInPartsReadsBackAsOneStream(@TempDir Path dir) throws Exception {
        byte[] data = new byte[3 * 1_000_000 + 12345]; // three parts of 1 MB and a short fourth
        Random random = new Random(43);
        for (int i = 0; i < data.length; i += 100) data[i] = (byte) random.nextInt();
        Path tar = dir.resolve("a.tar");
        try (OutputStream out = Files.newOutputStream(tar)) {
            out.write(data);
        }
        Path xz = XzArchive.compress(tar, 1_000_000, XzArchive.DEFAULT_PRESET);
        assertEquals(dir.resolve("a.tar.xz"), xz);
        assertFalse(Files.exists(tar), "the tar is replaced by its .xz");
        assertTrue(Files.size(xz) < data.length / 10, "compressed: " + Files.size(xz));
        try (InputStream in = new XZInputStream(Files.newInputStream(xz))) {
            assertArrayEquals(data, in.readAllBytes(), "four xz streams, read one after another, are the tar");
        }
    }
}
