package io.graphperf.engines.neo4j;

import io.graphperf.components.gateway.client.GatewayClient;
import io.graphperf.components.gateway.client.GatewayException;
import io.graphperf.components.gateway.client.Response;
import io.graphperf.components.gateway.protocol.Compression;
import io.graphperf.components.gateway.protocol.Envelope;
import io.graphperf.components.gateway.protocol.Format;
import io.graphperf.components.gateway.protocol.Messages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The WebSocket gateway in a real engine host: every format with every compression returns the rows Cypher
 * returns; many requests in flight on one connection come back matched by id; stored procedures run by name;
 * malformed, unknown and oversized messages get an error while the connection stays usable; logins and the
 * procedures-only mode refuse what they should.
 */
class GatewayIT {

    @Test
    void formatsCompressionsPipeliningAndBadMessages(@TempDir Path dir) throws Exception {
        HostSettings s = new HostSettings(dir, "512m", "64m", null, null, 0, 0, Map.of("graphperf.gateway.max_message_bytes", "65536"));
        try (Neo4jEngine engine = Neo4jEngine.embedded(s, EngineHostIT.home())) {
            engine.execute("UNWIND range(1, 300) AS i CREATE (:Item {i: i, name: 'item number ' + i})");
            engine.execute("CREATE (:P {x: 1, at: point({x: 1.5, y: 2.5}), d: date('2020-01-02')})-[:R {w: 2}]->(:Q)");
            URI uri = engine.gatewayUri();
            try {
                GatewayClient.connect(GatewayClient.Options.of(uri, Format.JSON, Compression.NONE)).close();
            } catch (Exception e) {
                dumpGatewayLines(dir); // the test's folder is gone once it fails: what the host said about the gateway
                throw e;
            }
            for (Format f : Format.values()) {
                for (Compression c : Compression.values()) {
                    try (GatewayClient client = GatewayClient.connect(GatewayClient.Options.of(uri, f, c))) {
                        Response r = client.cypher("MATCH (n:Item) RETURN n.i AS i, n.name AS name ORDER BY i", Map.of());
                        assertEquals(300, r.rows().size(), f + " " + c);
                        assertEquals(List.of(300L, "item number 300"), r.rows().get(299), f + " " + c);
                        assertTrue(r.server(Messages.EXEC_NANOS) > 0 && r.server(Messages.QUEUE_NANOS) >= 0, "the server reports its time");
                        if (c == Compression.NONE) assertEquals(r.receivedBytes(), r.receivedUncompressedBytes() + 1, f + ": one header byte");
                        else assertTrue(r.receivedBytes() < r.receivedUncompressedBytes() / 2, f + " " + c + " compresses: " + r);
                        Response p = client.cypher("RETURN $x AS x, $l AS l, $m AS m", Map.of("x", 1.5, "l", List.of(1L, 2L), "m", Map.of("k", "v")));
                        assertEquals(List.of(List.of(1.5, List.of(1L, 2L), Map.of("k", "v"))), p.rows(), f + ": parameters and values round-trip");
                        // entities, paths, points and temporal values, written from Cypher's own values
                        List<Object> e = client.cypher("MATCH path = (a:P)-[r:R]->(b:Q) RETURN a, r, path, elementId(a) AS ai, elementId(b) AS bi", Map.of())
                                .rows().get(0);
                        Map<?, ?> a = (Map<?, ?>) e.get(0), rel = (Map<?, ?>) e.get(1);
                        assertEquals(e.get(3), a.get("elementId"), f + ": " + a);
                        assertEquals(List.of("P"), a.get("labels"));
                        assertEquals(Map.of("x", 1L, "at", List.of(1.5, 2.5), "d", "2020-01-02"), a.get("properties"), f + ": " + a);
                        assertEquals("R", rel.get("type"));
                        assertEquals(Map.of("w", 2L), rel.get("properties"));
                        assertEquals(e.get(3), rel.get("start"));
                        assertEquals(e.get(4), rel.get("end"));
                        List<?> path = (List<?>) e.get(2);
                        assertEquals(3, path.size(), f + ": a path is its node, relationship, node");
                        assertEquals(a, path.get(0));
                        assertEquals(rel, path.get(1));
                        assertEquals(e.get(4), ((Map<?, ?>) path.get(2)).get("elementId"));
                    }
                }
            }
            try (GatewayClient client = GatewayClient.connect(GatewayClient.Options.of(uri, Format.BSON, Compression.LZ4))) {
                // 200 requests in flight on one connection (pipelining 64): each answer is its own request's
                List<CompletableFuture<Response>> futures = new ArrayList<>();
                for (long i = 1; i <= 200; i++) {
                    futures.add(client.send(GatewayClient.request(Messages.CYPHER, Messages.STATEMENT, "MATCH (n:Item {i: $i}) RETURN n.i",
                            Messages.PARAMS, Map.of("i", i))));
                }
                for (int i = 0; i < 200; i++) assertEquals(List.of(List.of(i + 1L)), futures.get(i).get(30, TimeUnit.SECONDS).rows());
                // a named procedure without Cypher (no such group: no rows), an unknown one, a failing statement
                assertEquals(List.of(), client.procedure("graphperf.social.q01", Map.of("group", 1L)).rows());
                GatewayException unknown = assertThrows(GatewayException.class, () -> client.procedure("graphperf.nope", Map.of()));
                assertEquals(Messages.UNKNOWN_PROCEDURE, unknown.code());
                GatewayException missing = assertThrows(GatewayException.class, () -> client.procedure("graphperf.social.q01", Map.of()));
                assertTrue(missing.getMessage().contains("needs the argument 'group'"), missing.getMessage());
                GatewayException syntax = assertThrows(GatewayException.class, () -> client.cypher("MATCH (n RETURN n", Map.of()));
                assertEquals("Neo.ClientError.Statement.SyntaxError", syntax.code());
                assertEquals(List.of(List.of(300L)), client.cypher("MATCH (n:Item) RETURN count(n)", Map.of()).rows(), "the connection is still usable");
            }

            // raw messages, from the JDK's own WebSocket client
            try (Raw raw = Raw.open(uri, Format.MSGPACK)) {
                raw.send(Map.of(Messages.ID, 1L, Messages.KIND, Messages.HELLO));
                assertEquals(Messages.HELLO, raw.receive().get(Messages.KIND));
                raw.sendBytes(new byte[]{0, (byte) 0xC1, 1, 2, 3});
                assertEquals(Messages.MALFORMED, code(raw.receive()), "not MessagePack");
                raw.sendBytes(new byte[]{9, 1, 2});
                assertEquals(Messages.MALFORMED, code(raw.receive()), "an unknown compression code");
                raw.sendBytes(new byte[]{(byte) Compression.ZSTD.code, 0x7F, 0, 0, 0, 1});
                assertEquals(Messages.TOO_LARGE, code(raw.receive()), "a compressed message claiming 2 GB is refused before it is decompressed");
                raw.sendBytes(new byte[66_000]);
                assertEquals(Messages.TOO_LARGE, code(raw.receive()), "above max_message_bytes, within its envelope's slack: answered");
                raw.send(Map.of(Messages.ID, 7L, Messages.KIND, "shout"));
                Map<String, Object> u = raw.receive();
                assertEquals(Messages.UNKNOWN_KIND, code(u));
                assertEquals(7L, u.get(Messages.ID));
                raw.send(Map.of(Messages.ID, 8L, Messages.KIND, Messages.PING));
                assertEquals(8L, raw.receive().get(Messages.ID), "after all that the connection still answers");
            }
            try (Raw raw = Raw.open(uri, Format.JSON)) {
                raw.send(Map.of(Messages.ID, 1L, Messages.KIND, Messages.CYPHER, Messages.STATEMENT, "RETURN 1"));
                assertEquals(Messages.UNAUTHORIZED, code(raw.receive()), "no request before hello");
            }
        }
    }

