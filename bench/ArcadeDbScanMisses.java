import com.arcadedb.Constants;
import com.arcadedb.database.Database;
import com.arcadedb.database.DatabaseFactory;
import com.arcadedb.database.RID;
import com.arcadedb.database.Record;
import com.arcadedb.graph.MutableVertex;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * ArcadeDB alone (no graphperf class): THREADS threads for 5 s, each transaction creating PER vertices of one type, retried by
 * ArcadeDB's own db.transaction(..., retries) on a conflict. Each vertex's record id (RID) is kept as it is saved, and kept as
 * acknowledged only once its transaction has committed (the RID a retried transaction gives last). Then three checks of every
 * acknowledged vertex, each independent of countType (a counter that equals what was committed, so it proves nothing):
 * a scan of the type, a lookup of each RID (the vertex there must carry its user_id), and both again after the database is
 * closed and opened anew. ArcadeDB's own warnings and errors go to stderr, which the bench script keeps.
 * Usage: ArcadeDbScanMisses PER THREADS BUCKETS round-robin|thread
 */
public class ArcadeDbScanMisses {
    public static void main(String[] a) throws Exception {
        int per = Integer.parseInt(a[0]), threads = Integer.parseInt(a[1]), buckets = Integer.parseInt(a[2]);
        Path dir = Files.createTempDirectory("arcadedb-scan-misses");
        DatabaseFactory factory = new DatabaseFactory(dir.resolve("db").toString());
        Database db = factory.create();
        Database[] current = {db}; // the database to drop at the end: the first, or the one opened anew
        Map<Long, RID> acknowledged = new ConcurrentHashMap<>();
        AtomicLong failed = new AtomicLong();
        try {
            db.transaction(() -> db.getSchema().createVertexType("User", buckets).createProperty("user_id", Long.class));
            if (a[3].equals("thread")) db.command("sql", "ALTER TYPE User BucketSelectionStrategy `thread`");
            long end = System.currentTimeMillis() + 5000;
            List<Thread> writers = new ArrayList<>();
            for (int c = 0; c < threads; c++) {
                long client = c;
                Thread t = new Thread(() -> {
                    for (long seq = 0; System.currentTimeMillis() < end; seq++) {
                        long first = (client << 40) + seq * per;
                        List<RID> rids = new ArrayList<>(per);
                        try {
                            db.transaction(() -> {
                                rids.clear(); // a retried transaction saves anew
                                for (int i = 0; i < per; i++) {
                                    MutableVertex v = db.newVertex("User").set("user_id", first + i);
                                    v.save();
                                    rids.add(v.getIdentity());
                                }
                            }, false, 50);
                            for (int i = 0; i < per; i++) acknowledged.put(first + i, rids.get(i));
                        } catch (RuntimeException e) {
                            failed.incrementAndGet();
                        }
                    }
                });
                writers.add(t);
                t.start();
            }
            for (Thread t : writers) t.join();
            String open = check(db, acknowledged);
            long counted = db.countType("User", true);
            db.close();
            current[0] = factory.open();
            String reopened = check(current[0], acknowledged);
            System.out.printf("ArcadeDB %s, %d threads, %d vertices a transaction, %d buckets %s: %d acknowledged, %d transactions failed, countType %d;"
                            + " open: %s; reopened: %s%n", Constants.getRawVersion(), threads, per, buckets, a[3], acknowledged.size(), failed.get(), counted,
                    open, reopened);
        } finally {
            current[0].drop();
            Files.deleteIfExists(dir); // drop() removes the database's folder, not the temporary folder holding it
        }
    }

    /** The scan's and the lookups' findings: acknowledged ids missing from the scan, RIDs that hold no vertex or another id. */
    private static String check(Database db, Map<Long, RID> acknowledged) {
        Set<Long> scanned = Collections.synchronizedSet(new HashSet<>());
        db.transaction(() -> db.iterateType("User", true).forEachRemaining(r -> scanned.add(r.asVertex().getLong("user_id"))));
        long missingFromScan = acknowledged.keySet().stream().filter(id -> !scanned.contains(id)).count();
        long[] lookup = {0, 0};
        db.transaction(() -> acknowledged.forEach((id, rid) -> {
            try {
                Record r = db.lookupByRID(rid, true);
                Long found = r == null ? null : r.asVertex().getLong("user_id");
                if (found == null) lookup[0]++;
                else if (found.longValue() != id) lookup[1]++;
            } catch (RuntimeException e) {
                lookup[0]++;
            }
        }));
        return String.format("scan %d, acknowledged missing from the scan %d, RIDs not found %d, RIDs holding another id %d", scanned.size(),
                missingFromScan, lookup[0], lookup[1]);
    }
}
