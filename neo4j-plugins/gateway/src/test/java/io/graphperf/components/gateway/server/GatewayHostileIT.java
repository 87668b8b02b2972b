package io.graphperf.components.gateway.server;

import io.graphperf.components.gateway.protocol.Compression;
import io.graphperf.components.gateway.protocol.Envelope;
import io.graphperf.components.gateway.protocol.Format;
import io.graphperf.components.gateway.protocol.Messages;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gateway against clients that try to take it down, in a Neo4j embedded in the test's JVM (1 GiB heap: failsafe's argLine), its
 * clients the JDK's WebSocket: clients that send big queries and never read a response (one, then twenty at once); sockets that never
 * log in, bytes that are not HTTP, wrong paths and subprotocols; and the one strict reading of every message. After each attack a
 * well-behaved client is served, the JVM's live heap (its live objects, counted by jcmd: the server's and the test's own) stays under
 * {@value #HEAP_BOUND_MIB} MiB, and a client that went away leaves no transaction running. The figures (live heap, the good client's
 * p99 quiet and under attack) are printed: bench/gateway-hostile.sh runs this test for them.
 */
class GatewayHostileIT {

    /**
     * The bound on the JVM's live heap under attack, with its 1 GiB heap: what Neo4j holds at rest (about 65 MiB here) and the
     * gateway's budget for all clients (256 MiB), with room for the values the workers are encoding.
     */
    static final int HEAP_BOUND_MIB = 400;
    static final String BIG = "RETURN range(1, 1000000) AS r";

    @Test
    void clientsThatNeverReadTheirResultsCannotTakeItDown(@TempDir Path dir) throws Exception {
        try (EmbeddedGateway server = EmbeddedGateway.start(dir, Map.of(), Map.of());
             JdkGatewayClient good = JdkGatewayClient.connect(server.uri(), Format.BSON, Compression.NONE)) {
            double baseline = liveHeapMiB(ProcessHandle.current().pid());
            Histogram quiet = served(good, 300);
            for (int attackers : new int[]{1, 20}) {
                List<WebSocket> attack = new ArrayList<>();
                List<Thread> floods = new ArrayList<>();
                for (int a = 0; a < attackers; a++) {
                    WebSocket ws = neverReading(server.uri(), Format.MSGPACK);
                    attack.add(ws);
                    floods.add(flood(ws, Format.MSGPACK, BIG, 400));
                }
                HeapWatch heap = HeapWatch.start(ProcessHandle.current().pid());
                Histogram attacked = served(good, 300);
                double max = heap.stop();
                System.out.printf("gateway under attack: %d client(s) × 400 × %s never reading: live heap %.0f MiB before, at most %.0f MiB during"
                                + " (bound %d); good client RETURN 1 p50 %.2f / p99 %.2f ms quiet, p50 %.2f / p99 %.2f ms under attack (%.1f×)%n",
                        attackers, BIG, baseline, max, HEAP_BOUND_MIB, quiet.getValueAtPercentile(50) / 1e3, quiet.getValueAtPercentile(99) / 1e3,
                        attacked.getValueAtPercentile(50) / 1e3, attacked.getValueAtPercentile(99) / 1e3,
                        (double) attacked.getValueAtPercentile(99) / quiet.getValueAtPercentile(99));
                assertTrue(server.isAlive(), "the server is up");
                assertTrue(max <= HEAP_BOUND_MIB, "live heap " + max + " MiB under " + attackers + " attacker(s), bound " + HEAP_BOUND_MIB + " MiB");
                for (WebSocket ws : attack) ws.abort();
                for (Thread t : floods) t.interrupt();
                assertNoTransactionLeft(server, "range(1, 1000000)");
            }
            assertEquals(List.of(List.of(1L)), good.cypher("RETURN 1", Map.of()).rows(), "the good client's connection outlived the attacks");
        }
    }