    @Test
    void loginsAndProceduresOnly(@TempDir Path dir) throws Exception {
        HostSettings s = new HostSettings(dir, "512m", "64m", null, null, 0, 0, Map.of("dbms.security.auth_enabled", "true",
                "graphperf.gateway.token", "s3cret-token", "graphperf.gateway.procedures_only", "true"));
        try (EngineHost host = EngineHost.start(s, EngineHostIT.home())) {
            URI uri = host.gatewayUri();
            GatewayClient.Options o = GatewayClient.Options.of(uri, Format.JSON, Compression.NONE);
            GatewayException wrongToken = assertThrows(GatewayException.class, () -> GatewayClient.connect(o.withLogin(null, null, "guess")));
            assertEquals(Messages.UNAUTHORIZED, wrongToken.code());
            GatewayException wrongPassword = assertThrows(GatewayException.class, () -> GatewayClient.connect(o.withLogin("neo4j", "wrong", null)));
            assertTrue(wrongPassword.getMessage().contains("wrong user or password"), wrongPassword.getMessage());
            try (GatewayClient client = GatewayClient.connect(o.withLogin(null, null, "s3cret-token"))) {
                GatewayException cypher = assertThrows(GatewayException.class, () -> client.cypher("MATCH (n) DETACH DELETE n", Map.of()));
                assertEquals(Messages.FORBIDDEN, cypher.code());
                assertEquals(List.of(), client.procedure("graphperf.social.q13", Map.of("person", 1L)).rows(), "named procedures still run");
            }
            assertTrue(Files.readString(dir.resolve("logs").resolve("neo4j.log")).contains("graphperf gateway listening on ws://127.0.0.1:" + uri.getPort()),
                    "the gateway says where it listens in Neo4j's log");
        }
    }

