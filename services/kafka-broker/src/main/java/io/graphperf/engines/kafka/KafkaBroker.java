package io.graphperf.engines.kafka;

import io.graphperf.core.engine.FreshPorts;
import io.graphperf.core.engine.HostClasspath;
import io.graphperf.core.engine.JitPriority;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * A Kafka broker in KRaft mode (broker and controller in one process) in a child JVM, with its data folder in the run folder:
 * formatted with Kafka's storage tool, started, and on {@link #close()} stopped and its folder removed. A shutdown hook stops it
 * on Ctrl-C; the child halts by itself when the harness's end of its standard input closes. {@link #kill()} and
 * {@link #pause()} are the faults E5 injects; {@link #restart()} starts it again on the same folder and ports.
 */
public final class KafkaBroker implements AutoCloseable {

    public static final String VERSION = "4.3.1";
    private static final String MAIN = "io.graphperf.engines.kafka.BrokerMain";

    private final Path dir, home;
    private final int port, controllerPort;
    private final String heap;
    private final Map<String, String> settings;
    private Process process;
    private final Thread hook;

    private KafkaBroker(Path dir, Path home, int port, int controllerPort, String heap, Map<String, String> settings) {
        this.dir = dir;
        this.home = home;
        this.port = port;
        this.controllerPort = controllerPort;
        this.heap = heap;
        this.settings = settings;
        this.hook = new Thread(() -> {
            stopQuietly();
            deleteTree(this.dir);
        }, "graphperf-kafka-stop");
    }

    /**
     * Formats and starts a broker in dir (created; removed on close). A start whose port was taken between graphperf's pick and the
     * broker's bind is made again with other ports ({@link FreshPorts}).
     *
     * @param extra broker settings applied over graphperf's (e.g. num.partitions, log.flush.interval.messages)
     */
    public static KafkaBroker start(Path dir, Path home, String heap, Map<String, String> extra) throws IOException, InterruptedException {
        return FreshPorts.start("the Kafka broker", FreshPorts.ATTEMPTS, KafkaBroker::portTaken, () -> startOnce(dir, home, heap, extra));
    }

    /** Whether a failed start's message says the broker could not bind a port another process took after graphperf picked it. */
    static boolean portTaken(String message) {
        return FreshPorts.saysInUse(message);
    }

    private static KafkaBroker startOnce(Path dir, Path home, String heap, Map<String, String> extra) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        KafkaBroker b = new KafkaBroker(dir.toAbsolutePath(), home, FreshPorts.pick(), FreshPorts.pick(), heap, extra == null ? Map.of() : Map.copyOf(extra));
        Runtime.getRuntime().addShutdownHook(b.hook);
        boolean ok = false;
        try {
            b.writeProperties();
            b.format();
            b.launch();
            ok = true;
            return b;
        } finally {
            if (!ok) b.close();
        }
    }

    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    public long pid() {
        return process.pid();
    }

    public Path log() {
        return dir.resolve("broker.log");
    }

    /** The settings the broker runs with, for the report. */
    public Map<String, String> settings() {
        return new LinkedHashMap<>(properties());
    }

    private Map<String, String> properties() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("process.roles", "broker,controller");
        p.put("node.id", "1");
        p.put("controller.quorum.bootstrap.servers", "127.0.0.1:" + controllerPort);
        p.put("listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
        p.put("controller.listener.names", "CONTROLLER");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT");
        p.put("log.dirs", dir.resolve("data").toString());
        p.put("num.partitions", "1");
        p.put("offsets.topic.replication.factor", "1");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        // one broker: Kafka's internal topics in one partition each rather than 50 (offsets) and 50 (transactions) — every
        // coordinator is this broker either way, and a restart after kill -9 recovers 2 logs instead of 100
        p.put("offsets.topic.num.partitions", "1");
        p.put("transaction.state.log.num.partitions", "1");
        p.put("group.initial.rebalance.delay.ms", "0");
        p.put("auto.create.topics.enable", "false");
        p.putAll(settings);
        return p;
    }

    private void writeProperties() throws IOException {
        Properties p = new Properties();
        p.putAll(properties());
        try (Writer w = Files.newBufferedWriter(dir.resolve("server.properties"), StandardCharsets.UTF_8)) {
            p.store(w, "graphperf's Kafka broker (KRaft, broker + controller)");
        }
    }

    private List<String> java(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xms" + heap, "-Xmx" + heap,
                "-XX:+UseG1GC"));
        cmd.addAll(JitPriority.jvmOptions());
        cmd.addAll(List.of("-Dlog4j2.configurationFile=" + log4j(), "-Dkafka.logs.dir=" + dir.resolve("logs"), "-cp", classpath(home), MAIN));
        cmd.addAll(List.of(args));
        return cmd;
    }

    private Path log4j() throws IOException {
        Path f = dir.resolve("log4j2.properties");
        Files.writeString(f, "rootLogger.level=INFO\nrootLogger.appenderRef.out.ref=out\nappender.out.type=Console\nappender.out.name=out\n"
                + "appender.out.layout.type=PatternLayout\nappender.out.layout.pattern=[%d] %p %m (%c)%n\n"
                + "logger.kafka.name=kafka\nlogger.kafka.level=WARN\nlogger.apache.name=org.apache.kafka\nlogger.apache.level=WARN\n"
                + "logger.started.name=kafka.server.KafkaRaftServer\nlogger.started.level=INFO\n");
        return f;
    }

    private void format() throws IOException, InterruptedException {
        byte[] id = new byte[16];
        String clusterId;
        // an id starting with '-' is read by the storage tool's argument parser as an option (a 1-in-64 failure, seen in CI)
        do {
            new SecureRandom().nextBytes(id);
            clusterId = Base64.getUrlEncoder().withoutPadding().encodeToString(id);
        } while (clusterId.startsWith("-"));
        Path out = dir.resolve("format.log");
        Process p = new ProcessBuilder(java("format", clusterId, dir.resolve("server.properties").toString())).redirectErrorStream(true)
                .redirectOutput(out.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("Kafka's storage tool did not finish formatting " + dir.resolve("data") + " within 120 s; see " + out);
        }
        if (p.exitValue() != 0) {
            throw new IOException("Kafka's storage tool failed to format " + dir.resolve("data") + " (exit " + p.exitValue() + "):\n" + tail(out));
        }
    }

    private void launch() throws IOException, InterruptedException {
        process = new ProcessBuilder(java(dir.resolve("server.properties").toString())).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile())).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                // the bind's failure is at the top of a long stack trace: looked for in the whole log, not in its tail
                String why = FreshPorts.saysInUse(Files.readString(log())) ? ": a port it was given is in use (" + FreshPorts.IN_USE + ")" : "";
                throw new IOException("the Kafka broker stopped while starting (exit " + process.exitValue() + ")" + why + "; last lines of " + log()
                        + ":\n" + tail(log()));
            }
            if (answers(bootstrapServers())) return;
            Thread.sleep(200);
        }
        throw new IOException("the Kafka broker did not start within 120 s; last lines of " + log() + ":\n" + tail(log()));
    }

    /** Whether a broker at that address answers a request for its cluster's nodes within 2 s. */
    public static boolean answers(String bootstrapServers) {
        try (org.apache.kafka.clients.admin.Admin admin = org.apache.kafka.clients.admin.Admin.create(Map.of("bootstrap.servers", bootstrapServers,
                "request.timeout.ms", 2000, "default.api.timeout.ms", 2000, "retries", 0))) {
            return !admin.describeCluster().nodes().get(2, TimeUnit.SECONDS).isEmpty();
        } catch (Exception notYet) {
            return false;
        }
    }

    /** SIGKILL: the broker dies without flushing (what it had fsynced, or replicated, survives). */
    public void kill() throws InterruptedException {
        process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }

    /** Starts the broker again on its folder and ports, after {@link #kill()} or a stop. */
    public void restart() throws IOException, InterruptedException {
        if (process != null && process.isAlive()) throw new IllegalStateException("the broker is running");
        launch();
    }

    /** SIGSTOP: the broker stops answering, its connections stay open; {@link #resume()} continues it. */
    public void pause() throws IOException, InterruptedException {
        signal("STOP");
    }

    public void resume() throws IOException, InterruptedException {
        signal("CONT");
    }

    private void signal(String sig) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("kill", "-" + sig, String.valueOf(process.pid())).inheritIO().start();
        if (p.waitFor() != 0) throw new IOException("kill -" + sig + " " + process.pid() + " failed");
    }

    public boolean isAlive() {
        return process != null && process.isAlive();
    }

    /** Stops the broker (SIGTERM, then SIGKILL after 30 s) and removes its folder. */
    @Override
    public void close() {
        stopQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // shutting down: the hook is running
        }
        deleteTree(dir);
    }

    private void stopQuietly() {
        Process p = process;
        if (p == null || !p.isAlive()) return;
        try {
            signal("CONT"); // a paused broker cannot act on SIGTERM
        } catch (Exception ignored) {
            // gone
        }
        p.destroy();
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS)) p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) return;
        try (var s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // best effort; the run folder is the user's to remove
        }
    }

    static String classpath(Path home) throws IOException {
        return HostClasspath.of(home, "services/kafka-broker", "graphperf-kafka-broker.jar", "broker-classpath.txt", "the Kafka broker");
    }

    private static String tail(Path f) {
        try {
            List<String> l = Files.readAllLines(f);
            return String.join("\n", l.subList(Math.max(0, l.size() - 20), l.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }
}
