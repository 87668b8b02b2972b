package io.graphperf.components.batchwriter;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The writer's contract against a stand-in database (a list and a stored position, committed together
 * under one lock, as a transaction would): exactly once across restarts, splitting around bad writes,
 * refusing when full. The same contract against a real Neo4j, with kill -9, is BatchWriterFaultTest.
 */
class BatchWriterTest {

    static final String CREATE = "CREATE (:User {id: $id})";

    /** Applies rows into a list; fails rows whose id is in {@code bad} as a client error, or everything transiently while {@code down}. */
    static final class ListDatabase implements BatchWriter.Applier {
        final List<Object> rows = new ArrayList<>();
        final List<Map<String, Object>> applied = new ArrayList<>();
        final Map<Integer, Long> positions = new HashMap<>();
        Layout layout;
        /** The layout of the writer applying now: stored with an applier's first position, as the Neo4j applier does. */
        Layout writing = Layout.SINGLE;
        volatile boolean down;
        final Set<Object> bad;
        int transactions, running, mostAtOnce;
        /** Each transaction takes at least this long, outside the lock, so that appliers can overlap. */
        volatile long transactionMillis;

        ListDatabase(Set<Object> bad) {
            this.bad = bad;
        }

        @Override public synchronized BatchWriter.Positions appliedPositions() {
            return layout == null ? BatchWriter.Positions.NONE : new BatchWriter.Positions(layout, Map.copyOf(positions));
        }

        @Override public void apply(PendingWrites.Flush f) throws InterruptedException {
            synchronized (this) {
                mostAtOnce = Math.max(mostAtOnce, ++running);
            }
            try {
                if (transactionMillis > 0) Thread.sleep(transactionMillis);
                commit(f);
            } finally {
                synchronized (this) {
                    running--;
                }
            }
        }

        private synchronized void commit(PendingWrites.Flush f) {
            if (down) throw new IllegalStateException("transient: database unavailable");
            List<Map<String, Object>> tx = new ArrayList<>();
            for (List<Map<String, Object>> batch : f.batches().values()) {
                for (Map<String, Object> row : batch) {
                    if (bad.contains(row.get("id"))) throw new IllegalArgumentException("client error: bad id " + row.get("id"));
                    tx.add(row);
                }
            }
            for (Map<String, Object> row : tx) rows.add(row.get("id"));
            applied.addAll(tx);
            positions.put(f.lane(), f.lastSequence());
            if (layout == null) layout = writing;
            transactions++;
        }

        @Override public synchronized void markApplied(int applier, long sequence) {
            positions.put(applier, sequence);
            if (layout == null) layout = writing;
        }

        @Override public synchronized void resetPositions(Layout to, long sequence) {
            positions.clear();
            for (int a = 0; a < to.appliers(); a++) positions.put(a, sequence);
            layout = to;
        }

        @Override public boolean permanent(Exception e) {
            return e instanceof IllegalArgumentException;
        }

        @Override public String code(Exception e) {
            return e instanceof IllegalArgumentException ? "Test.ClientError" : "Test.TransientError";
        }

        synchronized List<Object> rows() {
            return List.copyOf(rows);
        }
    }

    static WriterConfig config(Path dir, int capacity) {
        return new WriterConfig(dir, DurableLog.Sync.group(2), 100, Duration.ofMillis(2), capacity, Duration.ofSeconds(10));
    }

