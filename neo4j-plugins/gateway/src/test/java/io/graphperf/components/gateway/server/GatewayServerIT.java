package io.graphperf.components.gateway.server;

import io.graphperf.components.gateway.protocol.Compression;
import io.graphperf.components.gateway.protocol.Format;
import io.graphperf.components.gateway.protocol.Messages;
import io.graphperf.components.gateway.server.JdkGatewayClient.Refused;
import io.graphperf.components.gateway.server.JdkGatewayClient.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gateway server in a Neo4j, as the server loads it (an extension found on the classpath, its settings in graphperf.conf):
 * every format with every compression returns the rows Cypher returns; many requests in flight on one connection come back
 * matched by id; stored procedures run by name; malformed, unknown and oversized messages get an error while the connection
 * stays usable; logins and the procedures-only mode refuse what they should; submits reach the batch writer, each applied once;
 * with a certificate only TLS is spoken. The client is the JDK's WebSocket speaking the protocol's envelope.
 */
class GatewayServerIT {

    @Test
    void formatsCompressionsAndValues(@TempDir Path dir) throws Exception {
        try (EmbeddedGateway g = EmbeddedGateway.start(dir, Map.of(), Map.of())) {
            g.db().executeTransactionally("UNWIND range(1, 300) AS i CREATE (:Item {i: i, name: 'item number ' + i})");
            g.db().executeTransactionally("CREATE (:P {x: 1, at: point({x: 1.5, y: 2.5}), d: date('2020-01-02')})-[:R {w: 2}]->(:Q)");
            for (Format f : Format.values()) {
                for (Compression c : Compression.values()) {
                    try (JdkGatewayClient client = JdkGatewayClient.connect(g.uri(), f, c)) {
                        Reply r = client.cypher("MATCH (n:Item) RETURN n.i AS i, n.name AS name ORDER BY i", Map.of());
                        assertEquals(300, r.rows().size(), f + " " + c);
                        assertEquals(List.of(300L, "item number 300"), r.rows().get(299), f + " " + c);
                        assertTrue(r.server(Messages.EXEC_NANOS) > 0 && r.server(Messages.QUEUE_NANOS) >= 0, "the server reports its time");
                        if (c == Compression.NONE) assertEquals(r.bytes(), r.uncompressedBytes() + 1, f + ": one header byte");
                        else assertTrue(r.bytes() < r.uncompressedBytes() / 2, f + " " + c + " compresses: " + r.bytes() + " of " + r.uncompressedBytes());
                        Reply p = client.cypher("RETURN $x AS x, $l AS l, $m AS m", Map.of("x", 1.5, "l", List.of(1L, 2L), "m", Map.of("k", "v")));
                        assertEquals(List.of(List.of(1.5, List.of(1L, 2L), Map.of("k", "v"))), p.rows(), f + ": parameters and values round-trip");
                        entitiesPathsPointsAndDates(client, f);
                    }
                }
            }
        }
    }

