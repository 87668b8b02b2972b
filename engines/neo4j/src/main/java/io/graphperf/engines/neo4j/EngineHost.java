package io.graphperf.engines.neo4j;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.FreshPorts;
import io.graphperf.core.engine.JitPriority;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Starts Neo4j in a child JVM (the engine host), waits until it serves Bolt and HTTP, and stops it.
 * The child reads our end of a pipe on its standard input and stops when it closes, so it never
 * outlives the harness; a shutdown hook here stops it on Ctrl-C as well.
 */
public final class EngineHost implements AutoCloseable {

    /**
     * A start gives up when its logs (the host's and Neo4j's debug log) have not grown for this long — a start that makes
     * progress, such as recovery after a kill on a busy machine, is waited for up to {@link #START_CAP_SECONDS}.
     */
    private static final long START_TIMEOUT_SECONDS = 180;
    private static final long START_CAP_SECONDS = 900;
    private static final String MAIN_CLASS = "io.graphperf.engines.neo4j.host.EngineHostMain";

    private final HostSettings settings;
    private final Process process;
    private final OutputStream control;
    private final Thread shutdownHook;
    private final int boltPort, httpPort, gatewayPort;
    private final Properties ready;
    private final HostClassArchive classes;

    private EngineHost(HostSettings settings, Process process, int boltPort, int httpPort, int gatewayPort, Properties ready, Thread hook,
                       HostClassArchive classes) {
        this.settings = settings;
        this.classes = classes;
        this.process = process;
        this.control = process.getOutputStream();
        this.boltPort = boltPort;
        this.httpPort = httpPort;
        this.gatewayPort = gatewayPort;
        this.ready = ready;
        this.shutdownHook = hook;
    }

    /** How many starts are tried when a port picked as free was taken before Neo4j bound it. */
    /**
     * Starts the host and returns once Neo4j is ready; throws {@link UserError} with the log's tail otherwise. A port graphperf picked as
     * free can be taken before Neo4j binds it (any process's outgoing connection may get it as its local port): then it starts again
     * with other ports, up to {@value FreshPorts#ATTEMPTS} times, saying so (a warning in the log).
     */
    public static EngineHost start(HostSettings settings, Path graphperfHome) throws IOException, InterruptedException {
        return FreshPorts.start("the embedded Neo4j", FreshPorts.ATTEMPTS, EngineHost::portTaken, () -> startOnce(settings, graphperfHome));
    }

    /** Whether a failed start's message says Neo4j could not bind a port another process held. */
    static boolean portTaken(String message) {
        return message != null && message.contains("already in use, cannot bind");
    }