    /**
     * Submits to the batch writer through the gateway: many in flight on one connection, acknowledged by id in any order, each
     * applied exactly once; a multi-write message answers per write (a bad one alone fails); applied acknowledgements; refusals.
     */
    @Test
    void submitsToTheBatchWriter(@TempDir Path dir) throws Exception {
        HostSettings s = new HostSettings(dir, "512m", "64m", null, null, 0, 0, Map.of());
        try (Neo4jEngine engine = Neo4jEngine.embedded(s, EngineHostIT.home());
             GatewayClient client = GatewayClient.connect(GatewayClient.Options.of(engine.gatewayUri(), Format.BSON, Compression.NONE))) {
            List<CompletableFuture<Response>> inFlight = new ArrayList<>();
            for (long i = 0; i < 2000; i++) inFlight.add(client.submitAsync("CREATE (:Sub {i: $i})", Map.of("i", i), "durable"));
            java.util.Set<Long> sequences = new java.util.HashSet<>();
            for (CompletableFuture<Response> f : inFlight) {
                Response r = f.get(60, TimeUnit.SECONDS);
                assertEquals(null, r.error(), String.valueOf(r.message()));
                assertEquals("durable", r.message().get(Messages.ACK));
                sequences.add(r.sequence());
            }
            assertEquals(2000, sequences.size(), "every submit has its own sequence in the log");
            Response applied = client.submit("CREATE (:Sub {i: $i})", Map.of("i", 2000L), "applied");
            assertEquals("applied", applied.message().get(Messages.ACK));
            engine.execute("CALL graphperf.batch.await(60000)");
            assertEquals(2001, engine.queryLong("MATCH (n:Sub) RETURN count(DISTINCT n.i)"), "each write applied");
            assertEquals(2001, engine.queryLong("MATCH (n:Sub) RETURN count(n)"), "… exactly once");

            Response many = client.submitAll(List.of(Map.of(Messages.STATEMENT, "CREATE (:Many {i: $i})", Messages.PARAMS, Map.of("i", 1L)),
                    Map.of(Messages.PARAMS, Map.of("i", 2L)),
                    Map.of(Messages.STATEMENT, "CREATE (:Many {i: $i})", Messages.PARAMS, Map.of("i", 3L))), "durable");
            List<Map<String, Object>> acks = many.acks();
            assertEquals(3, acks.size());
            assertTrue(acks.get(0).get(Messages.SEQUENCE) instanceof Number && acks.get(2).get(Messages.SEQUENCE) instanceof Number, acks.toString());
            assertTrue(String.valueOf(acks.get(1)).contains(Messages.INVALID), "the write without a statement alone fails: " + acks);
            engine.execute("CALL graphperf.batch.await(60000)");
            assertEquals(2, engine.queryLong("MATCH (n:Many) RETURN count(n)"));

            GatewayException noStatement = assertThrows(GatewayException.class, () -> client.submit(" ", Map.of(), "durable"));
            assertEquals(Messages.INVALID, noStatement.code());
            GatewayException badAck = assertThrows(GatewayException.class, () -> client.submit("CREATE ()", Map.of(), "eventually"));
            assertEquals(Messages.INVALID, badAck.code());
            assertEquals(List.of(List.of(1L)), client.cypher("RETURN 1", Map.of()).rows(), "the connection stays usable");
        }
    }

