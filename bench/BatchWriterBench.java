import io.graphperf.components.batchwriter.BatchWriter;
import io.graphperf.components.batchwriter.DurableLog;
import io.graphperf.components.batchwriter.neo4j.BatchWriters;
import org.HdrHistogram.Histogram;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The batch writer's benchmarks. Each case runs N threads that each wait for their own acknowledgement (as
 * the writer's clients do) and reports acknowledgements per second with their latency.
 *
 * <ul>
 * <li>{@code log SECONDS}: how the log should reach the disk — 100-byte records, fsync after every append,
 *     a file opened with O_DSYNC, group commit back to back and every 1, 2, 5 ms; 8 and 64 threads.</li>
 * <li>{@code ceiling SECONDS THREADS,... [IN_FLIGHT]}: the writer without a protocol in front of it — an embedded
 *     Neo4j in this JVM with the plugin on the classpath (its extension starts the writer as in a server), threads
 *     calling submit directly, creating indexed :User nodes as E4's batch-writer scenarios do; each thread waits
 *     for each acknowledgement, or (IN_FLIGHT &gt; 1) keeps that many submits in flight (an asynchronous caller);
 *     each case is run twice, the first time as warm-up; at the end the writer drains and every acknowledged id
 *     is looked up in the graph (exactly once).</li>
 * </ul>
 * Run through bench/log-choice.sh and bench/writer-ceiling.sh.
 */
public class BatchWriterBench {

    /** One acknowledged operation, performed by a client thread. */
    interface Op {
        void run() throws Exception;
    }

