import io.graphperf.components.batchwriter.BatchWriter;
import io.graphperf.components.batchwriter.neo4j.BatchWriters;
import org.HdrHistogram.Histogram;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The batch writer's own ceiling, without a network protocol in front of it: an embedded Neo4j 5.26 in
 * this JVM with the plugin on the classpath (its extension starts the writer as in a server), and N
 * threads calling the writer's submit directly, each waiting for its acknowledgement. Creates indexed
 * :User nodes, as E4's batch-writer scenarios do; counts the graph at the end.
 * Usage: bench/writer-ceiling.sh [SECONDS] [THREADS,...]   (default 10 s warm-up and 10 s measured; 8,64)
 */
public class WriterCeiling {

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 10;
        String[] threadCounts = (args.length > 1 ? args[1] : "8,64").split(",");
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
            System.out.println("writer: " + writer.config().describe() + "; " + Runtime.getRuntime().availableProcessors() + " cores");
            System.out.printf("%-8s %8s %12s %10s %10s %16s %12s%n", "ack", "threads", "acks/s", "p50 ms", "p99 ms", "rows per batch", "tx p50 ms");
            AtomicLong ids = new AtomicLong();
            for (String t : threadCounts) {
                for (BatchWriter.AckMode ack : BatchWriter.AckMode.values()) {
                    run(writer, ack, Integer.parseInt(t.trim()), seconds, ids, false);
                    run(writer, ack, Integer.parseInt(t.trim()), seconds, ids, true);
                }
            }
            writer.awaitApplied(600_000);
            long inGraph = (Long) db.executeTransactionally("MATCH (u:User) RETURN count(u) AS n", Map.of(), r -> r.next().get("n"));
            System.out.println("acknowledged " + ids.get() + " writes, " + inGraph + " :User nodes in the graph");
        } finally {
            dbms.shutdown();
        }
    }

    static void run(BatchWriter writer, BatchWriter.AckMode ack, int threads, double seconds, AtomicLong ids, boolean measured) throws Exception {
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
                        long id = ids.incrementAndGet();
                        writer.submit("CREATE (:User {user_id: $id})", Map.of("id", id), ack).get();
                        h.recordValue(System.nanoTime() - t0);
                    }
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            }));
        }
        writer.metrics(true);
        long start = System.nanoTime();
        ts.forEach(Thread::start);
        Thread.sleep((long) (seconds * 1000));
        stop.set(true);
        for (Thread t : ts) t.join();
        double elapsed = (System.nanoTime() - start) / 1e9;
        Map<String, Object> m = writer.metrics(false);
        if (!measured) return; // the first pass of each case is warm-up
        Histogram all = new Histogram(60_000_000_000L, 3);
        hs.forEach(all::add);
        System.out.printf("%-8s %8d %12.0f %10.3f %10.3f %16s %12s%n", ack.label(), threads, all.getTotalCount() / elapsed,
                all.getValueAtPercentile(50) / 1e6, all.getValueAtPercentile(99) / 1e6, m.get("batchRowsMean"), m.get("transactionMsP50"));
    }
}