    /** With a certificate and key the gateway speaks wss:// only: a client trusting the certificate works, others are refused. */
    @Test
    void tlsWhenGivenACertificate(@TempDir Path dir) throws Exception {
        Path cert = dir.resolve("cert.pem"), key = dir.resolve("key.pem");
        Process p;
        try {
            p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key.toString(), "-out", cert.toString(),
                    "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1").redirectErrorStream(true).start();
        } catch (java.io.IOException e) {
            org.junit.jupiter.api.Assumptions.abort("openssl is not installed, so no certificate can be made for the TLS test: " + e.getMessage());
            return;
        }
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);
        HostSettings s = new HostSettings(dir.resolve("host"), "512m", "64m", null, null, 0, 0, Map.of(
                "graphperf.gateway.tls_certificate", cert.toString(), "graphperf.gateway.tls_key", key.toString()));
        try (EngineHost host = EngineHost.start(s, EngineHostIT.home())) {
            URI uri = host.gatewayUri();
            assertEquals("wss", uri.getScheme());
            GatewayClient.Options o = GatewayClient.Options.of(uri, Format.BSON, Compression.ZSTD);
            try (GatewayClient client = GatewayClient.connect(o.withTrust(cert))) {
                assertEquals(List.of(List.of(1L)), client.cypher("RETURN 1", Map.of()).rows(), "a query over TLS");
            } catch (GatewayException e) {
                dumpGatewayLines(dir);
                throw e;
            }
            GatewayException untrusted = assertThrows(GatewayException.class, () -> GatewayClient.connect(o), "the JDK does not trust a self-signed certificate");
            assertTrue(String.valueOf(untrusted.getMessage()).toLowerCase(java.util.Locale.ROOT).contains("cannot open"), untrusted.getMessage());
            URI plain = URI.create("ws://" + uri.getHost() + ":" + uri.getPort() + uri.getPath());
            assertThrows(GatewayException.class, () -> GatewayClient.connect(GatewayClient.Options.of(plain, Format.JSON, Compression.NONE)),
                    "no plain WebSocket on a TLS port");
            assertTrue(host.isAlive(), "refused handshakes leave the server up");
            assertTrue(Files.readString(dir.resolve("host").resolve("logs").resolve("neo4j.log")).contains("graphperf gateway listening on wss://127.0.0.1:" + uri.getPort()));
        }
    }

    /** Prints what the host's logs say about the gateway. */
    static void dumpGatewayLines(Path dir) throws java.io.IOException {
        try (var files = Files.walk(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".log")).toList()) {
                for (String l : Files.readAllLines(f)) {
                    if (l.contains("gateway") || l.contains("Gateway") || l.contains("Caused") || l.contains("wstx") || l.contains("ssl") || l.startsWith("\t")) System.out.println(f.getFileName() + ": " + l);
                }
            }
        }
    }

    private static String code(Map<String, Object> response) {
        assertNotNull(response.get(Messages.ERROR), "an error response: " + response);
        return String.valueOf(((Map<?, ?>) response.get(Messages.ERROR)).get(Messages.CODE));
    }

    /** A bare WebSocket connection that sends whatever bytes a test asks for. */
    record Raw(WebSocket ws, Format format, LinkedBlockingQueue<byte[]> received) implements AutoCloseable {
        static Raw open(URI uri, Format format) throws Exception {
            LinkedBlockingQueue<byte[]> q = new LinkedBlockingQueue<>();
            WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder().subprotocols(format.subprotocol)
                    .buildAsync(uri, new WebSocket.Listener() {
                        private final java.io.ByteArrayOutputStream partial = new java.io.ByteArrayOutputStream();

                        @Override
                        public CompletionStage<?> onBinary(WebSocket w, ByteBuffer data, boolean last) {
                            byte[] b = new byte[data.remaining()];
                            data.get(b);
                            partial.writeBytes(b);
                            if (last) {
                                q.add(partial.toByteArray());
                                partial.reset();
                            }
                            w.request(1);
                            return null;
                        }
                    }).get(60, TimeUnit.SECONDS);
            return new Raw(ws, format, q);
        }

        void send(Map<String, Object> message) throws Exception {
            sendBytes(Envelope.encode(message, format, Compression.NONE, 0).bytes());
        }

        void sendBytes(byte[] bytes) throws Exception {
            ws.sendBinary(ByteBuffer.wrap(bytes), true).get(60, TimeUnit.SECONDS);
        }

        Map<String, Object> receive() throws Exception {
            return Envelope.decode(receiveBytes(), format, Integer.MAX_VALUE - 8);
        }

        /** The next message as it came, envelope and all (within 30 s). */
        byte[] receiveBytes() throws Exception {
            byte[] b = received.poll(30, TimeUnit.SECONDS);
            assertNotNull(b, "a response within 30 s");
            return b;
        }

        @Override
        public void close() {
            ws.abort();
        }
    }
}
