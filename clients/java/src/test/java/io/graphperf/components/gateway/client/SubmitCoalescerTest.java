package io.graphperf.components.gateway.client;

import io.graphperf.components.gateway.protocol.Messages;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The coalescing of submits with no server: a stand-in gateway answers each batch as the real one does (a sequence per write, the
 * writes it refuses by index), so what is checked is what the client does with batches — who gets which answer, what fails alone,
 * how long a write may wait, how large a message may grow.
 */
class SubmitCoalescerTest {

    static final String CREATE = "CREATE (:User {user_id: $id})";

    /** A message's writes as rows, whichever form it was sent in ({@code rows}, or {@code columnar}: one list a column). */
    @SuppressWarnings("unchecked")
    static List<List<Object>> rows(Map<String, Object> request) {
        if (request.get(Messages.ROWS) != null) return (List<List<Object>>) request.get(Messages.ROWS);
        List<List<Object>> columns = (List<List<Object>>) request.get(Messages.COLUMNAR);
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < columns.get(0).size(); i++) {
            List<Object> row = new ArrayList<>();
            for (List<Object> column : columns) row.add(column.get(i));
            rows.add(row);
        }
        return rows;
    }

    /** Answers every batch at once: sequences from 1 on, and an error for each write whose id is negative (refused as busy). */
    static final class StandInGateway implements SubmitCoalescer.Sender {
        final List<Map<String, Object>> requests = new CopyOnWriteArrayList<>();
        final AtomicLong sequence = new AtomicLong();
        volatile Map<String, Object> refuseWhole;

        @Override
        @SuppressWarnings("unchecked")
        public CompletableFuture<Response> send(Map<String, Object> request) {
            requests.add(request);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put(Messages.KIND, Messages.SUBMIT);
            if (refuseWhole != null) {
                m.put(Messages.ERROR, refuseWhole);
                return CompletableFuture.completedFuture(new Response(m, 0, 0, 0, 0, 0, 0));
            }
            List<List<Object>> rows = rows(request);
            int at = ((List<String>) request.get(Messages.COLUMNS)).indexOf("id");
            List<Long> sequences = new ArrayList<>();
            List<Object> errors = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                long id = ((Number) rows.get(i).get(at)).longValue();
                if (id < 0) {
                    sequences.add(-1L);
                    errors.add(Map.of(Messages.INDEX, (long) i, Messages.CODE, Messages.BUSY, Messages.MESSAGE, "queue full"));
                } else {
                    sequences.add(sequence.incrementAndGet());
                }
            }
            // as the gateway answers: the first sequence alone when every write was logged, else each write's and the errors
            if (errors.isEmpty()) m.put(Messages.FIRST_SEQUENCE, sequences.get(0));
            else m.put(Messages.SEQUENCES, sequences);
            if (!errors.isEmpty()) m.put(Messages.ERRORS, errors);
            return CompletableFuture.completedFuture(new Response(m, 1000, 1000, 100, 100, 100, 100));
        }
    }

    @Test
    void everyWriteOfManyThreadsGetsItsOwnSequenceAndMessagesCarryManyWrites() throws Exception {
        StandInGateway gateway = new StandInGateway();
        int threads = 8, each = 2_000;
        List<CompletableFuture<Response>> all = new CopyOnWriteArrayList<>();
        try (SubmitCoalescer c = new SubmitCoalescer(gateway, TimeUnit.MILLISECONDS.toNanos(2), 500)) {
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> ts = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int from = t * each;
                Thread th = new Thread(() -> {
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    for (int i = 0; i < each; i++) all.add(c.submit(CREATE, Map.of("id", (long) (from + i)), "durable"));
                });
                ts.add(th);
                th.start();
            }
            start.countDown();
            for (Thread th : ts) th.join();
            Set<Long> sequences = new HashSet<>();
            for (CompletableFuture<Response> f : all) {
                Response r = f.get(60, TimeUnit.SECONDS);
                assertEquals(null, r.error());
                assertEquals("durable", r.message().get(Messages.ACK));
                assertTrue(sequences.add(r.sequence()), "a sequence given to two writes: " + r.sequence());
            }
            assertEquals(threads * each, sequences.size());
            // the stand-in gives sequences in the order rows arrive: each write's must be its own row's
            Map<Long, Long> idBySequence = new LinkedHashMap<>();
            long seq = 0;
            for (Map<String, Object> req : gateway.requests) {
                for (Object row : rows(req)) idBySequence.put(++seq, ((Number) ((List<?>) row).get(0)).longValue());
            }
            assertEquals(threads * each, idBySequence.size(), "every write sent once");
            assertEquals(threads * each, new HashSet<>(idBySequence.values()).size());
            assertTrue(gateway.requests.size() < threads * each / 10, "writes gathered into few messages: " + gateway.requests.size());
            for (Map<String, Object> req : gateway.requests) {
                assertTrue(rows(req).size() <= 500, "no message above the batch bound");
                assertEquals(CREATE, req.get(Messages.STATEMENT));
                assertEquals(List.of("id"), req.get(Messages.COLUMNS), "the shape once");
            }
        }
    }

    @Test
    void aWriteAnsweredWithItsSequenceIsMatchedToItsOwnFuture() throws Exception {
        StandInGateway gateway = new StandInGateway();
        try (SubmitCoalescer c = new SubmitCoalescer(gateway, TimeUnit.MILLISECONDS.toNanos(50), 100)) {
            List<CompletableFuture<Response>> fs = new ArrayList<>();
            for (long i = 0; i < 5; i++) fs.add(c.submit(CREATE, Map.of("id", i), "durable"));
            for (int i = 0; i < 5; i++) assertEquals(i + 1, fs.get(i).get(60, TimeUnit.SECONDS).sequence());
            assertEquals(1, gateway.requests.size(), "five writes within the linger: one message");
        }
    }

    /** Each write's message says what it was: a submit, its ack mode (none given: none said), its sequence, the server's figures. */
    @Test
    void eachWritesMessageCarriesItsAckModeSequenceAndTheServersFigures() throws Exception {
        StandInGateway gateway = new StandInGateway();
        try (SubmitCoalescer c = new SubmitCoalescer(gateway, TimeUnit.MILLISECONDS.toNanos(50), 100)) {
            Response given = c.submit(CREATE, Map.of("id", 1L), "applied").get(60, TimeUnit.SECONDS);
            assertEquals(Map.of(Messages.KIND, Messages.SUBMIT, Messages.ACK, "applied", Messages.SEQUENCE, 1L), given.message());
            assertEquals(given.message(), new LinkedHashMap<>(given.message()), "its entries, iterated, are the same map");
            Response none = c.submit(CREATE, Map.of("id", 2L), null).get(60, TimeUnit.SECONDS);
            assertEquals(2L, none.sequence());
            assertTrue(none.message().containsKey(Messages.ACK) && none.message().get(Messages.ACK) == null, "no ack mode given: " + none.message());
        }
        SubmitCoalescer.Sender withServer = request -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put(Messages.FIRST_SEQUENCE, 7L);
            m.put(Messages.SERVER, Map.of(Messages.EXEC_NANOS, 5_000L));
            return CompletableFuture.completedFuture(new Response(m, 0, 0, 0, 0, 0, 0));
        };
        try (SubmitCoalescer c = new SubmitCoalescer(withServer, 0, 100)) {
            Response r = c.submit(CREATE, Map.of("id", 3L), "durable").get(60, TimeUnit.SECONDS);
            assertEquals(7L, r.sequence());
            assertEquals(5_000L, r.serverNanos(), "the server's figures reach each write");
        }
    }

    @Test
    void aRefusedWriteFailsAloneByItsIndexAndTheOthersAreAcknowledged() throws Exception {
        StandInGateway gateway = new StandInGateway();
        try (SubmitCoalescer c = new SubmitCoalescer(gateway, TimeUnit.MILLISECONDS.toNanos(50), 100)) {
            List<CompletableFuture<Response>> fs = new ArrayList<>();
            for (long id : new long[]{1, 2, -3, 4, -5}) fs.add(c.submit(CREATE, Map.of("id", id), "durable"));
            assertEquals(1, fs.get(0).get(60, TimeUnit.SECONDS).sequence());
            assertEquals(2, fs.get(1).get(60, TimeUnit.SECONDS).sequence());
            assertEquals(Messages.BUSY, fs.get(2).get(60, TimeUnit.SECONDS).errorCode(), "the refused write's own error");
            assertEquals(3, fs.get(3).get(60, TimeUnit.SECONDS).sequence());
            assertEquals(Messages.BUSY, fs.get(4).get(60, TimeUnit.SECONDS).errorCode());
            assertEquals(-1, fs.get(4).get(60, TimeUnit.SECONDS).sequence());
        }
    }

    @Test
    void aMessageRefusedWholeFailsEachOfItsWritesWithThatErrorAndASendFailureFailsThemAll() throws Exception {
        StandInGateway gateway = new StandInGateway();
        gateway.refuseWhole = Map.of(Messages.CODE, Messages.BUSY, Messages.MESSAGE, "max_total_bytes reached");
        try (SubmitCoalescer c = new SubmitCoalescer(gateway, 0, 100)) {
            Response r = c.submit(CREATE, Map.of("id", 1L), "applied").get(60, TimeUnit.SECONDS);
            assertEquals(Messages.BUSY, r.errorCode());
            assertEquals("max_total_bytes reached", r.error());
        }
        SubmitCoalescer.Sender broken = request -> CompletableFuture.failedFuture(new GatewayException(Messages.FAILED, "the gateway closed the connection"));
        try (SubmitCoalescer c = new SubmitCoalescer(broken, 0, 100)) {
            ExecutionException e = assertThrows(ExecutionException.class, () -> c.submit(CREATE, Map.of("id", 1L), "durable").get(60, TimeUnit.SECONDS));
            assertTrue(e.getCause().getMessage().contains("closed the connection"), e.getCause().toString());
        }
    }

    /** Large writes: a message stays under the byte bound (the gateway closes a connection that sends one above its limit). */
    @Test
    void aMessageStaysUnderItsByteBoundWhateverTheWritesCountBound() throws Exception {
        StandInGateway gateway = new StandInGateway();
        String kilobyte = "x".repeat(1000);
        try (SubmitCoalescer c = new SubmitCoalescer(gateway, TimeUnit.MILLISECONDS.toNanos(200), 1000)) {
            c.maxBytes(32 * 1024);
            List<CompletableFuture<Response>> fs = new ArrayList<>();
            for (long i = 0; i < 100; i++) fs.add(c.submit(CREATE, Map.of("id", i, "note", kilobyte), "durable"));
            for (CompletableFuture<Response> f : fs) assertEquals(null, f.get(60, TimeUnit.SECONDS).error());
            assertTrue(gateway.requests.size() >= 10, "100 writes of 3 KB (estimated) in messages of at most 32 KB: " + gateway.requests.size());
            for (Map<String, Object> req : gateway.requests) {
                assertTrue(SubmitCoalescer.size(rows(req)) <= 32 * 1024, "a message within its bound");
            }
            assertEquals(100, gateway.requests.stream().mapToInt(r -> rows(r).size()).sum(), "every write sent once");
        }
    }

    @Test
    void aBatchGoesColumnByColumnAndAStatementWithoutParametersAsRowsOfNoValue() throws Exception {
        StandInGateway gateway = new StandInGateway();
        try (SubmitCoalescer c = new SubmitCoalescer(gateway, TimeUnit.MILLISECONDS.toNanos(50), 100)) {
            List<CompletableFuture<Response>> fs = new ArrayList<>();
            for (long i = 1; i <= 3; i++) {
                Map<String, Object> p = new LinkedHashMap<>();
                p.put("id", i);
                p.put("name", i == 2 ? null : "n" + i);
                fs.add(c.submit(CREATE, p, "durable"));
            }
            for (CompletableFuture<Response> f : fs) assertEquals(null, f.get(60, TimeUnit.SECONDS).error());
            Map<String, Object> req = gateway.requests.get(0);
            assertEquals(List.of("id", "name"), req.get(Messages.COLUMNS));
            assertEquals(List.of(List.of(1L, 2L, 3L), java.util.Arrays.asList("n1", null, "n3")), req.get(Messages.COLUMNAR), "each column's values in order");
            assertEquals(null, req.get(Messages.ROWS));
        }
        List<Map<String, Object>> sent = new CopyOnWriteArrayList<>();
        SubmitCoalescer.Sender plain = request -> {
            sent.add(request);
            return CompletableFuture.completedFuture(new Response(Map.of(Messages.KIND, Messages.SUBMIT, Messages.FIRST_SEQUENCE, 1L), 0, 0, 0, 0, 0, 0));
        };
        try (SubmitCoalescer c = new SubmitCoalescer(plain, TimeUnit.MILLISECONDS.toNanos(50), 100)) {
            List<CompletableFuture<Response>> fs = List.of(c.submit("CREATE ()", Map.of(), "durable"), c.submit("CREATE ()", Map.of(), "durable"));
            assertEquals(List.of(1L, 2L), List.of(fs.get(0).get(60, TimeUnit.SECONDS).sequence(), fs.get(1).get(60, TimeUnit.SECONDS).sequence()));
            assertEquals(List.of(List.of(), List.of()), sent.get(0).get(Messages.ROWS), "no column to count the writes by: two rows of no value");
            assertEquals(null, sent.get(0).get(Messages.COLUMNAR));
        }
    }

    @Test
    void writesOfAnotherStatementParametersOrAckGoInMessagesOfTheirOwn() throws Exception {
        StandInGateway gateway = new StandInGateway();
        try (SubmitCoalescer c = new SubmitCoalescer(gateway, TimeUnit.MILLISECONDS.toNanos(50), 100)) {
            List<CompletableFuture<Response>> fs = List.of(c.submit(CREATE, Map.of("id", 1L), "durable"), c.submit(CREATE, Map.of("id", 2L), "applied"),
                    c.submit("CREATE (:Other {id: $id})", Map.of("id", 3L), "durable"),
                    c.submit(CREATE, new LinkedHashMap<>(Map.of("id", 4L, "name", "x")), "durable"), c.submit(CREATE, Map.of("id", 5L), "durable"));
            for (CompletableFuture<Response> f : fs) assertEquals(null, f.get(60, TimeUnit.SECONDS).error());
            assertEquals(4, gateway.requests.size(), "four shapes, four messages: " + gateway.requests);
            assertEquals(2, gateway.requests.stream().mapToInt(r -> rows(r).size()).max().orElse(0), "ids 1 and 5 together");
        }
    }

    /**
     * A write whose parameters have the names of the one before, in another order, joins its message with each value in its own
     * column; one with as many parameters but another name does not (the client reuses the last write's shape only when it fits).
     */
    @Test
    void writesWithTheSameNamesInAnotherOrderShareAMessageAndValuesStayInTheirColumns() throws Exception {
        StandInGateway gateway = new StandInGateway();
        Map<String, Object> idFirst = new LinkedHashMap<>();
        idFirst.put("id", 1L);
        idFirst.put("name", "a");
        Map<String, Object> nameFirst = new LinkedHashMap<>();
        nameFirst.put("name", "b");
        nameFirst.put("id", 2L);
        Map<String, Object> other = new LinkedHashMap<>();
        other.put("id", 3L);
        other.put("city", "c");
        try (SubmitCoalescer c = new SubmitCoalescer(gateway, TimeUnit.MILLISECONDS.toNanos(50), 100)) {
            List<CompletableFuture<Response>> fs = List.of(c.submit(CREATE, idFirst, "durable"), c.submit(CREATE, nameFirst, "durable"),
                    c.submit(CREATE, other, "durable"));
            for (CompletableFuture<Response> f : fs) assertEquals(null, f.get(60, TimeUnit.SECONDS).error());
        }
        assertEquals(2, gateway.requests.size(), "two shapes, two messages: " + gateway.requests);
        Map<String, Object> both = gateway.requests.stream().filter(r -> rows(r).size() == 2).findFirst().orElseThrow();
        assertEquals(List.of("id", "name"), both.get(Messages.COLUMNS));
        assertEquals(List.of(List.of(1L, "a"), List.of(2L, "b")), rows(both));
        Map<String, Object> alone = gateway.requests.stream().filter(r -> rows(r).size() == 1).findFirst().orElseThrow();
        assertEquals(List.of("id", "city"), alone.get(Messages.COLUMNS));
        assertEquals(List.of(List.of(3L, "c")), rows(alone));
    }

    /**
     * Linger is a bound: a lone write is sent within it (here 20 ms, and with none at once). Not a timing assertion on the machine's
     * speed — the bound checked is generous (a busy machine may delay the sender thread) — but a write that waited for a batch to
     * fill, or for another write, would never be sent at all, which this catches.
     */
    @Test
    void aLoneWriteIsSentWithinTheLingerWithoutWaitingForOthers() throws Exception {
        for (long lingerMillis : new long[]{0, 20}) {
            StandInGateway gateway = new StandInGateway();
            try (SubmitCoalescer c = new SubmitCoalescer(gateway, TimeUnit.MILLISECONDS.toNanos(lingerMillis), 1000)) {
                long t0 = System.nanoTime();
                Response r = c.submit(CREATE, Map.of("id", 1L), "durable").get(60, TimeUnit.SECONDS);
                long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
                assertEquals(1, r.sequence());
                assertTrue(waited >= (lingerMillis > 0 ? lingerMillis - 1 : 0), "a lingering write waits for others first: " + waited + " ms");
                assertTrue(waited < lingerMillis + 10_000, "sent within its linger (and whatever a busy machine adds): " + waited + " ms");
            }
        }
    }

    @Test
    void closingSendsWhatIsGatheredAndRefusesWhatComesAfter() throws Exception {
        StandInGateway gateway = new StandInGateway();
        SubmitCoalescer c = new SubmitCoalescer(gateway, TimeUnit.SECONDS.toNanos(60), 1000);
        CompletableFuture<Response> gathered = c.submit(CREATE, Map.of("id", 1L), "durable");
        c.close();
        assertEquals(1, gathered.get(60, TimeUnit.SECONDS).sequence(), "a write gathered before close is sent, not dropped");
        ExecutionException e = assertThrows(ExecutionException.class, () -> c.submit(CREATE, Map.of("id", 2L), "durable").get(60, TimeUnit.SECONDS));
        assertTrue(e.getCause().getMessage().contains("closed"), e.getCause().toString());
    }
}
