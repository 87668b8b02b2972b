import com.arcadedb.Constants;
import com.arcadedb.database.Database;
import com.arcadedb.database.DatabaseFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * ArcadeDB alone (no graphperf class): THREADS threads for 5 s, each transaction creating PER vertices of one type, retried by
 * ArcadeDB's own db.transaction(..., retries) on a conflict; then every acknowledged id is looked for in a scan of the type.
 * Usage: ArcadeDbScanMisses PER THREADS BUCKETS round-robin|thread
 */
public class ArcadeDbScanMisses {
    public static void main(String[] a) throws Exception {
        int per = Integer.parseInt(a[0]), threads = Integer.parseInt(a[1]), buckets = Integer.parseInt(a[2]);
        Path dir = Files.createTempDirectory("arcadedb-scan-misses");
        Database db = new DatabaseFactory(dir.resolve("db").toString()).create();
        try {
            db.transaction(() -> db.getSchema().createVertexType("User", buckets).createProperty("user_id", Long.class));
            if (a[3].equals("thread")) db.command("sql", "ALTER TYPE User BucketSelectionStrategy `thread`");
            List<Long> acknowledged = Collections.synchronizedList(new ArrayList<>());
            AtomicLong failed = new AtomicLong();
            long end = System.currentTimeMillis() + 5000;
            List<Thread> writers = new ArrayList<>();
            for (int c = 0; c < threads; c++) {
                long client = c;
                Thread t = new Thread(() -> {
                    for (long seq = 0; System.currentTimeMillis() < end; seq++) {
                        long first = (client << 40) + seq * per;
                        try {
                            db.transaction(() -> {
                                for (int i = 0; i < per; i++) db.newVertex("User").set("user_id", first + i).save();
                            }, false, 50);
                            for (int i = 0; i < per; i++) acknowledged.add(first + i);
                        } catch (RuntimeException e) {
                            failed.incrementAndGet();
                        }
                    }
                });
                writers.add(t);
                t.start();
            }
            for (Thread t : writers) t.join();
            Set<Long> scanned = new HashSet<>();
            db.transaction(() -> db.iterateType("User", true).forEachRemaining(r -> scanned.add(r.asVertex().getLong("user_id"))));
            long missing = acknowledged.stream().filter(id -> !scanned.contains(id)).count();
            System.out.printf("ArcadeDB %s, %d threads, %d vertices a transaction, %d buckets %s: %d acknowledged, %d transactions failed;"
                            + " countType %d, scan %d, acknowledged missing from the scan %d%n", Constants.getRawVersion(), threads, per, buckets, a[3],
                    acknowledged.size(), failed.get(), db.countType("User", true), scanned.size(), missing);
        } finally {
            db.drop();
        }
    }
}
