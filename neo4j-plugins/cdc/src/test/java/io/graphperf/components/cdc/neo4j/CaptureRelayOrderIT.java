package io.graphperf.components.cdc.neo4j;

import com.fasterxml.jackson.databind.JsonNode;
import io.graphperf.components.cdc.ChangeEvent;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Transaction;
import org.neo4j.graphdb.event.TransactionData;
import org.neo4j.graphdb.event.TransactionEventListenerAdapter;
import org.neo4j.logging.NullLog;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The real capture and relay on a real (embedded) Neo4j: 16 threads commit small transactions — creations, updates of their own nodes
 * and of one node they all share, deletions — with seeded random pauses before the capture, between the capture and the commit, and
 * after the commit on both sides of the capture's end; some transactions fail after their capture took a number. The relay pauses
 * between its steps and its publisher fails now and then (a restart publishes the outbox again). What it published must be: each
 * position (sequence, index) first published in increasing order; each committed transaction's events 0..n-1 all there; per entity,
 * versions in commit order with none missing; a record published again only as an exact copy; nothing of a failed transaction.
 * The seed is in the test's name and every message: a failure replays its pauses.
 */
class CaptureRelayOrderIT {

    private static final int THREADS = 16, TRANSACTIONS = 250;

    /** A published record as the test saw it. */
    private record Published(String key, long seq, int idx, String value) {
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4})
    void manyCommittersWithPausesPublishInSequenceOrder(long seed, @TempDir Path dir) throws Exception {
        DatabaseManagementService dbms = EmbeddedNeo4j.start(dir);
        OutboxRelay relay = null;
        Thread relayThread = null;
        try {
            GraphDatabaseService db = dbms.database("neo4j");
            CdcMetrics metrics = CdcMetrics.of("order-it-" + seed + "-" + System.nanoTime());
            ThreadLocal<Random> pauses = ThreadLocal.withInitial(() -> new Random(seed * 1_000 + Thread.currentThread().getName().hashCode()));
            Pause before = new Pause(pauses, false), after = new Pause(pauses, true);
            ChangeCapture capture = new ChangeCapture(metrics);
            dbms.registerTransactionEventListener("neo4j", before);
            dbms.registerTransactionEventListener("neo4j", capture);
            dbms.registerTransactionEventListener("neo4j", after);

            List<Published> published = new CopyOnWriteArrayList<>();
            Random relayRandom = new Random(seed);
            AtomicInteger publisherFailures = new AtomicInteger();
            relay = new OutboxRelay(db, capture, metrics, NullLog.getInstance(), () -> new Recorder(published, relayRandom, publisherFailures), 0,
                    "a recorder");
            relay.steps = step -> pause(relayRandom);
            OutboxRelay r = relay;
            relayThread = new Thread(r, "relay-" + seed);
            relayThread.start();
            db.executeTransactionally("CREATE (:Shared {v: 0})");

            AtomicLong committed = new AtomicLong(), failed = new AtomicLong();
            List<Thread> clients = new ArrayList<>();
            List<Throwable> errors = new CopyOnWriteArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int client = t;
                Thread c = new Thread(() -> {
                    Random w = new Random(seed * 7_919 + client);
                    List<String> mine = new ArrayList<>();
                    for (int i = 0; i < TRANSACTIONS; i++) {
                        // idle between transactions, as clients on a schedule are: moments with nothing in flight, where the old rule failed
                        LockSupport.parkNanos(w.nextInt(10_000_000));
                        List<String> created = new ArrayList<>();
                        String deleted = null;
                        try (Transaction tx = db.beginTx()) {
                            int what = w.nextInt(10);
                            if (what < 4 || mine.isEmpty()) {
                                for (int k = 0; k < 1 + w.nextInt(3); k++) {
                                    var n = tx.createNode(org.neo4j.graphdb.Label.label("Thing"));
                                    n.setProperty("owner", client);
                                    n.setProperty("v", 0L);
                                    created.add(n.getElementId());
                                }
                            } else if (what < 8) {
                                var n = tx.getNodeByElementId(mine.get(w.nextInt(mine.size())));
                                n.setProperty("v", (Long) n.getProperty("v") + 1);
                            } else if (what < 9) {
                                var n = tx.findNodes(org.neo4j.graphdb.Label.label("Shared")).next();
                                tx.acquireWriteLock(n); // read and write under the lock: no lost update among 16 writers
                                n.setProperty("v", (Long) n.getProperty("v") + 1);
                            } else {
                                deleted = mine.get(w.nextInt(mine.size()));
                                tx.getNodeByElementId(deleted).delete();
                            }
                            tx.commit();
                            committed.incrementAndGet();
                            mine.addAll(created);
                            if (deleted != null) mine.remove(deleted);
                        } catch (Throwable e) {
                            // a failure after the capture surfaces wrapped; anything else is the test's failure
                            if (causedByInjection(e)) failed.incrementAndGet();
                            else errors.add(e);
                        }
                    }
                }, "client-" + client);
                c.start();
                clients.add(c);
            }
            for (Thread c : clients) c.join();
            assertEquals(List.of(), errors, "seed " + seed);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (metrics.published.get() < metrics.captured.get() && System.nanoTime() < deadline) Thread.sleep(50);
            assertEquals(metrics.captured.get(), metrics.published.get(), "seed " + seed + ": everything captured was published");
            check(seed, published, metrics.captured.get());
            assertTrue(failed.get() > 0, "seed " + seed + ": some transactions failed after their capture (the rollback path ran)");
            assertTrue(committed.get() > THREADS * TRANSACTIONS / 2, "seed " + seed + ": " + committed.get() + " committed");
            long left = db.executeTransactionally("MATCH (o:GraphperfCdcOutbox) RETURN count(o) AS n", Map.of(), x -> (Long) x.next().get("n"));
            assertEquals(0L, left, "seed " + seed + ": the outbox is empty once everything is published");
            assertEquals(0, metrics.sequence.inFlight(), "seed " + seed + ": nothing left in flight");
        } finally {
            if (relay != null) relay.stop();
            if (relayThread != null) {
                relayThread.interrupt();
                relayThread.join(10_000);
            }
            dbms.shutdown();
        }
    }

    /** What the relay published, against the invariants the sink relies on. */
    private static void check(long seed, List<Published> published, long captured) throws Exception {
        Map<String, String> first = new HashMap<>();
        long lastSeq = -1;
        int lastIdx = -1, republished = 0;
        Map<Long, Set<Integer>> indexes = new HashMap<>();
        Map<Long, Integer> counts = new HashMap<>();
        Map<String, Long> version = new HashMap<>();
        for (Published p : published) {
            String position = p.seq() + "/" + p.idx();
            String before = first.putIfAbsent(position, p.value());
            if (before != null) {
                republished++;
                assertEquals(before, p.value(), "seed " + seed + ": a republished record is an exact copy (" + position + ")");
                continue;
            }
            if (p.seq() < lastSeq || (p.seq() == lastSeq && p.idx() <= lastIdx)) {
                fail("seed " + seed + ": " + position + " first published after " + lastSeq + "/" + lastIdx + " — out of sequence order");
            }
            lastSeq = p.seq();
            lastIdx = p.idx();
            JsonNode e = ChangeEvent.parse(p.value().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            assertEquals(p.seq(), e.at("/meta/txId").asLong(), "seed " + seed);
            assertEquals(p.idx(), e.at("/meta/txEventId").asInt(), "seed " + seed);
            indexes.computeIfAbsent(p.seq(), k -> new HashSet<>()).add(p.idx());
            counts.put(p.seq(), e.at("/meta/txEventsCount").asInt());
            // per entity, each change adds one to v: in publication order the versions follow each other, none missing
            String op = e.at("/meta/operation").asText();
            JsonNode v = e.at("/payload/" + (op.equals("deleted") ? "before" : "after") + "/properties/v");
            if (!v.isMissingNode()) {
                Long prev = version.get(p.key());
                long now = v.asLong();
                if (op.equals("updated")) {
                    assertTrue(prev != null && now == prev + 1, "seed " + seed + ": " + p.key() + " went from version " + prev + " to " + now);
                } else if (op.equals("deleted")) {
                    assertTrue(prev == null || now == prev, "seed " + seed + ": " + p.key() + " deleted at " + now + " after version " + prev);
                }
                version.put(p.key(), now);
            }
        }
        long events = 0;
        for (Map.Entry<Long, Integer> c : counts.entrySet()) {
            Set<Integer> got = indexes.get(c.getKey());
            assertEquals(c.getValue(), got.size(), "seed " + seed + ": transaction " + c.getKey() + " has events 0.." + (c.getValue() - 1) + ", got " + got);
            for (int i = 0; i < c.getValue(); i++) assertTrue(got.contains(i), "seed " + seed + ": event " + i + " of " + c.getKey());
            events += got.size();
        }
        assertEquals(captured, events, "seed " + seed + ": every committed event published, once (republished copies aside: " + republished + ")");
    }

    private static boolean causedByInjection(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) if (c instanceof InjectedFailure) return true;
        return false;
    }

    /** Often nothing, sometimes a yield or up to 2 ms, now and then 5–20 ms: long enough for others to overtake. */
    private static void pause(Random r) {
        int p = r.nextInt(40);
        if (p < 7) Thread.yield();
        else if (p < 14) LockSupport.parkNanos(r.nextInt(2_000_000));
        else if (p == 14) LockSupport.parkNanos(5_000_000 + r.nextInt(15_000_000));
    }

    /** A transaction that fails after the capture took its number. */
    private static final class InjectedFailure extends RuntimeException {
        InjectedFailure() {
            super("injected after the capture");
        }
    }

    /**
     * Pauses in beforeCommit and afterCommit, registered before the capture (pausing before it takes a number, and after the commit before
     * it ends) or after it (pausing with a number taken, before the commit; failing one transaction in twenty there).
     */
    private static final class Pause extends TransactionEventListenerAdapter<Object> {
        private final ThreadLocal<Random> random;
        private final boolean afterCapture;

        Pause(ThreadLocal<Random> random, boolean afterCapture) {
            this.random = random;
            this.afterCapture = afterCapture;
        }

        @Override
        public Object beforeCommit(TransactionData data, Transaction tx, GraphDatabaseService db) {
            Random r = random.get();
            pause(r);
            if (afterCapture && r.nextInt(20) == 0) throw new InjectedFailure();
            return null;
        }

        @Override
        public void afterCommit(TransactionData data, Object state, GraphDatabaseService db) {
            pause(random.get());
        }
    }

    /**
     * Records what the relay sends; now and then a send fails as a fatal producer error does — it and every later send of this publisher
     * fail (an idempotent producer writes nothing after a failed record) — and the relay starts over from the outbox with a new one.
     */
    private static final class Recorder implements OutboxRelay.Publisher {
        private final List<Published> into;
        private final Random random;
        private final AtomicInteger failures;
        private boolean broken;

        Recorder(List<Published> into, Random random, AtomicInteger failures) {
            this.into = into;
            this.random = random;
            this.failures = failures;
        }

        @Override
        public Future<?> send(String key, byte[] value, long seq, int index) {
            if (!broken && failures.get() < 3 && random.nextInt(3000) == 0) {
                failures.incrementAndGet();
                broken = true;
            }
            if (broken) return CompletableFuture.failedFuture(new IllegalStateException("injected publisher failure"));
            into.add(new Published(key, seq, index, new String(value, java.nio.charset.StandardCharsets.UTF_8)));
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