    @Test
    void everyAcknowledgedWriteIsAppliedExactlyOnceAcrossAStopWhileTheDatabaseIsDown(@TempDir Path dir) throws Exception {
        ListDatabase db = new ListDatabase(Set.of());
        List<CompletableFuture<BatchWriter.Ack>> acks = new ArrayList<>();
        try (BatchWriter w = BatchWriter.start(config(dir, 100_000), db)) {
            for (long i = 0; i < 3000; i++) acks.add(w.submit(CREATE, Map.of("id", i), BatchWriter.AckMode.DURABLE));
            for (CompletableFuture<BatchWriter.Ack> a : acks) a.get(60, TimeUnit.SECONDS);
            assertTrue(w.awaitApplied(10_000));
            Map<String, Object> m = w.metrics(false);
            assertEquals(3000L, m.get("appliedWrites"));
            assertTrue((Long) m.get("batches") >= 30 && (Long) m.get("batches") < 3000, "writes were batched: " + m.get("batches"));
            assertTrue((Long) m.get("fsyncs") < 3000, "group commit: fewer fsyncs than writes, " + m.get("fsyncs"));
            // the database goes away: these are logged and acknowledged as durable, but cannot be applied
            db.down = true;
            acks.clear();
            for (long i = 3000; i < 4000; i++) acks.add(w.submit(CREATE, Map.of("id", i), BatchWriter.AckMode.DURABLE));
            for (CompletableFuture<BatchWriter.Ack> a : acks) a.get(60, TimeUnit.SECONDS);
        }
        assertEquals(3000, db.rows().size(), "nothing was applied while the database was down");
        db.down = false;
        try (BatchWriter w = BatchWriter.start(config(dir, 100_000), db)) {
            assertEquals(1000L, w.metrics(false).get("replayedAtStart"), "exactly what was not applied is replayed");
            assertTrue(w.awaitApplied(10_000));
            acks.clear();
            acks.add(w.submit(CREATE, Map.of("id", 4000L), BatchWriter.AckMode.APPLIED));
            assertEquals(BatchWriter.AckMode.APPLIED, acks.get(0).get(60, TimeUnit.SECONDS).mode());
        }
        List<Object> rows = db.rows();
        assertEquals(4001, rows.size());
        assertEquals(4001, Set.copyOf(rows).size(), "no write applied twice");
    }

    @Test
    void aBadWriteGoesToTheDeadLetterLogAndTheRestOfItsBatchApplies(@TempDir Path dir) throws Exception {
        ListDatabase db = new ListDatabase(Set.of(17L, 55L));
        List<CompletableFuture<BatchWriter.Ack>> acks = new ArrayList<>();
        try (BatchWriter w = BatchWriter.start(config(dir, 1000), db)) {
            for (long i = 0; i < 100; i++) acks.add(w.submit(CREATE, Map.of("id", i), BatchWriter.AckMode.APPLIED));
            int failed = 0;
            for (int i = 0; i < acks.size(); i++) {
                try {
                    acks.get(i).get(60, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    assertInstanceOf(BatchWriter.DeadLettered.class, e.getCause());
                    assertTrue(i == 17 || i == 55, "only the bad writes fail, not " + i);
                    failed++;
                }
            }
            assertEquals(2, failed);
            assertEquals(98, db.rows().size());
            Map<String, Object> m = w.metrics(false);
            assertEquals(2L, m.get("deadLetters"));
            assertEquals("Test.ClientError", m.get("lastDeadLetterCode"));
        }
        List<String> lines = Files.readAllLines(dir.resolve("dead-letters.jsonl"));
        assertEquals(2, lines.size());
        assertTrue(lines.get(0).contains("\"params\":{\"id\":17}") && lines.get(0).contains("bad id 17"), lines.get(0));
        try (BatchWriter w = BatchWriter.start(config(dir, 1000), db)) {
            assertEquals(0L, w.metrics(false).get("replayedAtStart"), "dead letters are not replayed");
        }
    }

    @Test
    void aFullQueueRefusesWithoutLoggingAndUnloggableParametersAreNamed(@TempDir Path dir) throws Exception {
        ListDatabase db = new ListDatabase(Set.of());
        db.down = true;
        try (BatchWriter w = BatchWriter.start(config(dir, 100), db)) {
            for (long i = 0; i < 100; i++) w.submit(CREATE, Map.of("id", i), BatchWriter.AckMode.DURABLE).get(60, TimeUnit.SECONDS);
            BatchWriter.Rejected r = assertThrows(BatchWriter.Rejected.class, () -> w.submit(CREATE, Map.of("id", 100L), BatchWriter.AckMode.DURABLE));
            assertTrue(r.getMessage().contains("queue is full (100"), r.getMessage());
            Map<String, Object> m = w.metrics(false);
            assertEquals(1L, m.get("rejected"));
            assertEquals(100L, m.get("lastSequence"), "a refused write is not in the log");
            IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                    () -> w.submit(CREATE, Map.of("when", java.time.LocalDate.of(2026, 1, 1)), BatchWriter.AckMode.DURABLE));
            assertTrue(bad.getMessage().contains("parameter when is a LocalDate"), bad.getMessage());
        }
    }

