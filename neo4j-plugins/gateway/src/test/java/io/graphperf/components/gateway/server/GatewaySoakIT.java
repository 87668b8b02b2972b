package io.graphperf.components.gateway.server;

import io.graphperf.components.gateway.protocol.Compression;
import io.graphperf.components.gateway.protocol.Envelope;
import io.graphperf.components.gateway.protocol.Format;
import io.graphperf.components.gateway.protocol.Messages;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A soak: for {@link #SECONDS} s (30 in {@code mvn verify}; the soak tier, bench/gateway-hostile.sh, runs 90 or what
 * {@code -Dgraphperf.soak.seconds} says), hostile clients of every kind at once — clients that never read their big results, a client that
 * reads one message a second, decompression bombs and wrong lengths, half WebSocket frames, clients that disconnect in the middle of a
 * slow query, idle sockets — beside a well-behaved client sending RETURN 1 every 20 ms. The server must stay up, its live heap under
 * the bound of {@link GatewayHostileIT}, every one of the good client's requests answered without an error, and no transaction of a
 * client that went away left running. Seeded: the hostile clients' choices replay.
 */
class GatewaySoakIT {

    static final int SECONDS = Integer.getInteger("graphperf.soak.seconds", 30);

    @Test
    void hostileClientsOfEveryKindBesideAGoodOne(@TempDir Path dir) throws Exception {
        try (EmbeddedGateway server = EmbeddedGateway.start(dir, Map.of("hello_timeout", "3s"), Map.of());
             JdkGatewayClient good = JdkGatewayClient.connect(server.uri(), Format.BSON, Compression.NONE)) {
            URI uri = server.uri();
            AtomicBoolean running = new AtomicBoolean(true);
            List<Throwable> harnessErrors = new CopyOnWriteArrayList<>();
            AtomicLong hostile = new AtomicLong();
            List<Thread> threads = new ArrayList<>();
            threads.add(every("never-reading", 10_000, running, harnessErrors, new Hostile() {
                final List<WebSocket> open = new ArrayList<>();

                public void once(Random r) throws Exception {
                    if (open.size() >= 3) open.remove(0).abort();
                    WebSocket ws = GatewayHostileIT.neverReading(uri, Format.MSGPACK);
                    open.add(ws);
                    GatewayHostileIT.flood(ws, Format.MSGPACK, GatewayHostileIT.BIG, 100);
                    hostile.incrementAndGet();
                }
            }));
            threads.add(every("slow-reader", 15_000, running, harnessErrors, r -> {
                WebSocket ws = slowReader(uri);
                GatewayHostileIT.flood(ws, Format.MSGPACK, GatewayHostileIT.BIG, 30);
                hostile.incrementAndGet();
            }));
            threads.add(every("bombs", 500, running, harnessErrors, new Hostile() {
                final byte[] bomb = GatewayHostileIT.deflate(new byte[16 << 20]);
                RawSocket raw;

                public void once(Random r) throws Exception {
                    if (raw == null) {
                        raw = RawSocket.open(uri, Format.JSON);
                        raw.send(Map.of(Messages.ID, 1L, Messages.KIND, Messages.HELLO));
                        raw.receive();
                    }
                    raw.sendBytes(r.nextBoolean() ? GatewayHostileIT.envelope(Compression.DEFLATE_BEST, 20, bomb)
                            : GatewayHostileIT.envelope(Compression.LZ4, 1 + r.nextInt(1 << 20), new byte[]{1, 2, 3}));
                    raw.receive();
                    hostile.incrementAndGet();
                }
            }));
            threads.add(every("half-frames", 2_000, running, harnessErrors, r -> {
                Socket sock = new Socket("127.0.0.1", uri.getPort());
                OutputStream out = sock.getOutputStream();
                out.write(GatewayHostileIT.upgrade("/graphperf", Format.JSON.subprotocol).getBytes(StandardCharsets.ISO_8859_1));
                // a masked binary frame announcing 100,000 bytes, of which 10 come
                out.write(new byte[]{(byte) 0x82, (byte) (0x80 | 127), 0, 0, 0, 0, 0, 1, (byte) 0x86, (byte) 0xA0, 1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
                out.flush();
                hostile.incrementAndGet();
            }));
            threads.add(every("disconnect-mid-query", 2_000, running, harnessErrors, r -> {
                RawSocket raw = RawSocket.open(uri, Format.MSGPACK);
                raw.send(Map.of(Messages.ID, 1L, Messages.KIND, Messages.HELLO));
                raw.receive();
                raw.send(Map.of(Messages.ID, 2L, Messages.KIND, Messages.CYPHER, Messages.STATEMENT,
                        "UNWIND range(1, 200000000) AS soak_x RETURN count(soak_x)"));
                Thread.sleep(50 + r.nextInt(300));
                raw.close();
                hostile.incrementAndGet();
            }));
            List<Socket> idle = new ArrayList<>();
            threads.add(every("idle-sockets", 1_000, running, harnessErrors, r -> {
                idle.removeIf(Socket::isClosed);
                while (idle.size() < 50) idle.add(new Socket("127.0.0.1", uri.getPort()));
                hostile.incrementAndGet();
            }));

            GatewayHostileIT.HeapWatch heap = GatewayHostileIT.HeapWatch.start(ProcessHandle.current().pid());
            Histogram latency = new Histogram(3);
            long served = 0, end = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
            while (System.nanoTime() < end) {
                long t0 = System.nanoTime();
                assertEquals(List.of(List.of(1L)), good.cypher("RETURN 1", Map.of()).rows(), "the good client is served");
                latency.recordValue((System.nanoTime() - t0) / 1000);
                served++;
                Thread.sleep(20);
            }
            running.set(false);
            for (Thread t : threads) t.join(60_000);
            double max = heap.stop();
            for (Socket sock : idle) sock.close();
            System.out.printf("gateway soak: %d s, %d hostile actions, good client %d requests, p50 %.2f / p99 %.2f / max %.2f ms; live heap at most %.0f MiB"
                            + " (bound %d)%n", SECONDS, hostile.get(), served, latency.getValueAtPercentile(50) / 1e3, latency.getValueAtPercentile(99) / 1e3,
                    latency.getMaxValue() / 1e3, max, GatewayHostileIT.HEAP_BOUND_MIB);
            assertEquals(List.of(), harnessErrors, "the hostile clients themselves ran");
            assertTrue(hostile.get() > 100, "hostile actions: " + hostile.get());
            assertTrue(server.isAlive(), "the server is up");
            assertTrue(max <= GatewayHostileIT.HEAP_BOUND_MIB, "live heap " + max + " MiB, bound " + GatewayHostileIT.HEAP_BOUND_MIB);
            GatewayHostileIT.assertNoTransactionLeft(server, "soak_x");
            assertEquals(List.of(List.of(1L)), good.cypher("RETURN 1", Map.of()).rows());
        }
    }

    /** One hostile action, repeated. */
    interface Hostile {
        void once(Random r) throws Exception;
    }

    /** Repeats an action every {@code everyMs} ms until the soak ends; an exception of the harness itself is kept (the server's refusals are not). */
    private static Thread every(String name, long everyMs, AtomicBoolean running, List<Throwable> errors, Hostile h) {
        Thread t = new Thread(() -> {
            Random r = new Random(name.hashCode());
            while (running.get()) {
                try {
                    h.once(r);
                } catch (java.io.IOException | java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException | AssertionError e) {
                    // the server refused or closed this hostile client: what it is for
                } catch (InterruptedException e) {
                    return;
                } catch (Exception e) {
                    errors.add(e);
                }
                try {
                    Thread.sleep(everyMs);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "soak-" + name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** A logged-in client that reads one message a second. */
    private static WebSocket slowReader(URI uri) throws Exception {
        WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder().subprotocols(Format.MSGPACK.subprotocol).buildAsync(uri, new WebSocket.Listener() {
            @Override
            public void onOpen(WebSocket w) {
                w.request(1);
            }

            @Override
            public CompletionStage<?> onBinary(WebSocket w, ByteBuffer data, boolean last) {
                Thread t = new Thread(() -> {
                    try {
                        Thread.sleep(1000);
                    } catch (InterruptedException e) {
                        return;
                    }
                    w.request(1);
                });
                t.setDaemon(true);
                t.start();
                return null;
            }
        }).get(60, TimeUnit.SECONDS);
        ws.sendBinary(ByteBuffer.wrap(Envelope.encode(Map.of(Messages.ID, 0L, Messages.KIND, Messages.HELLO), Format.MSGPACK, Compression.NONE, 0).bytes()),
                true).get(60, TimeUnit.SECONDS);
        return ws;
    }
}