    private static EngineHost startOnce(HostSettings settings, Path graphperfHome) throws IOException, InterruptedException {
        Path work = settings.workDir().toAbsolutePath();
        Files.createDirectories(work);
        int bolt = port(settings.boltPort(), "bolt-port");
        int http = port(settings.httpPort(), "http-port");
        if (bolt == http) http = port(0, "http-port");
        int gateway = gatewayPort(settings, bolt, http);
        Path settingsFile = work.resolve("neo4j-settings.properties");
        Path plugins = plugins(settings, graphperfHome, work);
        writeSettings(settings, settingsFile, work, bolt, http, gateway, plugins);
        Path readyFile = work.resolve("ready.properties");
        Files.deleteIfExists(readyFile);
        Path log = work.resolve("host.log");
        Neo4jRelease release = Neo4jRelease.of(settings);
        String classpath = release.classpath(graphperfHome) + (plugins == null ? "" : File.pathSeparator + plugins.toAbsolutePath() + "/*");
        HostClassArchive classes = HostClassArchive.of(settings, release.java(), classpath, plugins, work);
        List<String> cmd = command(settings, release, classpath, classes, work, settingsFile, readyFile);
        Process process = new ProcessBuilder(cmd).directory(work.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        // on Ctrl-C the host gets its usual 30 s, recording or not: a recording cut short is not kept
        Thread hook = new Thread(() -> stopProcess(process, classes, 30), "graphperf-engine-host-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        EngineHost host = null;
        try {
            Properties readyProps = awaitReady(process, readyFile, log, work);
            host = new EngineHost(settings, process, bolt, http, gateway, readyProps, hook, classes);
            return host;
        } finally {
            if (host == null) {
                stopProcess(process, classes, 30);
                removeHook(hook);
            }
        }
    }

    /** Neo4j's settings for the host, and graphperf's plugins' in the work folder's conf/graphperf.conf. */
    private static void writeSettings(HostSettings settings, Path settingsFile, Path work, int bolt, int http, int gateway, Path plugins) throws IOException {
        Properties p = new Properties();
        settings.neo4jSettings(bolt, http, plugins).forEach(p::setProperty);
        try (Writer w = Files.newBufferedWriter(settingsFile, StandardCharsets.UTF_8)) {
            p.store(w, "settings graphperf applies to the embedded Neo4j");
        }
        // the host's Neo4j home is the work folder: its conf/graphperf.conf is what the batch writer reads
        Path conf = work.resolve("conf");
        Files.createDirectories(conf);
        Properties own = new Properties();
        own.putAll(settings.graphperfSettings());
        own.setProperty(GATEWAY_PORT, String.valueOf(gateway));
        try (Writer w = Files.newBufferedWriter(conf.resolve("graphperf.conf"), StandardCharsets.UTF_8)) {
            own.store(w, "settings of graphperf's plugins (the batch writer), from the run's options");
        }
    }

    /** The host's java command line: the release's Java and JVM options, the run's heap, the host's main class and its files. */
    private static List<String> command(HostSettings settings, Neo4jRelease release, String classpath, HostClassArchive classes, Path work,
                                        Path settingsFile, Path readyFile) {
        List<String> cmd = new ArrayList<>(HostJvmSettings.prefix(settings));
        cmd.add(release.java().toString());
        cmd.addAll(release.jvmOptions());
        cmd.add("-Xms" + settings.heap());
        cmd.add("-Xmx" + settings.heap());
        cmd.add("-XX:+UseG1GC");
        cmd.addAll(classes.options());
        cmd.addAll(JitPriority.jvmOptions());
        cmd.addAll(HostJvmSettings.options(settings));
        // the opens Neo4j's own launcher passes on Java 17
        for (String pkg : List.of("java.base/java.nio", "java.base/java.lang", "java.base/sun.nio.ch", "java.base/java.io")) {
            cmd.add("--add-opens=" + pkg + "=ALL-UNNAMED");
        }
        cmd.add("-Dlog4j2.disable.jmx=true");
        cmd.add("-cp");
        // as Neo4j's own launcher does, the plugins are on the classpath too: APOC registers its
        // extensions (configuration, injected components) through the service loader
        cmd.add(classpath);
        cmd.add(MAIN_CLASS);
        cmd.add(work.toString());
        cmd.add(settingsFile.toString());
        cmd.add(readyFile.toString());
        return cmd;
    }

    private static Properties awaitReady(Process process, Path readyFile, Path log, Path work) throws IOException, InterruptedException {
        long start = System.nanoTime(), cap = start + TimeUnit.SECONDS.toNanos(START_CAP_SECONDS), progress = start;
        Path debug = work.resolve("logs").resolve("debug.log");
        long logged = -1;
        while (System.nanoTime() - progress < TimeUnit.SECONDS.toNanos(START_TIMEOUT_SECONDS) && System.nanoTime() < cap) {
            long now = size(log) + size(debug);
            if (now != logged) {
                logged = now;
                progress = System.nanoTime();
            }
            if (Files.exists(readyFile)) {
                Properties props = new Properties();
                try (var r = Files.newBufferedReader(readyFile, StandardCharsets.UTF_8)) {
                    props.load(r);
                }
                return props;
            }
            if (!process.isAlive()) {
                throw new UserError("the embedded Neo4j failed to start (exit code " + process.exitValue() + ").\n"
                        + "Last lines of " + log + ":\n" + tail(log, 25) + debugLogErrors(work));
            }
            Thread.sleep(100);
        }
        long waited = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        throw new UserError("the embedded Neo4j did not become ready in " + waited + " s (" + (System.nanoTime() >= cap ? "the cap of a start"
                : "its logs unchanged for the last " + START_TIMEOUT_SECONDS + " s") + ").\n" + "Last lines of " + log + ":\n" + tail(log, 25)
                + (Files.exists(debug) ? "\nLast lines of " + debug + ":\n" + tail(debug, 15) : ""));
    }

    private static long size(Path p) {
        try {
            return Files.exists(p) ? Files.size(p) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    private static String debugLogErrors(Path work) {
        Path debug = work.resolve("logs").resolve("debug.log");
        if (!Files.exists(debug)) return "";
        try {
            List<String> errors = Files.readAllLines(debug).stream().filter(l -> l.contains(" ERROR ")).toList();
            if (errors.isEmpty()) return "";
            return "\nErrors in " + debug + ":\n" + String.join("\n", errors.subList(Math.max(0, errors.size() - 10), errors.size()));
        } catch (IOException e) {
            return "";
        }
    }

    static String tail(Path file, int lines) {
        try {
            List<String> all = Files.readAllLines(file);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    static final String GATEWAY_PORT = "graphperf.gateway.port";

    /** The gateway's port: graphperf.gateway.port when the run sets it, else a free one. */
    private static int gatewayPort(HostSettings settings, int bolt, int http) throws IOException {
        String set = settings.graphperfSettings().get(GATEWAY_PORT);
        int p;
        try {
            p = port(set == null ? 0 : Integer.parseInt(set.trim()), GATEWAY_PORT);
        } catch (NumberFormatException e) {
            throw new UserError("setting " + GATEWAY_PORT + "=" + set + ": not a port number");
        }
        while (p == bolt || p == http) p = port(0, GATEWAY_PORT);
        return p;
    }

    /** The WebSocket gateway's address (graphperf's plugin in the host): wss:// when the run gives it a TLS certificate. */
    public URI gatewayUri() {
        boolean tls = settings.graphperfSettings().containsKey("graphperf.gateway.tls_certificate");
        return URI.create((tls ? "wss" : "ws") + "://127.0.0.1:" + gatewayPort + "/graphperf");
    }

    /** A requested port must be free; port 0 means "pick a free one". */
    private static int port(int requested, String setting) throws IOException {
        try (ServerSocket s = new ServerSocket(requested, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UserError("port " + requested + " on 127.0.0.1 is in use (setting " + setting + "); "
                    + "choose another, or 0 for any free port");
        }
    }

    /** The setting naming a user's own plugins (jars, or folders of jars, separated by the path separator) to load beside graphperf's. */
    public static final String USER_PLUGINS = "graphperf.host.plugins";

    /**
     * The server's plugin folder: graphperf's own, or, when {@link #USER_PLUGINS} names more, the release takes only some of
     * graphperf's (no APOC core on 2025), or graphperf runs from its release archive (whose plugins are in its one lib/, listed in
     * {@value #PLUGINS_LIST}), a folder of links (Neo4j loads procedures from one folder): graphperf's jars alone in a folder of the
     * cache that stays the same from start to start ({@link HostClassArchive#linkFolder}), with the user's jars a folder of this host's.
     */
    static Path plugins(HostSettings settings, Path home, Path work) throws IOException {
        Path own = pluginsDir(home);
        String user = settings.extra().get(USER_PLUGINS);
        Neo4jRelease release = Neo4jRelease.of(settings);
        if ((user == null || user.isBlank()) && release.apoc() && own != null) return own;
        List<Path> ownJars = ownPlugins(home);
        if ((user == null || user.isBlank()) && ownJars.isEmpty()) return null;
        if (user == null || user.isBlank()) {
            // graphperf's jars alone: a folder of links that stays where it is while they do, so the class-data archive applies
            Path shared = HostClassArchive.linkFolder(ownJars.stream().filter(release::installs).toList());
            if (shared != null) return shared;
        }
        Path dir = work.resolve("plugins");
        if (Files.exists(dir)) {
            try (var old = Files.list(dir)) {
                for (Path f : old.toList()) Files.delete(f);
            }
        }
        Files.createDirectories(dir);
        List<Path> jars = new ArrayList<>(ownJars.stream().filter(release::installs).toList());
        for (String given : user == null || user.isBlank() ? new String[0] : user.split(File.pathSeparator)) {
            Path g = Path.of(given.strip()).toAbsolutePath();
            if (Files.isDirectory(g)) {
                try (var files = Files.list(g)) {
                    List<Path> found = files.filter(f -> f.toString().endsWith(".jar")).sorted().toList();
                    if (found.isEmpty()) throw new UserError("folder " + g + " (setting " + USER_PLUGINS + ") holds no jar");
                    jars.addAll(found);
                }
            } else if (Files.isRegularFile(g) && g.toString().endsWith(".jar")) {
                jars.add(g);
            } else {
                throw new UserError(g + " (setting " + USER_PLUGINS + ") is neither a jar nor a folder of jars");
            }
        }
        for (Path jar : jars) {
            Path link = dir.resolve(jar.getFileName());
            if (Files.exists(link)) throw new UserError("two plugins named " + jar.getFileName() + " (setting " + USER_PLUGINS + ")");
            Files.createSymbolicLink(link, jar.toAbsolutePath());
        }
        return dir;
    }

    /** In the release archive: graphperf's Neo4j plugins, in its one lib/, by name relative to graphperf's home. */
    static final String PLUGINS_LIST = "engines/neo4j/host/target/plugins-classpath.txt";

    /** graphperf's own plugin jars: its plugins folder's (a build), else those its list names (the release archive), else none. */
    static List<Path> ownPlugins(Path home) throws IOException {
        Path own = pluginsDir(home);
        if (own != null) {
            try (var files = Files.list(own)) {
                return files.filter(f -> f.toString().endsWith(".jar")).sorted().toList();
            }
        }
        Path list = home.resolve(PLUGINS_LIST);
        if (!Files.isRegularFile(list)) return List.of();
        List<Path> jars = new ArrayList<>();
        for (String entry : Files.readString(list).trim().split(File.pathSeparator)) {
            if (!entry.isBlank()) jars.add(home.resolve(entry.strip()));
        }
        return jars;
    }

    /** Server plugins (apoc-core and its dependencies), copied there when the host module is built. */
    static Path pluginsDir(Path home) {
        Path dir = home.resolve("engines/neo4j/host/target/plugins");
        return Files.isDirectory(dir) ? dir : null;
    }

    public String boltUri() {
        return "bolt://127.0.0.1:" + boltPort;
    }

    public String httpUrl() {
        return "http://127.0.0.1:" + httpPort;
    }

    public long pid() {
        return process.pid();
    }

    public HostSettings settings() {
        return settings;
    }

    /** What the host reported when ready: pid, Neo4j and Java versions, heap. */
    public Map<String, String> readyInfo() {
        Map<String, String> m = new TreeMap<>();
        ready.forEach((k, v) -> m.put(k.toString(), v.toString()));
        return m;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Throws with the exit code and the log's tail when the host process has ended on its own. */
    public void checkAlive() {
        if (process.isAlive()) return;
        Path work = settings.workDir().toAbsolutePath();
        throw new UserError("the embedded Neo4j stopped unexpectedly (exit code " + process.exitValue() + ").\nLast lines of "
                + work.resolve("host.log") + ":\n" + tail(work.resolve("host.log"), 25) + debugLogErrors(work));
    }

    @Override
    public void close() {
        stopGracefully(process, control, classes);
        removeHook(shutdownHook);
    }

    /** How this host's JVM found its classes: from graphperf's class-data archive, recording one, or off. */
    public String classArchive() {
        return classes.describe();
    }

    private static void stopGracefully(Process process, OutputStream control, HostClassArchive classes) {
        try {
            control.write("stop\n".getBytes(StandardCharsets.UTF_8));
            control.flush();
            control.close();
        } catch (IOException ignored) {
            // already gone
        }
        stopProcess(process, classes, classes.recording() ? 120 : 30);
    }

    /**
     * Closing stdin asks the host to stop; it gets {@code seconds} (30; 120 when it writes the class-data archive as it exits) to flush
     * the store before it is killed.
     */
    private static void stopProcess(Process process, HostClassArchive classes, int seconds) {
        try {
            process.getOutputStream().close();
        } catch (IOException ignored) {
            // already closed
        }
        try {
            if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        classes.settle(process);
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // the JVM is already shutting down: the hook is running
        }
    }
}
