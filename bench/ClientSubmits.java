// graphperf — a performance lab for graph databases. GPL-3.0-or-later.
// The Java gateway client's coalesced submits against a running gateway (bench/client-submits.sh starts one): THREADS threads keep
// IN_FLIGHT submits each in flight for SECONDS, each write a :BenchUser with its own id; a write refused as busy is sent again.
// Then waits for the batch writer to apply everything and checks that every acknowledged id is in the graph exactly once.
// LINGER_MS and BATCH_WRITES (optional) set the client's coalescing (default: the client's, linger 0 and 1,000).
//   java -cp CLI_CLASSPATH bench/ClientSubmits.java URI TOKEN THREADS IN_FLIGHT SECONDS RUN [LINGER_MS BATCH_WRITES]
import io.graphperf.components.gateway.client.GatewayClient;
import io.graphperf.components.gateway.client.Response;
import io.graphperf.components.gateway.protocol.Compression;
import io.graphperf.components.gateway.protocol.Format;
import io.graphperf.components.gateway.protocol.Messages;
import org.HdrHistogram.ConcurrentHistogram;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

public class ClientSubmits {
    static final String CREATE = "CREATE (:BenchUser {id: $id, run: $run})";

    public static void main(String[] a) throws Exception {
        URI uri = URI.create(a[0]);
        int threads = Integer.parseInt(a[2]), inFlight = Integer.parseInt(a[3]);
        long seconds = Long.parseLong(a[4]);
        String run = a[5];
        GatewayClient.Options o = GatewayClient.Options.of(uri, Format.BSON, Compression.NONE).withLogin(null, null, a[1]);
        if (a.length > 7) o = o.withCoalescing(Duration.ofNanos((long) (Double.parseDouble(a[6]) * 1e6)), Integer.parseInt(a[7]));
        AtomicLong acked = new AtomicLong(), busy = new AtomicLong(), failed = new AtomicLong();
        ConcurrentHistogram latency = new ConcurrentHistogram(3);
        try (GatewayClient c = GatewayClient.connect(o)) {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds), t0 = System.nanoTime();
            List<Thread> ts = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                long base = (long) t << 40;
                Thread th = new Thread(() -> {
                    Semaphore window = new Semaphore(inFlight);
                    long n = 0;
                    try {
                        while (System.nanoTime() < end) {
                            window.acquire();
                            send(c, base + n++, run, window, acked, busy, failed, latency);
                        }
                        window.acquire(inFlight); // every submit of this thread answered
                    } catch (Exception e) {
                        failed.incrementAndGet();
                        System.err.println("thread failed: " + e);
                    }
                });
                ts.add(th);
                th.start();
            }
            for (Thread th : ts) th.join();
            double took = (System.nanoTime() - t0) / 1e9;
            Response drained = c.cypher("CALL graphperf.batch.await(300000) YIELD drained RETURN drained", Map.of());
            Response count = c.cypher("MATCH (u:BenchUser {run: $run}) RETURN count(u), count(DISTINCT u.id)", Map.of("run", run));
            List<Object> row = count.rows().get(0);
            long nodes = ((Number) row.get(0)).longValue(), distinct = ((Number) row.get(1)).longValue();
            System.out.printf("java: %d threads x %d in flight, linger %s, batches of %d, %.1f s: %,d acknowledged = %,.0f writes/s, ack p50 %.2f ms p99 %.2f ms, %,d refused as busy"
                            + " (sent again), %d failed; drained %s; in the graph %,d nodes, %,d distinct ids: %s%n", threads, inFlight, o.linger(), o.batchWrites(), took, acked.get(),
                    acked.get() / took, latency.getValueAtPercentile(50) / 1e6, latency.getValueAtPercentile(99) / 1e6, busy.get(), failed.get(),
                    drained.rows().get(0).get(0), nodes, distinct, nodes == acked.get() && distinct == acked.get() ? "every acknowledged id once" : "MISMATCH");
            if (nodes != acked.get() || distinct != acked.get() || failed.get() > 0) System.exit(1);
        }
    }

    static void send(GatewayClient c, long id, String run, Semaphore window, AtomicLong acked, AtomicLong busy, AtomicLong failed,
                     ConcurrentHistogram latency) throws InterruptedException {
        long t = System.nanoTime();
        CompletableFuture<Response> f = c.submitAsync(CREATE, Map.of("id", id, "run", run), "durable");
        f.whenComplete((r, err) -> {
            if (err == null && r.error() == null) {
                latency.recordValue(System.nanoTime() - t);
                acked.incrementAndGet();
                window.release();
            } else if (err == null && Messages.BUSY.equals(r.errorCode())) {
                if (busy.incrementAndGet() == 1) System.err.println("first refusal as busy: " + r.error());
                CompletableFuture.delayedExecutor(1, TimeUnit.MILLISECONDS).execute(() -> {
                    try {
                        send(c, id, run, window, acked, busy, failed, latency);
                    } catch (InterruptedException e) {
                        window.release();
                    }
                });
            } else {
                failed.incrementAndGet();
                System.err.println("write " + id + " failed: " + (err != null ? err : r.error()));
                window.release();
            }
        });
    }
}
