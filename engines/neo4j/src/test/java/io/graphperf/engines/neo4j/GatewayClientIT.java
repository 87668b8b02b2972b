package io.graphperf.engines.neo4j;

import io.graphperf.components.gateway.client.GatewayClient;
import io.graphperf.components.gateway.client.GatewayException;
import io.graphperf.components.gateway.client.Response;
import io.graphperf.components.gateway.protocol.Compression;
import io.graphperf.components.gateway.server.SelfSignedCertificate;
import io.graphperf.components.gateway.protocol.Format;
import io.graphperf.components.gateway.protocol.Messages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * graphperf's gateway client (its own Netty, which cannot share a JVM with the server's: here the server runs in an engine host) against
 * the gateway in a real engine host: every format with every compression, its byte accounting per response, many requests in flight on
 * one connection matched by id, the gateway's errors as exceptions with their codes, submits acknowledged per write, and TLS with a
 * trusted certificate. The server's own behaviour — values, bad messages, logins, hostile clients — is tested beside it, in
 * neo4j-plugins/gateway (GatewayServerIT, GatewayHostileIT, GatewaySoakIT).
 */
class GatewayClientIT {

    @Test
    void everyFormatPipeliningErrorsAndSubmits(@TempDir Path dir) throws Exception {
        HostSettings s = new HostSettings(dir, "512m", "64m", null, null, 0, 0, Map.of());
        try (Neo4jEngine engine = Neo4jEngine.embedded(s, EngineHostIT.home())) {
            engine.execute("UNWIND range(1, 300) AS i CREATE (:Item {i: i, name: 'item number ' + i})");
            URI uri = engine.gatewayUri();
            for (Format f : Format.values()) {
                for (Compression c : Compression.values()) {
                    try (GatewayClient client = GatewayClient.connect(GatewayClient.Options.of(uri, f, c))) {
                        Response r = client.cypher("MATCH (n:Item) RETURN n.i AS i, n.name AS name ORDER BY i", Map.of());
                        assertEquals(List.of(300L, "item number 300"), r.rows().get(299), f + " " + c);
                        assertTrue(r.serverNanos() > 0 && r.encodeNanos() > 0 && r.decodeNanos() > 0, "the client times each side: " + r);
                        if (c == Compression.NONE) assertEquals(r.receivedBytes(), r.receivedUncompressedBytes() + 1, f + ": one header byte");
                        else assertTrue(r.receivedBytes() < r.receivedUncompressedBytes() / 2, f + " " + c + " compresses: " + r);
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
                // E2's procedures by name (no such group: no rows); errors as exceptions with the gateway's code
                assertEquals(List.of(), client.procedure("graphperf.social.q01", Map.of("group", 1L)).rows());
                assertEquals(Messages.UNKNOWN_PROCEDURE, assertThrows(GatewayException.class, () -> client.procedure("graphperf.nope", Map.of())).code());
                assertEquals("Neo.ClientError.Statement.SyntaxError", assertThrows(GatewayException.class, () -> client.cypher("MATCH (n RETURN n", Map.of())).code());
                // submits: each acknowledged with its own sequence, a multi-write answered per write
                List<CompletableFuture<Response>> inFlight = new ArrayList<>();
                for (long i = 0; i < 500; i++) inFlight.add(client.submitAsync("CREATE (:Sub {i: $i})", Map.of("i", i), "durable"));
                Set<Long> sequences = new HashSet<>();
                for (CompletableFuture<Response> f : inFlight) sequences.add(client.answer(f).sequence());
                assertEquals(500, sequences.size(), "every submit has its own sequence in the log");
                List<Map<String, Object>> acks = client.submitAll(List.of(Map.of(Messages.STATEMENT, "CREATE (:Many {i: $i})", Messages.PARAMS, Map.of("i", 1L)),
                        Map.of(Messages.PARAMS, Map.of("i", 2L))), "applied").acks();
                assertTrue(acks.get(0).get(Messages.SEQUENCE) instanceof Number && String.valueOf(acks.get(1)).contains(Messages.INVALID), acks.toString());
                engine.execute("CALL graphperf.batch.await(60000)");
                assertEquals(500, engine.queryLong("MATCH (n:Sub) RETURN count(n)"), "each write applied once");
            }
        }
    }

    /** With a certificate and key the gateway speaks wss:// only: a client trusting the certificate works, others are refused. */
    @Test
    void tlsWhenGivenACertificate(@TempDir Path dir) throws Exception {
        SelfSignedCertificate tls = SelfSignedCertificate.make(dir);
        Path cert = tls.certificate(), key = tls.key();
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
            assertTrue(String.valueOf(untrusted.getMessage()).toLowerCase(Locale.ROOT).contains("cannot open"), untrusted.getMessage());
            URI plain = URI.create("ws://" + uri.getHost() + ":" + uri.getPort() + uri.getPath());
            assertThrows(GatewayException.class, () -> GatewayClient.connect(GatewayClient.Options.of(plain, Format.JSON, Compression.NONE)),
                    "no plain WebSocket on a TLS port");
            assertTrue(host.isAlive(), "refused handshakes leave the server up");
            assertTrue(Files.readString(dir.resolve("host").resolve("logs").resolve("neo4j.log")).contains("graphperf gateway listening on wss://127.0.0.1:" + uri.getPort()));
        }
    }

    /** Prints what the host's logs say about the gateway. */
    static void dumpGatewayLines(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".log")).toList()) {
                for (String l : Files.readAllLines(f)) {
                    if (l.contains("gateway") || l.contains("Gateway") || l.contains("Caused") || l.contains("wstx") || l.contains("ssl") || l.startsWith("\t")) System.out.println(f.getFileName() + ": " + l);
                }
            }
        }
    }
}