    /** A batch logged at once: each write its own acknowledgement; one that cannot be logged, or does not fit the queue, fails alone. */
    @Test
    void aBatchOfWritesIsLoggedTogetherAndEachFailsAlone(@TempDir Path dir) throws Exception {
        ListDatabase db = new ListDatabase(Set.of());
        db.down = true; // nothing applies: the queue fills
        try (BatchWriter w = BatchWriter.start(config(dir, 100), db)) {
            List<Map<String, Object>> params = new ArrayList<>();
            for (long i = 0; i < 102; i++) params.add(i == 3 ? Map.of("id", java.time.LocalDate.of(2026, 1, 1)) : Map.of("id", i));
            Submitted acks = w.submitAll(CREATE, params, BatchWriter.AckMode.DURABLE);
            assertEquals(102, acks.size(), "one outcome per write, in the order given");
            acks.done().get(60, TimeUnit.SECONDS);
            List<Long> sequences = new ArrayList<>();
            for (int i = 0; i < 102; i++) {
                if (i == 3) {
                    assertTrue(acks.failure(3) instanceof IllegalArgumentException && acks.failure(3).getMessage().contains("parameter id is a LocalDate"),
                            String.valueOf(acks.failure(3)));
                    assertEquals(-1, acks.sequence(3));
                } else if (i == 101) {
                    assertTrue(acks.failure(101) instanceof BatchWriter.Rejected, "the 101st loggable write does not fit a queue of 100: " + acks.failure(101));
                    assertEquals(-1, acks.sequence(101));
                } else {
                    assertNull(acks.failure(i), "write " + i);
                    sequences.add(acks.sequence(i));
                }
            }
            assertEquals(LongStream.rangeClosed(1, 100).boxed().toList(), sequences, "the logged writes in order, nothing for the refused");
            Map<String, Object> m = w.metrics(false);
            assertEquals(1L, m.get("rejected"));
            assertEquals(100L, m.get("lastSequence"));
            db.down = false;
            assertTrue(w.awaitApplied(60_000));
            assertEquals(LongStream.range(0, 101).filter(i -> i != 3).boxed().toList(), db.rows(), "every logged write applied once, in order");
        }
    }

    /** A batch acknowledged as applied: each write waits for its own batch to commit, and a bad one is dead-lettered alone. */
    @Test
    void aBatchAcknowledgedAsAppliedFailsOnlyItsBadWrites(@TempDir Path dir) throws Exception {
        ListDatabase db = new ListDatabase(Set.of(17L, 55L));
        try (BatchWriter w = BatchWriter.start(config(dir, 1000), db)) {
            List<Map<String, Object>> params = new ArrayList<>();
            for (long i = 0; i < 100; i++) params.add(Map.of("id", i));
            Submitted acks = w.submitAll(CREATE, params, BatchWriter.AckMode.APPLIED);
            acks.done().get(60, TimeUnit.SECONDS);
            for (int i = 0; i < 100; i++) {
                if (i == 17 || i == 55) {
                    assertInstanceOf(BatchWriter.DeadLettered.class, acks.failure(i), "write " + i);
                } else {
                    assertNull(acks.failure(i), "write " + i);
                    assertEquals(i + 1, acks.sequence(i));
                }
            }
            assertEquals(98, db.rows().size(), "every other write applied once its acknowledgement came");
        }
    }

    @Test
    void recordsRoundTrip() {
        Map<String, Object> params = new java.util.LinkedHashMap<>();
        params.put("n", 5L);
        params.put("x", 1.5);
        params.put("s", "é\"\n");
        params.put("nil", null);
        params.put("list", List.of(1L, "a", true));
        params.put("map", Map.of("k", List.of()));
        WriteCodec.Decoded d = WriteCodec.decode(WriteCodec.encode(CREATE, params));
        assertEquals(CREATE, d.statement());
        assertEquals(params, d.params());
    }

    static WriterConfig config(Path dir, int capacity, Layout layout) {
        return config(dir, capacity).withLayout(layout);
    }