    /**
     * Limits before login: sockets that never log in take places from a small budget of their own and are closed at the hello deadline;
     * a connection beyond a limit gets HTTP 503 with the reason; a wrong path 404; not a WebSocket upgrade, an unknown subprotocol or bytes
     * that are not HTTP 400; an upgraded connection that sends no hello is closed with status 1008.
     */
    @Test
    void limitsBeforeLogin(@TempDir Path dir) throws Exception {
        // the hello deadline must outlast opening 260 sockets and one query on a busy machine: before it, the budget is full (503)
        try (EmbeddedGateway server = EmbeddedGateway.start(dir, Map.of("hello_timeout", "15s",
                "max_unauthenticated_connections", "16", "max_connections", "24"), Map.of());
             JdkGatewayClient good = JdkGatewayClient.connect(server.uri(), Format.JSON, Compression.NONE)) {
            int port = server.uri().getPort();
            List<Socket> silent = new ArrayList<>();
            for (int i = 0; i < 260; i++) silent.add(new Socket("127.0.0.1", port));
            assertEquals(List.of(List.of(1L)), good.cypher("RETURN 1", Map.of()).rows(), "a logged-in client is not affected by 260 silent sockets");
            String refused = http(port, upgrade("/graphperf", null));
            assertTrue(refused.startsWith("HTTP/1.1 503") && refused.contains("max_unauthenticated_connections"), refused);
            // at the deadline the silent sockets are closed by the server, and new clients log in again
            for (Socket sock : silent) {
                sock.setSoTimeout(30_000);
                assertEquals(-1, sock.getInputStream().read(), "a silent socket is closed by the gateway");
                sock.close();
            }
            try (JdkGatewayClient again = JdkGatewayClient.connect(server.uri(), Format.JSON, Compression.NONE)) {
                assertEquals(List.of(List.of(1L)), again.cypher("RETURN 1", Map.of()).rows());
            }
            // an upgraded connection without hello: closed with 1008
            CompletableFuture<Integer> closedWith = new CompletableFuture<>();
            HttpClient.newHttpClient().newWebSocketBuilder().subprotocols(Format.JSON.subprotocol).buildAsync(server.uri(), new WebSocket.Listener() {
                @Override
                public CompletionStage<?> onClose(WebSocket ws, int status, String reason) {
                    closedWith.complete(status);
                    return null;
                }
            }).get(60, TimeUnit.SECONDS);
            assertEquals(1008, closedWith.get(30, TimeUnit.SECONDS), "no hello within hello_timeout");
            // a message larger than a hello before login, and one far above max_message_bytes after it: closed with 1009, nothing kept
            assertEquals(1009, closeStatusAfter(server.uri(), false, 100 << 10), "100 KiB before login");
            // ten times: the client is still sending when the gateway closes, so a reset instead of the Close frame would show here
            for (int i = 0; i < 10; i++) {
                assertEquals(1009, closeStatusAfter(server.uri(), true, 8 << 20), "8 MiB after login (max_message_bytes 4 MiB), time " + (i + 1));
            }
            // wrong path, not an upgrade, unknown subprotocol, bytes that are not HTTP
            String wrongPath = http(port, upgrade("/nope", null));
            assertTrue(wrongPath.startsWith("HTTP/1.1 404") && wrongPath.contains("/graphperf"), wrongPath);
            String plain = http(port, "GET /graphperf HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            assertTrue(plain.startsWith("HTTP/1.1 400") && plain.contains("Upgrade: websocket"), plain);
            String xml = http(port, upgrade("/graphperf", "graphperf.xml"));
            assertTrue(xml.startsWith("HTTP/1.1 400") && xml.contains("unknown subprotocol 'graphperf.xml'"), xml);
            String junk = http(port, "\u0016\u0003\u0001 definitely not http\r\n\r\n");
            assertTrue(junk.startsWith("HTTP/1.1 400") && junk.contains("not an HTTP request"), junk);
            ExecutionException e = assertThrows(ExecutionException.class, () -> HttpClient.newHttpClient().newWebSocketBuilder()
                    .subprotocols("graphperf.xml").buildAsync(server.uri(), new WebSocket.Listener() { }).get(60, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof WebSocketHandshakeException h && h.getResponse().statusCode() == 400, String.valueOf(e.getCause()));
            // max_connections: 24 in all; the 25th is refused with 503 and the reason
            List<JdkGatewayClient> many = new ArrayList<>();
            try {
                for (int i = 0; i < 23; i++) many.add(JdkGatewayClient.connect(server.uri(), Format.JSON, Compression.NONE));
                String full = http(port, upgrade("/graphperf", null));
                assertTrue(full.startsWith("HTTP/1.1 503") && full.contains("max_connections"), full);
            } finally {
                for (JdkGatewayClient c : many) c.close();
            }
            assertTrue(server.isAlive());
        }
    }

    /** Opens a connection, logs in or not, sends a message of that many bytes and returns the WebSocket status the server closed with. */
    static int closeStatusAfter(URI uri, boolean login, int bytes) throws Exception {
        CompletableFuture<Integer> closed = new CompletableFuture<>();
        WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder().subprotocols(Format.JSON.subprotocol).buildAsync(uri, new WebSocket.Listener() {
            @Override
            public CompletionStage<?> onClose(WebSocket w, int status, String reason) {
                closed.complete(status);
                return null;
            }
        }).get(60, TimeUnit.SECONDS);
        if (login) {
            ws.sendBinary(ByteBuffer.wrap(Envelope.encode(Map.of(Messages.ID, 1L, Messages.KIND, Messages.HELLO), Format.JSON, Compression.NONE, 0).bytes()), true)
                    .get(60, TimeUnit.SECONDS);
            Thread.sleep(500);
        }
        try {
            ws.sendBinary(ByteBuffer.wrap(new byte[bytes]), true).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            // the server may close while the message is still being sent
        }
        // the Close frame must arrive even when the client is still sending (the gateway lingers instead of resetting the socket)
        int status = closed.get(30, TimeUnit.SECONDS);
        ws.abort();
        return status;
    }

    /** Every message read one strict way: each of the cases answered with its code on a connection that stays open. */
    @Test
    void oneStrictReadingOfEveryMessage(@TempDir Path dir) throws Exception {
        try (EmbeddedGateway server = EmbeddedGateway.start(dir, Map.of("max_result_bytes", "1m",
                "max_connection_bytes", "33m"), Map.of())) {
            URI uri = server.uri();
            for (Format f : Format.values()) {
                try (RawSocket raw = RawSocket.open(uri, f)) {
                    raw.send(Map.of(Messages.ID, 1L, Messages.KIND, Messages.HELLO));
                    Map<String, Object> hello = raw.receive();
                    assertEquals(Messages.HELLO, hello.get(Messages.KIND), f + ": " + hello);
                    assertEquals(1024L * 1024, ((Number) hello.get("maxResultBytes")).longValue());
                    byte[] ping = f.encode(Map.of(Messages.ID, 5L, Messages.KIND, Messages.PING));
                    // a deflate bomb declared as the ping's length, an lz4 block shorter than declared, a negative length
                    byte[] bomb = new byte[64 << 20];
                    System.arraycopy(ping, 0, bomb, 0, ping.length);
                    raw.sendBytes(envelope(Compression.DEFLATE_BEST, ping.length, deflate(bomb)));
                    assertCode(raw.receive(), Messages.MALFORMED, "longer");
                    byte[] lz4 = net.jpountz.lz4.LZ4Factory.fastestInstance().fastCompressor().compress(ping);
                    raw.sendBytes(envelope(Compression.LZ4, ping.length + 100, lz4));
                    assertCode(raw.receive(), Messages.MALFORMED, "declared");
                    raw.sendBytes(envelope(Compression.LZ4, -1, lz4));
                    assertCode(raw.receive(), Messages.MALFORMED, "negative");
                    // nested 10,000 and 3,000 deep: unreadable, the connection stays open
                    for (int depth : new int[]{10_000, 3_000, 65}) {
                        byte[] deep = nestedMessage(f, depth);
                        byte[] message = new byte[deep.length + 1];
                        System.arraycopy(deep, 0, message, 1, deep.length);
                        raw.sendBytes(message);
                        assertCode(raw.receive(), Messages.MALFORMED, "nest");
                    }
                    // ids: only integers; a missing one and a wrong one are Invalid, an unreadable message Malformed
                    raw.send(Map.of(Messages.KIND, Messages.PING));
                    assertCode(raw.receive(), Messages.INVALID, "integer 'id'");
                    raw.send(Map.of(Messages.ID, "x", Messages.KIND, Messages.PING));
                    assertCode(raw.receive(), Messages.INVALID, "must be an integer");
                    raw.send(Map.of(Messages.ID, 1.5, Messages.KIND, Messages.PING));
                    assertCode(raw.receive(), Messages.INVALID, "must be an integer");
                    raw.sendBytes(new byte[]{0, 1, 2, 3});
                    assertCode(raw.receive(), Messages.MALFORMED, "cannot be read");
                    // a second hello is refused and changes nothing; a procedure's unknown argument is refused
                    raw.send(Map.of(Messages.ID, 2L, Messages.KIND, Messages.HELLO, Messages.COMPRESSION, "zstd", Messages.THRESHOLD, 0L));
                    assertCode(raw.receive(), Messages.INVALID, "hello once");
                    raw.send(Map.of(Messages.ID, 3L, Messages.KIND, Messages.PROCEDURE, Messages.NAME, "test.items", Messages.ARGS,
                            Map.of("min", 1L, "extra", 2L)));
                    assertCode(raw.receive(), Messages.INVALID, "takes no argument 'extra'");
                    // a result above max_result_bytes: refused with the setting's name, the connection usable
                    raw.send(Map.of(Messages.ID, 4L, Messages.KIND, Messages.CYPHER, Messages.STATEMENT, "RETURN range(1, 1000000) AS r"));
                    assertCode(raw.receive(), Messages.TOO_LARGE, "max_result_bytes");
                    raw.send(Map.of(Messages.ID, 5L, Messages.KIND, Messages.PING));
                    byte[] answer = raw.receiveBytes();
                    assertEquals(0, answer[0], f + ": the refused second hello left the connection uncompressed");
                    Map<String, Object> pong = Envelope.decode(answer, f, 1 << 20);
                    assertEquals(5L, pong.get(Messages.ID));
                    assertEquals(Messages.PING, pong.get(Messages.KIND), "a ping's answer names its kind");
                }
            }
            // JSON numbers that are not integers as ids, in a text frame
            try (RawSocket raw = RawSocket.open(uri, Format.JSON)) {
                raw.send(Map.of(Messages.ID, 1L, Messages.KIND, Messages.HELLO));
                raw.receive();
                raw.sendBytes(("\0{\"id\": 1e400, \"kind\": \"ping\"}").getBytes(StandardCharsets.UTF_8));
                Map<String, Object> r = raw.receive();
                assertCode(r, Messages.INVALID, "must be an integer");
                assertEquals(null, r.get(Messages.ID), "an id that is not an integer is not echoed");
            }
            // a bad compression name in hello: Invalid, and the connection (not logged in) is closed
            try (RawSocket raw = RawSocket.open(uri, Format.BSON)) {
                raw.send(Map.of(Messages.ID, 1L, Messages.KIND, Messages.HELLO, Messages.COMPRESSION, "brotli"));
                assertCode(raw.receive(), Messages.INVALID, "unknown compression 'brotli'");
            }
            assertTrue(server.isAlive());
        }
    }

    /**
     * {"id": 1, "kind": "ping", "x": [[…]]} nested {@code depth} levels, written with each format's own library, which (unlike graphperf's
     * codecs) has no limit of its own.
     */
    static byte[] nestedMessage(Format f, int depth) throws Exception {
        int lists = depth - 1;
        switch (f) {
            case JSON -> {
                return ("{\"id\": 1, \"kind\": \"ping\", \"x\": " + "[".repeat(lists) + "]".repeat(lists) + "}").getBytes(StandardCharsets.UTF_8);
            }
            case MSGPACK -> {
                try (org.msgpack.core.MessageBufferPacker p = org.msgpack.core.MessagePack.newDefaultBufferPacker()) {
                    p.packMapHeader(3).packString("id").packLong(1).packString("kind").packString("ping").packString("x");
                    for (int i = 0; i < lists - 1; i++) p.packArrayHeader(1);
                    p.packArrayHeader(0);
                    return p.toByteArray();
                }
            }
            default -> {
                org.bson.io.BasicOutputBuffer out = new org.bson.io.BasicOutputBuffer();
                // the library's own depth limit (1024) raised: the point is what the gateway does with deeper
                try (org.bson.BsonBinaryWriter w = new org.bson.BsonBinaryWriter(new org.bson.BsonWriterSettings(depth + 10),
                        new org.bson.BsonBinaryWriterSettings(), out)) {
                    w.writeStartDocument();
                    w.writeInt64("id", 1);
                    w.writeString("kind", "ping");
                    w.writeName("x");
                    for (int i = 0; i < lists; i++) w.writeStartArray();
                    for (int i = 0; i < lists; i++) w.writeEndArray();
                    w.writeEndDocument();
                }
                return out.toByteArray();
            }
        }
    }

    static void assertCode(Map<String, Object> response, String code, String messagePart) {
        Object error = response.get(Messages.ERROR);
        assertNotNull(error, "an error response: " + response);
        assertEquals(code, ((Map<?, ?>) error).get(Messages.CODE), response.toString());
        assertTrue(String.valueOf(((Map<?, ?>) error).get(Messages.MESSAGE)).contains(messagePart), response.toString());
    }

    static byte[] envelope(Compression c, int declared, byte[] packed) {
        return ByteBuffer.allocate(5 + packed.length).put((byte) c.code).putInt(declared).put(packed).array();
    }

    static byte[] deflate(byte[] in) {
        java.util.zip.Deflater d = new java.util.zip.Deflater(9, true);
        d.setInput(in);
        d.finish();
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        while (!d.finished()) out.write(buf, 0, d.deflate(buf));
        d.end();
        return out.toByteArray();
    }

    /** {@code n} RETURN 1 requests one after another; every one must be answered (within 60 s each). */
    static Histogram served(JdkGatewayClient client, int n) throws Exception {
        Histogram h = new Histogram(3);
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            assertEquals(List.of(List.of(1L)), client.cypher("RETURN 1", Map.of()).rows(), "the good client is served");
            h.recordValue((System.nanoTime() - t0) / 1000);
        }
        return h;
    }

    /** A logged-in WebSocket client that never reads: it asks for no message, so the server's responses pile up on its side. */
    static WebSocket neverReading(URI uri, Format f) throws Exception {
        WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder().subprotocols(f.subprotocol).buildAsync(uri, new WebSocket.Listener() {
            @Override
            public void onOpen(WebSocket w) {
                // no request(n): nothing is read
            }
        }).get(60, TimeUnit.SECONDS);
        ws.sendBinary(ByteBuffer.wrap(Envelope.encode(Map.of(Messages.ID, 0L, Messages.KIND, Messages.HELLO), f, Compression.NONE, 0).bytes()), true)
                .get(60, TimeUnit.SECONDS);
        return ws;
    }

    /** Sends {@code n} requests of the statement in the background until the server stops taking them (it stops reading this client). */
    static Thread flood(WebSocket ws, Format f, String statement, int n) {
        Thread t = new Thread(() -> {
            for (long i = 1; i <= n && !Thread.currentThread().isInterrupted(); i++) {
                try {
                    ws.sendBinary(ByteBuffer.wrap(Envelope.encode(Map.of(Messages.ID, i, Messages.KIND, Messages.CYPHER, Messages.STATEMENT, statement), f,
                            Compression.NONE, 0).bytes()), true).get(30, TimeUnit.SECONDS);
                } catch (Exception e) {
                    return; // the server stopped reading, or the socket is gone
                }
            }
        }, "hostile-flood");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Waits (up to 60 s) until no transaction running the statement is left: a client that went away cancels its work. */
    static void assertNoTransactionLeft(EmbeddedGateway server, String statementPart) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        long left;
        do {
            left = server.db().executeTransactionally("SHOW TRANSACTIONS YIELD currentQuery WHERE currentQuery CONTAINS $s RETURN count(*) AS n",
                    Map.of("s", statementPart), r -> ((Number) r.next().get("n")).longValue());
            if (left == 0) return;
            Thread.sleep(500);
        } while (System.nanoTime() < deadline);
        assertEquals(0, left, "transactions of clients that went away still running");
    }

    /**
     * The JVM's live heap in MiB: jcmd GC.class_histogram collects and counts the live objects in one step (its Total line). GC.heap_info's
     * "used" read after a separate GC.run would count the garbage a busy server makes between the two commands.
     */
    static double liveHeapMiB(long pid) throws Exception {
        String histogram = run(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), String.valueOf(pid), "GC.class_histogram");
        Matcher m = Pattern.compile("(?m)^Total\\s+\\d+\\s+(\\d+)\\s*$").matcher(histogram);
        assertTrue(m.find(), "jcmd GC.class_histogram: " + histogram.lines().skip(Math.max(0, histogram.lines().count() - 3)).toList());
        return Long.parseLong(m.group(1)) / (1024.0 * 1024);
    }