    /** Entities, paths, points and temporal values, written from Cypher's own values. */
    private static void entitiesPathsPointsAndDates(JdkGatewayClient client, Format f) throws Exception {
        List<Object> e = client.cypher("MATCH path = (a:P)-[r:R]->(b:Q) RETURN a, r, path, elementId(a) AS ai, elementId(b) AS bi", Map.of()).rows().get(0);
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

    @Test
    void pipeliningProceduresAndBadMessages(@TempDir Path dir) throws Exception {
        try (EmbeddedGateway g = EmbeddedGateway.start(dir, Map.of("max_message_bytes", "65536"), Map.of())) {
            g.db().executeTransactionally("UNWIND range(1, 300) AS i CREATE (:Item {i: i})");
            try (JdkGatewayClient client = JdkGatewayClient.connect(g.uri(), Format.BSON, Compression.LZ4)) {
                // 200 requests in flight on one connection: each answer is its own request's
                List<CompletableFuture<Reply>> futures = new ArrayList<>();
                for (long i = 1; i <= 200; i++) {
                    futures.add(client.send(Map.of(Messages.KIND, Messages.CYPHER, Messages.STATEMENT, "MATCH (n:Item {i: $i}) RETURN n.i",
                            Messages.PARAMS, Map.of("i", i))));
                }
                for (int i = 0; i < 200; i++) assertEquals(List.of(List.of(i + 1L)), JdkGatewayClient.answer(futures.get(i)).rows());
                // a named procedure without Cypher, an unknown one, one without its argument, a failing statement
                assertEquals(List.of(List.of(51L)), client.procedure("test.items", Map.of("min", 250L)).rows(), "Items 250..300");
                assertEquals(Messages.UNKNOWN_PROCEDURE, assertThrows(Refused.class, () -> client.procedure("graphperf.nope", Map.of())).code);
                Refused missing = assertThrows(Refused.class, () -> client.procedure("test.items", Map.of()));
                assertTrue(missing.getMessage().contains("needs the argument 'min'"), missing.getMessage());
                assertEquals("Neo.ClientError.Statement.SyntaxError", assertThrows(Refused.class, () -> client.cypher("MATCH (n RETURN n", Map.of())).code);
                assertEquals(List.of(List.of(300L)), client.cypher("MATCH (n:Item) RETURN count(n)", Map.of()).rows(), "the connection is still usable");
            }
            badMessages(g.uri());
        }
    }

    /** Raw messages from the JDK's WebSocket: each answered with its error, the connection usable after them all. */
    private static void badMessages(URI uri) throws Exception {
        try (RawSocket raw = RawSocket.open(uri, Format.MSGPACK)) {
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
        try (RawSocket raw = RawSocket.open(uri, Format.JSON)) {
            raw.send(Map.of(Messages.ID, 1L, Messages.KIND, Messages.CYPHER, Messages.STATEMENT, "RETURN 1"));
            assertEquals(Messages.UNAUTHORIZED, code(raw.receive()), "no request before hello");
        }
    }

    @Test
    void loginsAndProceduresOnly(@TempDir Path dir) throws Exception {
        try (EmbeddedGateway g = EmbeddedGateway.start(dir, Map.of("token", "s3cret-token", "procedures_only", "true"),
                Map.of("dbms.security.auth_enabled", "true"))) {
            assertEquals(Messages.UNAUTHORIZED, assertThrows(Refused.class,
                    () -> JdkGatewayClient.connect(g.uri(), Format.JSON, Compression.NONE, Map.of(Messages.TOKEN, "guess"), null)).code);
            Refused wrongPassword = assertThrows(Refused.class, () -> JdkGatewayClient.connect(g.uri(), Format.JSON, Compression.NONE,
                    Map.of(Messages.USER, "neo4j", Messages.PASSWORD, "wrong"), null));
            assertTrue(wrongPassword.getMessage().contains("wrong user or password"), wrongPassword.getMessage());
            try (JdkGatewayClient client = JdkGatewayClient.connect(g.uri(), Format.JSON, Compression.NONE, Map.of(Messages.TOKEN, "s3cret-token"), null)) {
                assertEquals(Messages.FORBIDDEN, assertThrows(Refused.class, () -> client.cypher("MATCH (n) DETACH DELETE n", Map.of())).code);
                assertEquals(List.of(List.of(0L)), client.procedure("test.items", Map.of("min", 1L)).rows(), "named procedures still run");
            }
            assertTrue(g.log().contains("graphperf gateway listening on ws://127.0.0.1:" + g.uri().getPort()),
                    "the gateway says where it listens in Neo4j's log: " + g.log());
        }
    }

    /**
     * Submits to the batch writer: many in flight on one connection, acknowledged by id in any order, each applied exactly once; a
     * multi-write message answers per write (a bad one alone fails); applied acknowledgements; refusals.
     */
    @Test
    void submitsToTheBatchWriter(@TempDir Path dir) throws Exception {
        try (EmbeddedGateway g = EmbeddedGateway.start(dir, Map.of(), Map.of());
             JdkGatewayClient client = JdkGatewayClient.connect(g.uri(), Format.BSON, Compression.NONE)) {
            List<CompletableFuture<Reply>> inFlight = new ArrayList<>();
            for (long i = 0; i < 2000; i++) inFlight.add(client.submitAsync("CREATE (:Sub {i: $i})", Map.of("i", i), "durable"));
            Set<Long> sequences = new HashSet<>();
            for (CompletableFuture<Reply> f : inFlight) {
                Reply r = JdkGatewayClient.answer(f);
                assertEquals("durable", r.message().get(Messages.ACK));
                sequences.add(((Number) r.message().get(Messages.SEQUENCE)).longValue());
            }
            assertEquals(2000, sequences.size(), "every submit has its own sequence in the log");
            assertEquals("applied", client.submit("CREATE (:Sub {i: $i})", Map.of("i", 2000L), "applied").message().get(Messages.ACK));
            g.awaitApplied();
            assertEquals(2001, g.count("MATCH (n:Sub) RETURN count(DISTINCT n.i)"), "each write applied");
            assertEquals(2001, g.count("MATCH (n:Sub) RETURN count(n)"), "… exactly once");

            List<Map<String, Object>> acks = client.submitAll(List.of(Map.of(Messages.STATEMENT, "CREATE (:Many {i: $i})", Messages.PARAMS, Map.of("i", 1L)),
                    Map.of(Messages.PARAMS, Map.of("i", 2L)),
                    Map.of(Messages.STATEMENT, "CREATE (:Many {i: $i})", Messages.PARAMS, Map.of("i", 3L))), "durable").acks();
            assertEquals(3, acks.size());
            assertTrue(acks.get(0).get(Messages.SEQUENCE) instanceof Number && acks.get(2).get(Messages.SEQUENCE) instanceof Number, acks.toString());
            assertTrue(String.valueOf(acks.get(1)).contains(Messages.INVALID), "the write without a statement alone fails: " + acks);
            g.awaitApplied();
            assertEquals(2, g.count("MATCH (n:Many) RETURN count(n)"));

            // the compact form: every write logged is answered with the first sequence alone; a row of the wrong length fails alone
            Map<String, Object> all = client.call(Map.of(Messages.KIND, Messages.SUBMIT, Messages.STATEMENT, "CREATE (:Rows {i: $i})",
                    Messages.COLUMNS, List.of("i"), Messages.ROWS, List.of(List.of(1L), List.of(2L), List.of(3L)), Messages.ACK, "applied")).message();
            long first = ((Number) all.get(Messages.FIRST_SEQUENCE)).longValue();
            assertEquals(null, all.get(Messages.SEQUENCES), all.toString());
            Map<String, Object> some = client.call(Map.of(Messages.KIND, Messages.SUBMIT, Messages.STATEMENT, "CREATE (:Rows {i: $i})",
                    Messages.COLUMNS, List.of("i"), Messages.ROWS, List.of(List.of(4L), List.of(5L, 6L), List.of(7L)), Messages.ACK, "durable")).message();
            assertEquals(List.of(first + 3, -1L, first + 4), some.get(Messages.SEQUENCES), some.toString());
            assertTrue(String.valueOf(some.get(Messages.ERRORS)).contains(Messages.INVALID) && some.get(Messages.FIRST_SEQUENCE) == null, some.toString());
            g.awaitApplied();
            assertEquals(List.of(List.of(List.of(1L, 2L, 3L, 4L, 7L))), client.cypher("MATCH (n:Rows) WITH n ORDER BY n.i RETURN collect(n.i) AS i", Map.of()).rows(),
                    "the acknowledged rows applied once each, the bad one not at all");

            // column by column: one list a parameter, each with every write's value; lists of unequal length refuse the submit whole
            Map<String, Object> byColumn = client.call(Map.of(Messages.KIND, Messages.SUBMIT, Messages.STATEMENT, "CREATE (:Cols {i: $i, name: $name})",
                    Messages.COLUMNS, List.of("i", "name"), Messages.COLUMNAR, List.of(List.of(1L, 2L, 3L), java.util.Arrays.asList("a", null, "c")),
                    Messages.ACK, "applied")).message();
            assertTrue(byColumn.get(Messages.FIRST_SEQUENCE) instanceof Number, byColumn.toString());
            assertEquals(List.of(List.of(1L, "a"), java.util.Arrays.asList(2L, null), List.of(3L, "c")),
                    client.cypher("MATCH (n:Cols) RETURN n.i, n.name ORDER BY n.i", Map.of()).rows());
            Refused uneven = assertThrows(Refused.class, () -> client.call(Map.of(Messages.KIND, Messages.SUBMIT, Messages.STATEMENT, "CREATE (:Cols {i: $i, name: $name})",
                    Messages.COLUMNS, List.of("i", "name"), Messages.COLUMNAR, List.of(List.of(4L, 5L), List.of("d")), Messages.ACK, "durable")));
            assertEquals(Messages.INVALID, uneven.code, uneven.getMessage());
            Refused twice = assertThrows(Refused.class, () -> client.call(Map.of(Messages.KIND, Messages.SUBMIT, Messages.STATEMENT, "CREATE (:Rows {i: $i})",
                    Messages.COLUMNS, List.of("i", "i"), Messages.ROWS, List.of(List.of(8L, 9L)), Messages.ACK, "durable")));
            assertEquals(Messages.INVALID, twice.code, "a parameter named twice: the submit is refused whole");
            assertEquals(Messages.INVALID, assertThrows(Refused.class, () -> client.submit(" ", Map.of(), "durable")).code);
            assertEquals(Messages.INVALID, assertThrows(Refused.class, () -> client.submit("CREATE ()", Map.of(), "eventually")).code);
            assertEquals(List.of(List.of(1L)), client.cypher("RETURN 1", Map.of()).rows(), "the connection stays usable");
        }
    }

    /** With a certificate and key the gateway speaks wss:// only: a client trusting the certificate works, others are refused. */
    @Test
    void tlsWhenGivenACertificate(@TempDir Path dir) throws Exception {
        SelfSignedCertificate tls = SelfSignedCertificate.make(dir);
        Path cert = tls.certificate(), key = tls.key();
        try (EmbeddedGateway g = EmbeddedGateway.start(dir.resolve("neo4j"), Map.of("tls_certificate", cert.toString(), "tls_key", key.toString()), Map.of())) {
            URI uri = g.uri();
            try (JdkGatewayClient client = JdkGatewayClient.connect(uri, Format.BSON, Compression.ZSTD, Map.of(), JdkGatewayClient.trusting(cert))) {
                assertEquals(List.of(List.of(1L)), client.cypher("RETURN 1", Map.of()).rows(), "a query over TLS");
            }
            assertThrows(Exception.class, () -> JdkGatewayClient.connect(uri, Format.BSON, Compression.NONE, Map.of(), null),
                    "the JDK does not trust a self-signed certificate");
            URI plain = URI.create("ws://" + uri.getHost() + ":" + uri.getPort() + uri.getPath());
            assertThrows(Exception.class, () -> JdkGatewayClient.connect(plain, Format.JSON, Compression.NONE), "no plain WebSocket on a TLS port");
            try (JdkGatewayClient again = JdkGatewayClient.connect(uri, Format.JSON, Compression.NONE, Map.of(), JdkGatewayClient.trusting(cert))) {
                assertEquals(List.of(List.of(2L)), again.cypher("RETURN 2", Map.of()).rows(), "refused handshakes leave the gateway serving");
            }
            assertTrue(g.log().contains("graphperf gateway listening on wss://127.0.0.1:" + uri.getPort()), g.log());
        }
    }

    private static String code(Map<String, Object> response) {
        assertNotNull(response.get(Messages.ERROR), "an error response: " + response);
        return String.valueOf(((Map<?, ?>) response.get(Messages.ERROR)).get(Messages.CODE));
    }
}
