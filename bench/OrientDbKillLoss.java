import com.orientechnologies.orient.core.config.OGlobalConfiguration;
import com.orientechnologies.orient.core.db.ODatabaseSession;
import com.orientechnologies.orient.core.db.OrientDB;
import com.orientechnologies.orient.core.db.OrientDBConfig;
import com.orientechnologies.orient.core.metadata.schema.OClass;
import com.orientechnologies.orient.core.metadata.schema.OType;
import com.orientechnologies.orient.core.record.OVertex;
import com.orientechnologies.orient.core.sql.executor.OResultSet;

import java.io.FileOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * OrientDB alone (no graphperf class): is a commit that returned still there after the process is killed with SIGKILL?
 * <p>
 * {@code write DIR ACKS THREADS PER SYNCH [STOP_MS]}: an embedded plocal database in DIR (created when new, class Item with a unique index on
 * its LONG id), THREADS threads each with its own session, each transaction creating PER vertices; once {@code commit()} has returned,
 * the transaction's first id and count are written to ACKS with one write(2) each (so what the kernel holds survives the kill of this
 * process). SYNCH sets tx.commit.synch (OrientDB's "Synchronizes the storage after transaction commit"). Runs until killed; with
 * STOP_MS the writers stop after that many milliseconds and the process idles until killed (the control: nothing in flight).
 * <p>
 * {@code check DIR ACKS}: opens the database again (OrientDB recovers from its write-ahead log, and says so on stderr) and looks for
 * every acknowledged id twice — in a scan of the class, and by the unique index — then prints one line: acknowledged, lost by scan,
 * lost by index, the lost ids' range, and whether any id present was never acknowledged (a commit cut off before it returned).
 */
public class OrientDbKillLoss {

    public static void main(String[] a) throws Exception {
        Path dir = Path.of(a[1]).toAbsolutePath(), acks = Path.of(a[2]);
        if (a[0].equals("write")) write(dir, acks, Integer.parseInt(a[3]), Integer.parseInt(a[4]), Boolean.parseBoolean(a[5]), a.length > 6 ? Long.parseLong(a[6]) : 0);
        else check(dir, acks);
    }

    static void write(Path dir, Path acks, int threads, int per, boolean synch, long stopMs) throws Exception {
        OGlobalConfiguration.TX_COMMIT_SYNCH.setValue(synch);
        Files.createDirectories(dir);
        OrientDB orient = new OrientDB("embedded:" + dir, OrientDBConfig.defaultConfig());
        orient.execute("create database kill plocal users (admin identified by 'admin' role admin)").close();
        try (ODatabaseSession s = orient.open("kill", "admin", "admin")) {
            OClass item = s.createVertexClass("Item");
            item.createProperty("id", OType.LONG);
            item.createIndex("Item.id", OClass.INDEX_TYPE.UNIQUE, "id");
        }
        FileOutputStream out = new FileOutputStream(acks.toFile(), true);
        long stopAt = stopMs > 0 ? System.currentTimeMillis() + stopMs : Long.MAX_VALUE;
        List<Thread> writers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            long client = t;
            Thread w = new Thread(() -> {
                try (ODatabaseSession s = orient.open("kill", "admin", "admin")) {
                    for (long seq = 0; System.currentTimeMillis() < stopAt; seq++) {
                        long first = (client << 32) + seq * per;
                        s.begin();
                        for (int i = 0; i < per; i++) {
                            OVertex v = s.newVertex("Item");
                            v.setProperty("id", first + i);
                            v.save();
                        }
                        s.commit();
                        byte[] line = (first + " " + per + "\n").getBytes(StandardCharsets.US_ASCII);
                        synchronized (out) {
                            out.write(line); // one write(2): in the kernel once it returns
                        }
                    }
                } catch (Exception e) {
                    e.printStackTrace();
                }
            });
            w.start();
            writers.add(w);
        }
        System.out.println("writing: " + threads + " threads, " + per + " per transaction, tx.commit.synch="
                + OGlobalConfiguration.TX_COMMIT_SYNCH.getValueAsBoolean() + ", OrientDB " + com.orientechnologies.orient.core.OConstants.getRawVersion());
        for (Thread w : writers) w.join();
        System.out.println("writers stopped");
        Thread.sleep(Long.MAX_VALUE); // killed here: the database never closed
    }

    static void check(Path dir, Path acks) throws Exception {
        Set<Long> acknowledged = new HashSet<>();
        for (String line : Files.readAllLines(acks)) {
            if (line.isBlank()) continue;
            String[] p = line.trim().split(" ");
            if (p.length != 2) continue; // a line cut by the kill: not acknowledged as a whole
            long first = Long.parseLong(p[0]);
            for (int i = 0; i < Integer.parseInt(p[1]); i++) acknowledged.add(first + i);
        }
        try (OrientDB orient = new OrientDB("embedded:" + dir, OrientDBConfig.defaultConfig());
             ODatabaseSession s = orient.open("kill", "admin", "admin")) {
            Set<Long> scanned = new HashSet<>();
            try (OResultSet r = s.query("SELECT id FROM Item")) {
                while (r.hasNext()) scanned.add(((Number) r.next().getProperty("id")).longValue());
            }
            TreeSet<Long> lostByScan = new TreeSet<>(), lostByIndex = new TreeSet<>();
            for (long id : acknowledged) {
                if (!scanned.contains(id)) lostByScan.add(id);
                try (OResultSet r = s.query("SELECT FROM Item WHERE id = ?", id)) {
                    if (!r.hasNext()) lostByIndex.add(id);
                }
            }
            long unacknowledged = scanned.stream().filter(id -> !acknowledged.contains(id)).count();
            System.out.println("acknowledged " + acknowledged.size() + ", present " + scanned.size() + "; lost by scan " + lostByScan.size()
                    + ", by index " + lostByIndex.size() + (lostByScan.isEmpty() ? "" : " (per client, from the first lost id on: "
                    + tails(lostByScan, acknowledged) + ")") + "; present but never acknowledged: " + unacknowledged);
        }
    }

    /** Per client: its first lost id, how many it lost, and how many it had acknowledged from that id on (equal: it lost a tail). */
    private static String tails(TreeSet<Long> lost, Set<Long> acknowledged) {
        List<String> out = new ArrayList<>();
        for (long client : lost.stream().map(id -> id >> 32).distinct().toList()) {
            long first = lost.ceiling(client << 32);
            long lostHere = lost.subSet(client << 32, (client + 1) << 32).size();
            long ackedFrom = acknowledged.stream().filter(id -> id >> 32 == client && id >= first).count();
            out.add("client " + client + " from #" + (first & 0xffffffffL) + ": " + lostHere + " of the " + ackedFrom + " acknowledged from there");
        }
        return String.join("; ", out);
    }
}