    record Result(double perSecond, double p50Ms, double p99Ms) {
    }

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 3;
        if (args.length > 0 && args[0].equals("ceiling")) {
            ceiling(seconds, (args.length > 2 ? args[2] : "8,64").split(","), args.length > 3 ? Integer.parseInt(args[3]) : 1);
        }
        else logChoice(seconds);
    }

    /** Runs {@code op} from {@code threads} threads for {@code seconds}; every call's latency goes in one histogram. */
    static Result load(int threads, double seconds, Op op) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        List<Histogram> hs = new ArrayList<>();
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Histogram h = new Histogram(60_000_000_000L, 3);
            hs.add(h);
            ts.add(new Thread(() -> {
                try {
                    while (!stop.get()) {
                        long t0 = System.nanoTime();
                        op.run();
                        h.recordValue(System.nanoTime() - t0);
                    }
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            }));
        }
        double elapsed = runFor(ts, seconds, stop);
        Histogram all = new Histogram(60_000_000_000L, 3);
        hs.forEach(all::add);
        return new Result(all.getTotalCount() / elapsed, all.getValueAtPercentile(50) / 1e6, all.getValueAtPercentile(99) / 1e6);
    }

    /** Starts the threads, lets them run for {@code seconds}, stops and joins them; the seconds they ran. */
    static double runFor(List<Thread> ts, double seconds, AtomicBoolean stop) throws InterruptedException {
        long start = System.nanoTime();
        ts.forEach(Thread::start);
        Thread.sleep((long) (seconds * 1000));
        stop.set(true);
        for (Thread t : ts) t.join();
        return (System.nanoTime() - start) / 1e9;
    }

    /** An asynchronous operation: its future completes when it is acknowledged. */
    interface AsyncOp {
        java.util.concurrent.CompletableFuture<?> start() throws Exception;
    }

    /**
     * Runs {@code op} from {@code threads} threads for {@code seconds}, each keeping {@code inFlight} operations
     * started but not yet acknowledged; latency is from start to acknowledgement. A refused start (the writer's
     * queue is full) is counted and retried after 1 ms.
     */
    static Result pipelined(int threads, int inFlight, double seconds, AsyncOp op, AtomicLong refused) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        org.HdrHistogram.ConcurrentHistogram h = new org.HdrHistogram.ConcurrentHistogram(60_000_000_000L, 3);
        AtomicLong failed = new AtomicLong();
        List<Thread> ts = new ArrayList<>();
        List<java.util.concurrent.Semaphore> windows = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            java.util.concurrent.Semaphore window = new java.util.concurrent.Semaphore(inFlight);
            windows.add(window);
            ts.add(new Thread(() -> {
                try {
                    while (!stop.get()) {
                        if (!window.tryAcquire(10, java.util.concurrent.TimeUnit.MILLISECONDS)) continue;
                        long t0 = System.nanoTime();
                        try {
                            op.start().whenComplete((r, err) -> {
                                if (err == null) h.recordValue(System.nanoTime() - t0);
                                else failed.incrementAndGet();
                                window.release();
                            });
                        } catch (io.graphperf.components.batchwriter.BatchWriter.Rejected e) {
                            window.release();
                            refused.incrementAndGet();
                            Thread.sleep(1);
                        }
                    }
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            }));
        }
        double elapsed = runFor(ts, seconds, stop);
        long acked = h.getTotalCount();
        for (java.util.concurrent.Semaphore w : windows) w.acquire(inFlight); // the last acknowledgements, outside the window
        if (failed.get() > 0) throw new IllegalStateException(failed.get() + " submits failed");
        return new Result(acked / elapsed, h.getValueAtPercentile(50) / 1e6, h.getValueAtPercentile(99) / 1e6);
    }

    // ---- log: fsync policy ----

    /** A log under test: append one record and wait until it is durable; how many fsyncs it has done. */
    interface Log extends AutoCloseable {
        void appendAndWait(byte[] record) throws Exception;

        long syncs();
    }

    static void logChoice(double seconds) throws Exception {
        Path dir = Path.of("results", "log-choice");
        Files.createDirectories(dir);
        System.out.printf("%-28s %8s %14s %10s %10s %12s%n", "log", "threads", "acks/s", "p50 ms", "p99 ms", "fsyncs/s");
        byte[] record = new byte[100];
        Map<String, java.util.concurrent.Callable<Log>> cases = new java.util.LinkedHashMap<>();
        cases.put(DurableLog.Sync.PER_WRITE.toString(), () -> durableLog(dir, DurableLog.Sync.PER_WRITE));
        cases.put("O_DSYNC file", () -> dsyncLog(dir));
        for (long ms : new long[]{0, 1, 2, 5}) cases.put(DurableLog.Sync.group(ms).toString(), () -> durableLog(dir, DurableLog.Sync.group(ms)));
        for (int threads : new int[]{8, 64}) {
            for (Map.Entry<String, java.util.concurrent.Callable<Log>> c : cases.entrySet()) {
                try (Log log = c.getValue().call()) {
                    long s0 = log.syncs();
                    Result r = load(threads, seconds, () -> log.appendAndWait(record));
                    System.out.printf("%-28s %8d %14.0f %10.3f %10.3f %12.0f%n", c.getKey(), threads, r.perSecond(), r.p50Ms(), r.p99Ms(),
                            (log.syncs() - s0) / seconds);
                }
            }
        }
    }

    static Log durableLog(Path dir, DurableLog.Sync sync) throws Exception {
        Path f = dir.resolve("bench.log");
        Files.deleteIfExists(f);
        DurableLog log = DurableLog.open(f, sync);
        return new Log() {
            public void appendAndWait(byte[] r) throws Exception { log.append(r).durable().get(); }
            public long syncs() { return log.fsyncs(); }
            public void close() throws Exception { log.close(); }
        };
    }

    static Log dsyncLog(Path dir) throws Exception {
        Path f = dir.resolve("bench-dsync.log");
        Files.deleteIfExists(f);
        FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.DSYNC);
        AtomicLong writes = new AtomicLong();
        return new Log() {
            public synchronized void appendAndWait(byte[] r) throws Exception {
                ByteBuffer b = ByteBuffer.wrap(r);
                while (b.hasRemaining()) ch.write(b);
                writes.incrementAndGet(); // every write is synchronous: one sync each
            }
            public long syncs() { return writes.get(); }
            public void close() throws Exception { ch.close(); }
        };
    }

    // ---- ceiling: the writer in an embedded Neo4j ----

    static void ceiling(double seconds, String[] threadCounts, int inFlight) throws Exception {
        Path home = Files.createTempDirectory("graphperf-writer-ceiling");
        DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home)
                .setConfig(GraphDatabaseSettings.pagecache_memory, 512L << 20)
                .setConfig(GraphDatabaseSettings.preallocate_logical_logs, false)
                .build();
        try {
            GraphDatabaseService db = dbms.database("neo4j");
            db.executeTransactionally("CREATE INDEX user_id IF NOT EXISTS FOR (u:User) ON (u.user_id)");
            db.executeTransactionally("CALL db.awaitIndexes(60)");
            BatchWriter writer = BatchWriters.require("neo4j");
            System.out.println("writer: " + writer.config().describe() + "; " + Runtime.getRuntime().availableProcessors() + " cores; "
                    + (inFlight == 1 ? "each thread waits for its acknowledgement" : inFlight + " submits in flight per thread"));
            System.out.printf("%-8s %8s %10s %12s %10s %10s %16s %12s %10s%n", "ack", "threads", "in flight", "acks/s", "p50 ms", "p99 ms",
                    "rows per batch", "tx p50 ms", "refused");
            AtomicLong ids = new AtomicLong();
            java.util.Set<Long> acked = java.util.concurrent.ConcurrentHashMap.newKeySet();
            for (String t : threadCounts) {
                int threads = Integer.parseInt(t.trim());
                for (BatchWriter.AckMode ack : BatchWriter.AckMode.values()) {
                    AsyncOp submit = () -> {
                        long id = ids.incrementAndGet();
                        return writer.submit("CREATE (:User {user_id: $id})", Map.of("id", id), ack).thenRun(() -> acked.add(id));
                    };
                    AtomicLong refused = new AtomicLong();
                    pipelined(threads, inFlight, seconds, submit, refused); // warm-up
                    writer.awaitApplied(600_000);
                    writer.metrics(true);
                    refused.set(0);
                    Result r = pipelined(threads, inFlight, seconds, submit, refused);
                    Map<String, Object> m = writer.metrics(false);
                    System.out.printf("%-8s %8d %10d %12.0f %10.3f %10.3f %16s %12s %10d%n", ack.label(), threads, inFlight, r.perSecond(), r.p50Ms(),
                            r.p99Ms(), m.get("batchRowsMean"), m.get("transactionMsP50"), refused.get());
                    writer.awaitApplied(600_000);
                }
            }
            writer.awaitApplied(600_000);
            long inGraph = (Long) db.executeTransactionally("MATCH (u:User) RETURN count(u) AS n", Map.of(), r -> r.next().get("n"));
            long distinct = (Long) db.executeTransactionally("MATCH (u:User) RETURN count(DISTINCT u.user_id) AS n", Map.of(), r -> r.next().get("n"));
            long missing = (Long) db.executeTransactionally("UNWIND $ids AS id OPTIONAL MATCH (u:User {user_id: id}) WITH id, u WHERE u IS NULL RETURN count(id) AS n",
                    Map.of("ids", new ArrayList<>(acked)), r -> r.next().get("n"));
            System.out.println("acknowledged " + acked.size() + " writes; " + inGraph + " :User nodes in the graph, " + distinct
                    + " distinct ids, " + missing + " acknowledged ids missing" + (inGraph == distinct && missing == 0 ? ": exactly once" : ": NOT exactly once"));
        } finally {
            dbms.shutdown();
        }
    }
}
