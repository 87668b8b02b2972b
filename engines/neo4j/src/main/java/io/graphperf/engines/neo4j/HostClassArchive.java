package io.graphperf.engines.neo4j;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.UserCache;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The engine host's classes as a class-data archive (the JVM's CDS), one per Java and host classpath, in graphperf's cache folder
 * ({@code host-class-archives}): the first host started on a classpath records the classes it loads and writes them out when it
 * stops ({@code -XX:ArchiveClassesAtExit}); every host after it maps them ({@code -XX:SharedArchiveFile}) and starts sooner — a
 * Neo4j 5.26 host on an idle 2-core machine in 9–10 s instead of 15–20 s. Off with {@value #SETTING}{@code =false}; off where the
 * classpath changes with every start (a user's plugins, linked into the host's folder; graphperf's own, where they are not in
 * its build's plugin folder, are linked once into {@link #linkFolder a folder of the cache}). A JVM that
 * finds an archive not made for it (another build of a jar) starts without it, and the next key is another file anyway: the key
 * holds every jar's size and time. A Java that cannot map its own base archive ({@code -Xshare:on} fails: a jlinked runtime,
 * the container image's) cannot record one: off there. The {@value #KEEP} newest archives are kept (each is ~180 MB).
 */
final class HostClassArchive {

    static final String SETTING = "graphperf.host.class_archive";
    static final int KEEP = 6;
    private static final String SUFFIX = ".jsa";

    private final Path archive, recording;

    private HostClassArchive(Path archive, Path recording) {
        this.archive = archive;
        this.recording = recording;
    }

    /** The archive for a host of this Java and classpath, or an off one (no options, nothing to settle). */
    static HostClassArchive of(HostSettings settings, Path java, String classpath, Path plugins, Path work) {
        String v = settings.extra().getOrDefault(SETTING, "true").strip();
        if (!v.equals("true") && !v.equals("false")) throw new UserError("setting " + SETTING + "=" + v + ": true or false");
        if (v.equals("false") || plugins != null && plugins.toAbsolutePath().startsWith(work.toAbsolutePath())) return new HostClassArchive(null, null);
        try {
            if (!baseArchiveLoads(java)) return new HostClassArchive(null, null);
            Path dir = UserCache.dir("host-class-archives");
            Path archive = dir.resolve(key(java, classpath) + SUFFIX);
            if (Files.isRegularFile(archive)) return new HostClassArchive(archive, null);
            Files.createDirectories(dir);
            if (!Files.isWritable(dir)) return new HostClassArchive(null, null);
            return new HostClassArchive(archive, dir.resolve(archive.getFileName() + "." + UUID.randomUUID() + ".recording"));
        } catch (IOException | RuntimeException noCache) {
            return new HostClassArchive(null, null); // a home without a writable cache (a container's, read-only): a stock start
        }
    }

    private static final Map<Path, Boolean> BASE_LOADS = new ConcurrentHashMap<>();

    /**
     * Whether this Java maps its own base archive (a dynamic one sits on it; without it the JVM refuses to start): {@code java
     * -Xshare:on -version} once per Java. A jlinked runtime (the container image's) has none, or one it cannot use.
     */
    private static boolean baseArchiveLoads(Path java) {
        return BASE_LOADS.computeIfAbsent(java, j -> {
            try {
                Process p = new ProcessBuilder(j.toString(), "-Xshare:on", "-version").redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (!p.waitFor(60, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    return false;
                }
                return p.exitValue() == 0;
            } catch (IOException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        });
    }

    /** The JVM options: map the archive, or record one, or none. */
    List<String> options() {
        if (archive == null) return List.of();
        return recording == null ? List.of("-XX:SharedArchiveFile=" + archive) : List.of("-XX:ArchiveClassesAtExit=" + recording);
    }

    /** Whether this host writes the archive when it stops (which takes it some seconds more). */
    boolean recording() {
        return recording != null;
    }

    /** After the host's process ended: a recording of a host that stopped cleanly becomes the archive (unless another did first). */
    void settle(Process exited) {
        if (recording == null) return;
        try {
            if (!exited.isAlive() && exited.exitValue() == 0 && Files.size(recording) > 0 && !Files.exists(archive)) {
                Files.move(recording, archive, StandardCopyOption.ATOMIC_MOVE);
                prune(archive.getParent());
            }
        } catch (IOException ignored) {
            // another host's recording became the archive first, or the recording was never written: the next host records again
        } finally {
            try {
                Files.deleteIfExists(recording);
            } catch (IOException ignored) {
                // left in the cache folder; the next prune removes it
            }
        }
    }

    /** What run.json says of the host's start. */
    String describe() {
        if (archive == null) return "off";
        return (recording == null ? "mapped from " : "recorded into ") + archive;
    }

    /** Keeps the newest archives; removes older ones and recordings of hosts that never stopped cleanly (a day old). */
    private static void prune(Path dir) throws IOException {
        List<Path> archives = new ArrayList<>();
        long dayAgo = System.currentTimeMillis() - 86_400_000L;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                if (f.toString().endsWith(SUFFIX)) archives.add(f);
                else if (f.toString().endsWith(".recording") && Files.getLastModifiedTime(f).toMillis() < dayAgo) Files.deleteIfExists(f);
            }
        }
        archives.sort(Comparator.comparingLong(HostClassArchive::modified).reversed());
        for (Path old : archives.subList(Math.min(KEEP, archives.size()), archives.size())) Files.deleteIfExists(old);
    }

    private static long modified(Path f) {
        try {
            return Files.getLastModifiedTime(f).toMillis();
        } catch (IOException gone) {
            return 0;
        }
    }

    /**
     * A folder of links to these jars in graphperf's cache ({@code host-plugins/KEY}, the key of their paths, sizes and times), made
     * once: a plugin folder whose path does not change from one start to the next (one in the host's own folder would). Null
     * where the cache cannot be written.
     */
    static Path linkFolder(List<Path> jars) {
        try {
            StringBuilder k = new StringBuilder();
            for (Path jar : jars) stamp(k, jar);
            Path dir = UserCache.dir("host-plugins").resolve(hash(k.toString()));
            if (Files.isDirectory(dir)) return dir;
            Files.createDirectories(dir.getParent());
            Path building = Files.createTempDirectory(dir.getParent(), "building-");
            for (Path jar : jars) Files.createSymbolicLink(building.resolve(jar.getFileName()), jar.toAbsolutePath());
            try {
                Files.move(building, dir, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException madeByAnother) {
                try (Stream<Path> links = Files.list(building)) {
                    for (Path l : links.toList()) Files.delete(l);
                }
                Files.delete(building);
            }
            return Files.isDirectory(dir) ? dir : null;
        } catch (IOException | RuntimeException noCache) {
            return null;
        }
    }

    /** The Java (its binary and its class library) and every classpath entry, a folder's jars each, with sizes and times. */
    static String key(Path java, String classpath) throws IOException {
        StringBuilder k = new StringBuilder();
        Path real = java.toRealPath();
        k.append(real).append('\n');
        Path modules = real.getParent().getParent().resolve("lib").resolve("modules");
        if (Files.isRegularFile(modules)) stamp(k, modules);
        for (String entry : classpath.split(File.pathSeparator)) {
            if (entry.endsWith("/*")) {
                Path folder = Path.of(entry.substring(0, entry.length() - 2));
                try (Stream<Path> jars = Files.list(folder)) {
                    for (Path jar : jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList()) stamp(k, jar);
                }
            } else if (!entry.isBlank()) {
                Path p = Path.of(entry);
                if (Files.exists(p)) stamp(k, p);
                else k.append(entry).append('\n');
            }
        }
        return hash(k.toString());
    }

    private static String hash(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8))).substring(0, 24);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void stamp(StringBuilder k, Path p) throws IOException {
        k.append(p.toAbsolutePath()).append(' ').append(Files.size(p)).append(' ').append(Files.getLastModifiedTime(p).toMillis()).append('\n');
    }
}
