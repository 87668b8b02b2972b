package io.graphperf.engines.ladybug;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Digest;
import io.graphperf.core.engine.ImportFiles;
import io.graphperf.core.engine.UserCache;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * LadybugDB as graphperf runs it: its Python package {@code ladybug} {@value #VERSION} (a native module, built for Linux x86-64
 * with glibc, one wheel per CPython 3.10–3.14), fetched once with pip for the {@code python3} on the PATH into graphperf's cache,
 * its digest checked against the ones pinned here, and unpacked; graphperf's server script ({@code ladybug_server.py}) is written
 * beside it. {@value #PYTHON_ENV} names another interpreter; {@value #HOME_ENV} a folder that holds the package already.
 */
public final class LadybugPackage {

    public static final String VERSION = "0.22.0";
    static final String PYTHON_ENV = "GRAPHPERF_PYTHON";
    static final String HOME_ENV = "GRAPHPERF_LADYBUG_HOME";
    static final String SCRIPT = "ladybug_server.py";
    /** The wheels' SHA-256 by CPython version (pip download --no-deps --only-binary=:all: ladybug==0.22.0, 2026-11-27). */
    static final Map<String, String> SHA256 = Map.of(
            "cp310", "4d6cf9e90acb4457142d8e04effed7abd983e25c1292db1c7a330d5a1ddce6ca",
            "cp311", "22ff14f3b18d0f3f3d244caa0361a4bdaaeefe61c6aa9cb836137910157b2a39",
            "cp312", "8b38a3d5e0a538cf32d47f90149e21fa143543a828e39e77d29efa6db988d395",
            "cp313", "66c2e6316404bdde678ec13d2043e642df793f1034b35bafa36065534262b5a6",
            "cp314", "51067250e9ad7774b65d7ea1ec0668b17d2637e3556333314fc61499b3192eeb");

    /** What starts a server: the interpreter, the folder on its module path, the script. */
    public record Server(String python, Path packages, Path script) {
    }

    private LadybugPackage() {
    }

    static String python() {
        String p = System.getenv(PYTHON_ENV);
        return p != null && !p.isBlank() ? p : "python3";
    }

    /** Why LadybugDB cannot run here (another system or processor, no Python 3.10–3.14, no pip to fetch it), or null. */
    public static String whyNotRunnable() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT), arch = System.getProperty("os.arch", "");
        if (!os.contains("linux") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
            return "graphperf runs LadybugDB from its Python wheels for Linux on x86-64 (this is " + os + " on " + arch + ")";
        }
        String tag;
        try {
            tag = cpythonTag();
        } catch (IOException e) {
            return "LadybugDB runs in a Python process of graphperf's, and " + python() + " does not run here (" + e.getMessage() + "): install python3"
                    + " (3.10 to 3.14) or name one in " + PYTHON_ENV;
        }
        if (!SHA256.containsKey(tag)) return "LadybugDB " + VERSION + " has wheels for CPython 3.10 to 3.14; " + python() + " is " + tag + ": name another in " + PYTHON_ENV;
        if (System.getenv(HOME_ENV) != null || Files.isDirectory(cache(tag).resolve("ladybug"))) return null;
        if (!run(List.of(python(), "-m", "pip", "--version"), 60).ok()) {
            return "LadybugDB is fetched with pip from the Python registry (ladybug " + VERSION + "), and " + python() + " has no pip: install python3-pip";
        }
        return null;
    }

    /** The server's parts, the package fetched first when it is not in the cache. */
    public static synchronized Server get() throws IOException, InterruptedException {
        String tag = cpythonTag();
        String home = System.getenv(HOME_ENV);
        Path dir = home != null ? Path.of(home) : cache(tag);
        if (home == null && !Files.isDirectory(dir.resolve("ladybug"))) fetch(dir, tag);
        if (!Files.isDirectory(dir.resolve("ladybug"))) throw new UserError(HOME_ENV + "=" + home + " must hold the ladybug package (its folder ladybug/)");
        Path script = (home == null ? dir : cache(tag)).resolve(SCRIPT);
        Files.createDirectories(script.getParent());
        try (InputStream in = LadybugPackage.class.getResourceAsStream("host/" + SCRIPT)) {
            if (in == null) throw new IllegalStateException(SCRIPT + " is missing from graphperf's LadybugDB jar");
            Path tmp = Files.createTempFile(script.getParent(), SCRIPT, ".part");
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            Files.move(tmp, script, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        return new Server(python(), dir.toAbsolutePath(), script.toAbsolutePath());
    }

    /** The interpreter's CPython tag, e.g. cp311. */
    static String cpythonTag() throws IOException {
        Outcome o = run(List.of(python(), "-c", "import sys; print('cp%d%d' % sys.version_info[:2])"), 60);
        if (!o.ok()) throw new IOException(o.output().isBlank() ? "it did not answer" : o.output().strip());
        return o.output().strip();
    }

    static Path cache(String tag) {
        return UserCache.dir("ladybug-" + VERSION + "-" + tag);
    }

    /** pip downloads the wheel for the interpreter; its digest is checked; the wheel unpacked into the cache. */
    private static void fetch(Path dir, String tag) throws IOException, InterruptedException {
        Path tmp = Files.createTempDirectory("graphperf-ladybug-");
        try {
            System.getLogger(LadybugPackage.class.getName()).log(System.Logger.Level.INFO, "fetching LadybugDB " + VERSION + " (the Python package ladybug, 10 MB, for " + tag + ") from the Python registry into " + dir);
            List<String> cmd = List.of(python(), "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--disable-pip-version-check", "-q",
                    "-d", tmp.toString(), "ladybug==" + VERSION);
            Outcome o = run(cmd, 600);
            if (!o.ok()) throw new UserError("pip could not fetch ladybug " + VERSION + " (" + String.join(" ", cmd) + "): " + o.output().strip());
            Path wheel;
            try (var files = Files.list(tmp)) {
                wheel = files.filter(f -> f.getFileName().toString().endsWith(".whl")).findFirst()
                        .orElseThrow(() -> new UserError("pip fetched no wheel of ladybug " + VERSION + " into " + tmp + ": " + o.output().strip()));
            }
            String name = wheel.getFileName().toString();
            if (!name.startsWith("ladybug-" + VERSION + "-" + tag + "-")) throw new UserError("pip fetched " + name + ", not a wheel for " + tag + ": not used");
            String digest = Digest.sha256(wheel);
            if (!digest.equals(SHA256.get(tag))) throw new UserError(name + " has SHA-256 " + digest + ", not the " + SHA256.get(tag) + " graphperf pins: not used");
            Path part = Files.createDirectories(dir.resolveSibling(dir.getFileName() + ".part"));
            try (ZipFile zip = new ZipFile(wheel.toFile())) {
                for (ZipEntry e : Collections.list(zip.entries())) {
                    Path to = part.resolve(e.getName()).normalize();
                    if (!to.startsWith(part)) throw new UserError(name + " holds a path outside its folder: " + e.getName());
                    if (e.isDirectory()) {
                        Files.createDirectories(to);
                        continue;
                    }
                    Files.createDirectories(to.getParent());
                    try (InputStream in = zip.getInputStream(e)) {
                        Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
            ImportFiles.deleteTree(dir);
            Files.move(part, dir, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            ImportFiles.deleteTree(tmp);
        }
    }

    private record Outcome(boolean ok, String output) {
    }

    private static Outcome run(List<String> cmd, int seconds) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            boolean done = p.waitFor(seconds, TimeUnit.SECONDS);
            if (!done) p.destroyForcibly();
            return new Outcome(done && p.exitValue() == 0, out);
        } catch (IOException e) {
            return new Outcome(false, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(false, "interrupted");
        }
    }
}
