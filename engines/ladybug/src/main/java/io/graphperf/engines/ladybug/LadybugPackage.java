package io.graphperf.engines.ladybug;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.PythonWheel;
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
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * LadybugDB as graphperf runs it: its Python package {@code ladybug} (a native module, built for Linux x86-64 with glibc, one wheel per
 * CPython 3.10–3.14) at one of the versions pinned in {@link #SHA256} ({@value #VERSION} by default), fetched once with pip for the
 * {@code python3} on the PATH into graphperf's cache, its digest checked against the one pinned here, and unpacked; graphperf's server
 * script ({@code ladybug_server.py}) is written beside it. {@value #PYTHON_ENV} names another interpreter; {@value #HOME_ENV} a folder
 * that holds the default version's package already. Adding a version is a line of {@link #SHA256}.
 */
public final class LadybugPackage {

    public static final String VERSION = "0.22.0";
    static final String PYTHON_ENV = "GRAPHPERF_PYTHON";
    static final String HOME_ENV = "GRAPHPERF_LADYBUG_HOME";
    static final String SCRIPT = "ladybug_server.py";
    /**
     * The versions graphperf drives, the default first, each with its wheels' SHA-256 by CPython version, in the order of the tags
     * cp310 … cp314 ({@code pip download --no-deps --only-binary=:all: --python-version 3.X --platform manylinux_2_28_x86_64
     * ladybug==V}: 0.22.0 on 2026-11-27, the others on 2026-12-02). The last three minor releases the Python registry serves.
     */
    static final Map<String, Map<String, String>> SHA256 = versions(
            "0.22.0", List.of("4d6cf9e90acb4457142d8e04effed7abd983e25c1292db1c7a330d5a1ddce6ca", "22ff14f3b18d0f3f3d244caa0361a4bdaaeefe61c6aa9cb836137910157b2a39",
                    "8b38a3d5e0a538cf32d47f90149e21fa143543a828e39e77d29efa6db988d395", "66c2e6316404bdde678ec13d2043e642df793f1034b35bafa36065534262b5a6",
                    "51067250e9ad7774b65d7ea1ec0668b17d2637e3556333314fc61499b3192eeb"),
            "0.21.2", List.of("d71987f243e68c3a0514b45a88a72d59e8ed07c478e1072e647edf9991e3b590", "c5f5260565f9d24c68a80e5f43a185a6a4c0b090a4fbb8837557e824c4eeb9c4",
                    "5f41a7a926ccf1b13a97d60a7c843072715ed613527d8e5febf6f21bb18b6f13", "7f22686e3032dda6b2642143ccab8fe4afb8a3baf98ce8708d2788a30095b9d8",
                    "ebb32c2e14922f7613063c2a915f8f61e11fc106c7382273e7573a83cb89f0a9"),
            "0.20.4", List.of("2ac55034980f734b4fa777b50a06433e243ef0b7092ed242d2df82b55a37d63b", "d3a87ecf239706dec7804bc1f10eff8348178ddb36710f8cef88afc48c48e2d2",
                    "7bd1cc2af29a0ba6b04bb51c20dcfc6500dcbb231de73f7150ca81b45ccff701", "92831a87f943dcfe7af03cdd843acaa3643d85349e7b6c03991821ad155bf5cc",
                    "66be48cd35fcc6c1c6309626d0f1a6f77fe54f0e96528f1664c30a08632188c5"));

    private static Map<String, Map<String, String>> versions(Object... versionAndDigests) {
        Map<String, Map<String, String>> out = new java.util.LinkedHashMap<>();
        for (int i = 0; i < versionAndDigests.length; i += 2) {
            @SuppressWarnings("unchecked") List<String> digests = (List<String>) versionAndDigests[i + 1];
            Map<String, String> byTag = new java.util.LinkedHashMap<>();
            for (int t = 0; t < digests.size(); t++) byTag.put("cp3" + (10 + t), digests.get(t));
            out.put((String) versionAndDigests[i], Collections.unmodifiableMap(byTag));
        }
        return Collections.unmodifiableMap(out);
    }

    /** The versions graphperf drives, the default first. */
    public static List<String> versions() {
        return List.copyOf(SHA256.keySet());
    }

    /** A version's name: null is the default. */
    static String orDefault(String version) {
        return version == null ? VERSION : version;
    }

    /** What starts a server: the interpreter, the folder on its module path, the script. */
    public record Server(String python, Path packages, Path script) {
    }

    private LadybugPackage() {
    }

    static String python() {
        String p = System.getenv(PYTHON_ENV);
        return p != null && !p.isBlank() ? p : "python3";
    }

    /** Why LadybugDB's default version cannot run here; empty when it can. */
    public static Optional<String> whyNotRunnable() {
        return whyNotRunnable(null);
    }

    /** Why a version of LadybugDB cannot run here (another system or processor, no Python 3.10–3.14, no pip to fetch it); empty when it can. */
    public static Optional<String> whyNotRunnable(String version) {
        Map<String, String> pins = SHA256.get(orDefault(version));
        if (pins == null) return Optional.of("graphperf does not drive LadybugDB " + version + " (it drives " + String.join(", ", versions()) + ")");
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT), arch = System.getProperty("os.arch", "");
        if (!os.contains("linux") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
            return Optional.of("graphperf runs LadybugDB from its Python wheels for Linux on x86-64 (this is " + os + " on " + arch + ")");
        }
        String tag;
        try {
            tag = cpythonTag();
        } catch (IOException e) {
            return Optional.of("LadybugDB runs in a Python process of graphperf's, and " + python() + " does not run here (" + e.getMessage()
                    + "): install python3 (3.10 to 3.14) or name one in " + PYTHON_ENV);
        }
        if (!pins.containsKey(tag)) {
            return Optional.of("LadybugDB " + orDefault(version) + " has wheels for CPython 3.10 to 3.14; " + python() + " is " + tag + ": name another in " + PYTHON_ENV);
        }
        if (orDefault(version).equals(VERSION) && System.getenv(HOME_ENV) != null || fetched(orDefault(version), tag)) return Optional.empty();
        if (!PythonWheel.pipRuns(python())) {
            return Optional.of("LadybugDB is fetched with pip from the Python registry (ladybug " + orDefault(version) + "), and " + python()
                    + " has no pip: install python3-pip");
        }
        return Optional.empty();
    }

    /** Whether a version's package is in graphperf's cache for the interpreter (false when the interpreter does not answer). */
    public static boolean fetched(String version) {
        try {
            return fetched(orDefault(version), cpythonTag());
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean fetched(String version, String tag) {
        return Files.isDirectory(cache(tag, version).resolve("ladybug"));
    }

    /** The server's parts of a version (null: the default), the package fetched first when it is not in the cache. */
    public static synchronized Server get(String version) throws IOException, InterruptedException {
        String v = orDefault(version);
        if (!SHA256.containsKey(v)) throw new UserError(whyNotRunnable(v).orElseThrow());
        String tag = cpythonTag();
        String home = version == null || version.equals(VERSION) ? System.getenv(HOME_ENV) : null;
        Path dir = home != null ? Path.of(home) : cache(tag, v);
        if (home == null && !Files.isDirectory(dir.resolve("ladybug"))) fetch(dir, tag, v);
        if (!Files.isDirectory(dir.resolve("ladybug"))) throw new UserError(HOME_ENV + "=" + home + " must hold the ladybug package (its folder ladybug/)");
        Path script = (home == null ? dir : cache(tag, v)).resolve(SCRIPT);
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

    static Path cache(String tag, String version) {
        return UserCache.dir("ladybug-" + version + "-" + tag);
    }

    /** pip downloads the wheel for the interpreter; its digest is checked; the wheel unpacked into the cache. */
    private static void fetch(Path dir, String tag, String version) throws IOException, InterruptedException {
        System.getLogger(LadybugPackage.class.getName()).log(System.Logger.Level.INFO, "fetching LadybugDB " + version + " (the Python package ladybug, 10 MB, for "
                + tag + ") from the Python registry into " + dir);
        new PythonWheel("ladybug", version, null, null, SHA256.get(version).get(tag), "").fetch(python(), dir);
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