    /**
     * Several appliers: transactions overlap, each key's writes apply in the order they were logged, every write once, a bad write
     * dead-lettered alone within its applier, and a restart replays exactly what each applier had not applied.
     */
    @Test
    void severalAppliersApplyInParallelKeepingEachKeysOrderExactlyOnce(@TempDir Path dir) throws Exception {
        ListDatabase db = new ListDatabase(Set.of(777L));
        db.transactionMillis = 2;
        Layout three = new Layout(3, "k");
        db.writing = three;
        List<CompletableFuture<BatchWriter.Ack>> acks = new ArrayList<>();
        try (BatchWriter w = BatchWriter.start(config(dir, 100_000, three), db)) {
            for (long i = 0; i < 3000; i++) {
                acks.add(w.submit(CREATE, Map.of("id", i, "k", i % 10), i % 7 == 0 ? BatchWriter.AckMode.APPLIED : BatchWriter.AckMode.DURABLE));
            }
            int deadLettered = 0;
            for (int i = 0; i < acks.size(); i++) {
                try {
                    acks.get(i).get(60, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    assertInstanceOf(BatchWriter.DeadLettered.class, e.getCause());
                    assertEquals(777, i, "only the bad write fails");
                    deadLettered++;
                }
            }
            assertEquals(1, deadLettered);
            assertTrue(w.awaitApplied(30_000));
            assertEquals(3000L, w.appliedPosition(), "every write up to the last is applied");
            // the database goes away with writes logged: a restart must replay exactly those, each applier from its own position
            db.down = true;
            for (long i = 3000; i < 3600; i++) w.submit(CREATE, Map.of("id", i, "k", i % 10), BatchWriter.AckMode.DURABLE).get(60, TimeUnit.SECONDS);
        }
        synchronized (db) {
            assertTrue(db.mostAtOnce >= 2, "transactions of different appliers overlapped: at most " + db.mostAtOnce + " at once");
            assertEquals(3, db.positions.size(), "one stored position per applier: " + db.positions);
        }
        db.down = false;
        try (BatchWriter w = BatchWriter.start(config(dir, 100_000, three), db)) {
            assertEquals(600L, w.metrics(false).get("replayedAtStart"), "exactly what was not applied is replayed");
            assertTrue(w.awaitApplied(30_000));
        }
        List<Object> rows = db.rows();
        assertEquals(3599, rows.size(), "every write but the dead letter");
        assertEquals(3599, Set.copyOf(rows).size(), "no write applied twice");
        Map<Object, Long> lastByKey = new HashMap<>();
        synchronized (db) {
            for (Map<String, Object> row : db.applied) {
                Long before = lastByKey.put(row.get("k"), (Long) row.get("id"));
                assertTrue(before == null || before < (Long) row.get("id"), "key " + row.get("k") + ": " + row.get("id") + " applied after " + before);
            }
        }
    }

    /** A layout changes only over an applied log: the stored positions say what each old applier applied. */
    @Test
    void theLayoutChangesOnlyOnceEverythingLoggedIsApplied(@TempDir Path dir) throws Exception {
        ListDatabase db = new ListDatabase(Set.of());
        try (BatchWriter w = BatchWriter.start(config(dir, 100_000), db)) {
            for (long i = 0; i < 500; i++) w.submit(CREATE, Map.of("id", i, "k", i), BatchWriter.AckMode.DURABLE);
            assertTrue(w.awaitApplied(30_000));
            db.down = true;
            w.submit(CREATE, Map.of("id", 500L, "k", 500L), BatchWriter.AckMode.DURABLE).get(60, TimeUnit.SECONDS);
        }
        db.down = false;
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> BatchWriter.start(config(dir, 100_000, new Layout(4, "k")), db));
        assertTrue(refused.getMessage().contains("1 writes not yet applied by its previous layout (one applier)"), refused.getMessage());
        try (BatchWriter w = BatchWriter.start(config(dir, 100_000), db)) {
            assertTrue(w.awaitApplied(30_000));
        }
        try (BatchWriter w = BatchWriter.start(config(dir, 100_000, new Layout(4, "k")), db)) {
            assertEquals(0L, w.metrics(false).get("replayedAtStart"), "nothing applied is replayed under the new layout");
            for (long i = 501; i < 1000; i++) w.submit(CREATE, Map.of("id", i, "k", i), BatchWriter.AckMode.DURABLE);
            assertTrue(w.awaitApplied(30_000));
        }
        try (BatchWriter w = BatchWriter.start(config(dir, 100_000), db)) {
            assertEquals(0L, w.metrics(false).get("replayedAtStart"), "and back to one applier");
        }
        List<Object> rows = db.rows();
        assertEquals(1000, rows.size());
        assertEquals(1000, Set.copyOf(rows).size(), "no write applied twice");
    }
}