    private static String run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        return out;
    }

    /** Samples the live heap in the background; stop() returns the largest sample. */
    static final class HeapWatch {
        private final Thread thread;
        private volatile double max;
        private volatile boolean running = true;

        private HeapWatch(long pid) {
            thread = new Thread(() -> {
                while (running) {
                    try {
                        max = Math.max(max, liveHeapMiB(pid));
                        Thread.sleep(1000);
                    } catch (Exception e) {
                        return;
                    }
                }
            }, "heap-watch");
            thread.setDaemon(true);
        }

        static HeapWatch start(long pid) throws Exception {
            HeapWatch w = new HeapWatch(pid);
            w.thread.start();
            return w;
        }

        double stop() throws Exception {
            running = false;
            thread.join(120_000);
            return max;
        }
    }

    /** An HTTP upgrade request to a path, offering a subprotocol or none. */
    static String upgrade(String path, String subprotocol) {
        return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\n" + (subprotocol == null ? "" : "Sec-WebSocket-Protocol: " + subprotocol + "\r\n") + "\r\n";
    }

    /** Sends raw bytes and reads what comes back until the server closes (or 15 s). */
    static String http(int port, String request) throws Exception {
        try (Socket sock = new Socket("127.0.0.1", port)) {
            sock.setSoTimeout(15_000);
            OutputStream out = sock.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = sock.getInputStream();
            java.io.ByteArrayOutputStream got = new java.io.ByteArrayOutputStream();
            byte[] buf = new byte[4096];
            try {
                for (int n = in.read(buf); n > 0; n = in.read(buf)) got.write(buf, 0, n);
            } catch (java.net.SocketTimeoutException e) {
                // what came so far
            }
            return got.toString(StandardCharsets.ISO_8859_1);
        }
    }
}
