package io.graphperf.cli;

import io.graphperf.components.gateway.client.GatewayClient;
import io.graphperf.components.gateway.client.GatewayException;
import io.graphperf.components.gateway.protocol.Compression;
import io.graphperf.components.gateway.protocol.Format;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.datagen.Manifest;
import io.graphperf.engines.kafka.KafkaBroker;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neo4j.driver.AuthTokens;
import org.neo4j.driver.Driver;
import org.neo4j.driver.GraphDatabase;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * graphperf serve as a user meets it: started in a JVM of its own with a dataset, it prints its addresses; the data answers
 * over Bolt and over the gateway (with its token, Cypher and an E2 procedure), and the Python client, installed into a fresh
 * virtual environment, passes its checks (every format × compression, 1,000 in flight, submits, errors) and runs the docs'
 * example unchanged; SIGTERM (as Ctrl-C) stops the server, removes the store and leaves no process behind.
 */
class ServeIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void servesTheDatasetOverBoltAndTheGatewayUntilStopped(@TempDir Path dir) throws Exception {
        Path folder = dir.resolve("serve"), cache = dir.resolve("datasets"), mine = userPlugin(dir.resolve("my-plugins"));
        Process serve = serve(dir, "--dataset", "social", "--scale", "0.05", "--dataset-cache", cache.toString(), "--dir", folder.toString(),
                "--gateway-token", "s3cret", "--plugins", mine.toString(), "--heap", "512m", "--page-cache", "128m", "--metrics-port", "0");
        try {
            Map<String, String> at = addresses(serve, dir);
            String bolt = at.get("Bolt"), gateway = at.get("gateway"), metrics = at.get("metrics");
            String printed = at.get("printed");
            assertTrue(printed.contains("login    none needed") && printed.contains("social at scale 0.05 loaded"), printed);
            long people = Manifest.read(cache.resolve("social-0.05-seed1")).nodes().get("Person").expected();
            try (Driver d = GraphDatabase.driver(bolt, AuthTokens.none()); var s = d.session()) {
                assertEquals(people, s.run("MATCH (p:Person) RETURN count(p)").single().get(0).asLong(), "the dataset answers over Bolt");
            }
            try (GatewayClient c = GatewayClient.connect(GatewayClient.Options.of(URI.create(gateway), Format.BSON, Compression.NONE)
                    .withLogin(null, null, "s3cret"))) {
                assertEquals(List.of(List.of(people)), c.cypher("MATCH (p:Person) RETURN count(p)", Map.of()).rows(), "and over the gateway");
                Object key = c.cypher("MATCH (p:Person) RETURN p.personKey ORDER BY p.personKey LIMIT 1", Map.of()).rows().get(0).get(0);
                assertFalse(c.procedure("graphperf.social.q10", Map.of("person", key)).rows().isEmpty(), "E2's procedures are there");
                // any procedure the database has, through its registry: the user's own (a default argument filled in), APOC's, Neo4j's
                assertEquals(List.of(List.of("Hello, graphperf!")), c.procedure("example.greet", Map.of("name", "graphperf")).rows(), "a user's procedure");
                assertEquals(List.of(List.of("Hello, you?")), c.procedure("example.greet", Map.of("name", "you", "punctuation", "?")).rows());
                assertTrue(c.procedure("db.labels", Map.of()).rows().contains(List.of("Person")), "a built-in procedure");
                assertFalse(c.procedure("apoc.help", Map.of("proc", "meta")).rows().isEmpty(), "an APOC procedure");
                GatewayException missing = assertThrows(GatewayException.class, () -> c.procedure("example.greet", Map.of()));
                assertTrue(missing.code().equals("Graphperf.Invalid") && missing.getMessage().contains("'name'"), "a missing argument is named: " + missing);
                assertEquals("Graphperf.UnknownProcedure", assertThrows(GatewayException.class, () -> c.procedure("example.nothing", Map.of())).code());
            }
            // the Python client, installed as a user would, against the same server: its checks, then the docs' example unchanged
            Path venv = dir.resolve("venv");
            run(dir, List.of("python3", "-m", "venv", venv.toString()), Map.of());
            Path python = venv.resolve("bin/python");
            run(dir, List.of(python.toString(), "-m", "pip", "install", "-q", DocsCommandsTest.ROOT.resolve("clients/python") + "[all]"), Map.of());
            String checks = run(dir, List.of(python.toString(), DocsCommandsTest.ROOT.resolve("clients/python/tests/check_gateway.py").toString(), gateway,
                    "s3cret", Long.toString(people)), Map.of());
            assertTrue(checks.contains("all checks passed"), checks);
            Path example = dir.resolve("example.py");
            Files.writeString(example, pythonExample());
            String printed2 = run(dir, List.of(python.toString(), example.toString()), Map.of("GRAPHPERF_GATEWAY", gateway, "GRAPHPERF_TOKEN", "s3cret"));
            assertTrue(printed2.contains("people: " + people) && printed2.contains("acknowledged writes: 1000")
                    && printed2.contains("an error names its code: Neo.ClientError.Statement"), printed2);

            // the components' live metrics, read from the server at the scrape: the 1,000 writes above acknowledged by the batch writer
            String scraped = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(metrics)).build(), HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(scraped.matches("(?s).*\\ngraphperf_batch_writer_[a-z_]+\\{} [0-9.]+\\n.*") && scraped.contains("graphperf_engine_cpu_seconds_total")
                    && scraped.endsWith("# EOF\n"), scraped);

