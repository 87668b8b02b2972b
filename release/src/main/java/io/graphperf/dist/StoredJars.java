package io.graphperf.dist;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * The release archive's {@code lib/}: every jar of the given folders (and single jars) copied once into one folder, its entries
 * stored uncompressed, in their order, with their names, times and bytes (another file, such as a BOM's {@code .pom} that a
 * classpath list names, copied as it is). The archive is then compressed as one stream (xz), which
 * finds what jars share (the same classes in two Scala or Neo4j versions, one class after another) where each jar's own deflate
 * could not: about half the size of the same jars compressed one by one. The Java runtime reads a stored jar as it reads a deflated
 * one; a signed jar stays signed (a signature covers its entries' bytes, not how they were packed).
 * <p>
 * {@code java io.graphperf.dist.StoredJars OUT_FOLDER [--except FOLDER] IN_FOLDER_OR_JAR...}: a jar already stored and not older than
 * its source is kept, one that is no longer among the inputs removed, and one named as a jar in an {@code --except} folder left out (an
 * add-on's lib/ holds only what the archive's lacks). An input with a {@code *} as one folder's name stands for every folder there that
 * holds the rest ({@code engines/*}{@code /target/dist/lib}: each engine module's host jars, whichever modules were built).
 */
public final class StoredJars {

    private StoredJars() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) throw new IllegalArgumentException("usage: StoredJars OUT_FOLDER [--except FOLDER] IN_FOLDER_OR_JAR...");
        Path out = Files.createDirectories(Path.of(args[0]));
        int copied = 0;
        Set<String> names = new HashSet<>(), except = new HashSet<>();
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("--except")) {
                for (Path jar : files(Path.of(args[++i]))) except.add(jar.getFileName().toString());
                continue;
            }
            for (Path jar : each(args[i])) {
                String name = jar.getFileName().toString();
                if (except.contains(name) || !names.add(name)) continue; // one jar, used by several engine hosts: once
                Path target = out.resolve(name);
                if (Files.exists(target) && Files.getLastModifiedTime(target).compareTo(Files.getLastModifiedTime(jar)) >= 0) continue;
                if (name.endsWith(".jar")) store(jar, target);
                else Files.copy(jar, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES); // a BOM's .pom a list names
                copied++;
            }
        }
        for (Path left : files(out)) if (!names.contains(left.getFileName().toString())) Files.delete(left); // no longer a dependency
        System.out.println("StoredJars: " + copied + " jars stored in " + out);
    }

    /** The files of one input, or of every folder a {@code *} in it matches (none matching is an error: a wrong path, not no engine). */
    private static List<Path> each(String input) throws IOException {
        int star = input.indexOf("/*/");
        if (star < 0) return files(Path.of(input));
        Path parent = Path.of(input.substring(0, star));
        String rest = input.substring(star + 3);
        List<Path> found = new ArrayList<>();
        try (Stream<Path> folders = Files.list(parent)) {
            for (Path f : folders.sorted().toList()) if (Files.isDirectory(f.resolve(rest))) found.addAll(files(f.resolve(rest)));
        }
        if (found.isEmpty()) throw new IOException("no folder matches " + input);
        return found;
    }

    private static List<Path> files(Path in) throws IOException {
        if (Files.isRegularFile(in)) return List.of(in);
        if (!Files.isDirectory(in)) throw new IOException("no folder or jar " + in);
        try (Stream<Path> files = Files.list(in)) {
            return new ArrayList<>(files.filter(f -> Files.isRegularFile(f) && !f.getFileName().toString().endsWith(".partial")).sorted().toList());
        }
    }

    /** Writes {@code jar}'s entries to {@code target}, each stored (method STORED, its size and CRC set as the format asks). */
    static void store(Path jar, Path target) throws IOException {
        Path partial = target.resolveSibling(target.getFileName() + ".partial");
        try (ZipFile in = new ZipFile(jar.toFile()); OutputStream file = Files.newOutputStream(partial);
             ZipOutputStream zip = new ZipOutputStream(file)) {
            in.stream().forEachOrdered(e -> {
                try (InputStream data = in.getInputStream(e)) {
                    byte[] bytes = data.readAllBytes();
                    CRC32 crc = new CRC32();
                    crc.update(bytes);
                    ZipEntry stored = new ZipEntry(e.getName());
                    stored.setMethod(ZipEntry.STORED);
                    stored.setSize(bytes.length);
                    stored.setCompressedSize(bytes.length);
                    stored.setCrc(crc.getValue());
                    stored.setTime(e.getTime());
                    if (e.getExtra() != null) stored.setExtra(e.getExtra());
                    zip.putNextEntry(stored);
                    zip.write(bytes);
                    zip.closeEntry();
                } catch (IOException x) {
                    throw new UncheckedIOException(jar + ": " + e.getName(), x);
                }
            });
        }
        Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
        Files.setLastModifiedTime(target, Files.getLastModifiedTime(jar));
    }
}