            List<ProcessHandle> children = serve.toHandle().descendants().toList();
            assertFalse(children.isEmpty(), "the engine host runs as a child");
            serve.destroy(); // SIGTERM, as Ctrl-C's SIGINT
            assertTrue(serve.waitFor(3, TimeUnit.MINUTES), "serve stops");
            for (ProcessHandle h : children) assertFalse(h.isAlive(), "no process left: " + h.info().commandLine().orElse("?"));
            assertTrue(Files.readString(dir.resolve("serve.err")).contains("graphperf serve: stopped, its store removed"));
            try (Stream<Path> left = Files.walk(folder)) {
                assertTrue(left.noneMatch(p -> p.getFileName().toString().startsWith("neostore")), "the store is removed");
            }
        } finally {
            serve.destroyForcibly();
        }
    }

    @Test
    void publishesChangesAsNeo4jStreamsKeysThem(@TempDir Path dir) throws Exception {
        try (KafkaBroker broker = KafkaBroker.start(dir.resolve("kafka"), Path.of(System.getProperty("graphperf.home")), "512m", Map.of())) {
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", broker.bootstrapServers()))) {
                admin.createTopics(List.of(new NewTopic("graphperf-cdc", 1, (short) 1))).all().get();
            }
            Process serve = serve(dir, "--cdc-source", broker.bootstrapServers(), "--key-strategy", "delete", "--event-ids", "numeric",
                    "--dir", dir.resolve("serve").toString(), "--heap", "512m", "--page-cache", "64m");
            try {
                Map<String, String> at = addresses(serve, dir);
                long id;
                try (Driver d = GraphDatabase.driver(at.get("Bolt"), AuthTokens.none()); var s = d.session()) {
                    id = s.run("CREATE (p:Probe {k: 1}) RETURN id(p)").single().get(0).asLong();
                }
                try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(Map.of("bootstrap.servers", broker.bootstrapServers(),
                        "isolation.level", "read_committed", "group.id", "serve-it", "auto.offset.reset", "earliest"),
                        new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
                    c.subscribe(List.of("graphperf-cdc"));
                    List<ConsumerRecord<byte[], byte[]>> got = new ArrayList<>();
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
                    while (got.isEmpty() && System.nanoTime() < deadline) c.poll(Duration.ofMillis(500)).forEach(got::add);
                    assertEquals(1, got.size(), "the creation published");
                    JsonNode event = JSON.readTree(got.get(0).value());
                    assertEquals(String.valueOf(id), event.at("/payload/id").asText(), "the numeric id as text: " + event);
                    long txId = event.at("/meta/txId").asLong();
                    assertEquals(JSON.valueToTree(txId + "-0"), JSON.readTree(got.get(0).key()), "Streams' delete-strategy key, as JSON");
                }
            } finally {
                serve.destroy();
                assertTrue(serve.waitFor(3, TimeUnit.MINUTES), "serve stops");
            }
        }
    }

    /** graphperf serve in a JVM of its own, its stderr in dir/serve.err. */
    static Process serve(Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dgraphperf.home=" + System.getProperty("graphperf.home"), "-cp", System.getProperty("java.class.path"), Main.class.getName(), "serve"));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectError(dir.resolve("serve.err").toFile()).start();
    }

    /** The addresses serve prints (Bolt, gateway, metrics…: the first word of a line, then the address), read until it says it runs. */
    static Map<String, String> addresses(Process serve, Path dir) throws Exception {
        Map<String, String> at = new HashMap<>();
        StringBuilder printed = new StringBuilder();
        BufferedReader out = new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8));
        for (String line; (line = out.readLine()) != null; ) {
            printed.append(line).append('\n');
            String[] words = line.strip().split("\\s+");
            if (words.length > 1) at.putIfAbsent(words[0], words[1]);
            if (line.startsWith("Ctrl-C stops it")) break;
        }
        assertNotNull(at.get("Bolt"), printed + Files.readString(dir.resolve("serve.err")));
        at.put("printed", printed.toString());
        return at;
    }

    /** A user's plugin jar with one procedure, example.greet(name, punctuation = '!'), compiled against Neo4j's procedure API. */
    static Path userPlugin(Path dir) throws Exception {
        Path src = dir.resolve("src/example/Greeting.java"), classes = dir.resolve("classes");
        Files.createDirectories(src.getParent());
        Files.createDirectories(classes);
        Files.writeString(src, String.join("\n",
                "package example;",
                "import java.util.stream.Stream;",
                "import org.neo4j.procedure.*;",
                "public class Greeting {",
                "    public static class Out { public String greeting; public Out(String g) { greeting = g; } }",
                "    @Procedure(name = \"example.greet\", mode = Mode.READ)",
                "    public Stream<Out> greet(@Name(\"name\") String name, @Name(value = \"punctuation\", defaultValue = \"!\") String p) {",
                "        return Stream.of(new Out(\"Hello, \" + name + p));",
                "    }",
                "}"));
        Path home = DocsCommandsTest.ROOT;
        String cp = Files.readString(home.resolve("engines/neo4j/host/target/host-classpath.txt")).strip();
        javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-d", classes.toString(), "-cp", cp, src.toString()), "the user's plugin compiles");
        Path jar = dir.resolve("jars/greeting.jar");
        Files.createDirectories(jar.getParent());
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar)); Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new java.util.jar.JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
        }
        return jar.getParent();
    }

    /** The example of docs/python.md, as it stands there. */
    static String pythonExample() throws Exception {
        String page = Files.readString(DocsCommandsTest.ROOT.resolve("docs/python.md"));
        int start = page.indexOf("```python\n");
        assertTrue(start >= 0, "docs/python.md has its example");
        return page.substring(start + "```python\n".length(), page.indexOf("```", start + 9));
    }

    /** Runs a program to its end (at most 5 minutes) and returns what it printed; a non-zero exit fails the test with it. */
    static String run(Path dir, List<String> cmd, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), String.join(" ", cmd) + " did not end");
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + ":\n" + out);
        return out;
    }
}
