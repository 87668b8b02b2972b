package io.graphperf.components.cdc.neo4j;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The relay on a real (embedded) Neo4j when its publisher misbehaves: an Error (not an exception) from a send, which used to end the
 * relay's thread while {@code source.state} still said "publishing"; and a broker that does not acknowledge, which used to leave the
 * state saying "publishing" while nothing went out. Each must show in the state and the metrics, and the relay must go on. And the
 * outbox is the stream's: a user's delete of it is refused.
 */
class RelayFailuresIT {

    /** Records what it is sent; its first {@code errors} sends throw an Error; its acknowledgements come {@code ackDelayMs} late. */
    private static final class Publisher implements OutboxRelay.Publisher {
        static final List<String> SENT = new CopyOnWriteArrayList<>();
        final AtomicInteger errors;
        final long ackDelayMs;

        Publisher(AtomicInteger errors, long ackDelayMs) {
            this.errors = errors;
            this.ackDelayMs = ackDelayMs;
        }

        @Override
        public Future<?> send(String key, byte[] value, long seq, int index) {
            if (errors.getAndDecrement() > 0) throw new NoClassDefFoundError("simulated: a library class the producer needs is missing");
            SENT.add(seq + "/" + index);
            return ackDelayMs == 0 ? CompletableFuture.completedFuture(null)
                    : CompletableFuture.runAsync(() -> { }, CompletableFuture.delayedExecutor(ackDelayMs, TimeUnit.MILLISECONDS));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    @Test
    void anErrorFromThePublisherIsShownAndTheRelayStartsAgain(@TempDir Path dir) throws Exception {
        AtomicInteger errors = new AtomicInteger(2);
        EmbeddedNeo4j.withRelay(dir, "errors", "a recorder", () -> new Publisher(errors, 0), (db, metrics) -> {
            db.executeTransactionally("CREATE (:Thing {k: 1}), (:Thing {k: 2})");
            EmbeddedNeo4j.await(() -> metrics.publishFailures.get() >= 1, "the failure is counted");
            String state = metrics.sourceState;
            assertTrue(state.startsWith("retrying in ") && state.contains("NoClassDefFoundError"), "the state names the failure: " + state);
            // two failures in a row: the pause doubles (1 s, then 2 s), then the third publisher works and everything goes out
            EmbeddedNeo4j.await(() -> metrics.published.get() == metrics.captured.get() && metrics.captured.get() == 2, "published after the failures");
            assertEquals(2, metrics.publishFailures.get(), "each failure counted once");
            assertEquals(0L, (long) db.executeTransactionally("MATCH (o:GraphperfCdcOutbox) RETURN count(o) AS n", Map.of(), r -> (Long) r.next().get("n")),
                    "the outbox drained");
            db.executeTransactionally("CREATE (:Thing {k: 3})");
            EmbeddedNeo4j.await(() -> metrics.published.get() == 3, "the relay still runs after the failures");
            assertTrue(metrics.sourceState.startsWith("publishing to "), metrics.sourceState);
        });
    }

    @Test
    void aBrokerThatDoesNotAcknowledgeIsShownWithinSeconds(@TempDir Path dir) throws Exception {
        EmbeddedNeo4j.withRelay(dir, "stalls", "a recorder", () -> new Publisher(new AtomicInteger(), OutboxRelay.STALL_MS + 3000), (db, metrics) -> {
            db.executeTransactionally("CREATE (:Thing {k: 1})");
            EmbeddedNeo4j.await(() -> metrics.publishStalls.get() >= 1, "a stall is counted");
            String state = metrics.sourceState;
            assertTrue(state.startsWith("waiting for a recorder: no acknowledgement for ") && state.contains("unpublished"), state);
            EmbeddedNeo4j.await(() -> metrics.published.get() == 1, "published once the acknowledgement comes");
            assertTrue(metrics.sourceState.startsWith("publishing to "), metrics.sourceState);
            assertEquals(0, metrics.publishFailures.get(), "a slow broker is not a failure: nothing is sent twice");
        });
    }

    /**
     * A user's {@code MATCH (n) DETACH DELETE n} while changes wait in the outbox (a broker that does not answer) used to delete them
     * silently; it must fail, saying why, and leave the outbox whole, while a delete that leaves the outbox out goes through.
     */
    @Test
    void aUsersDeleteOfUnpublishedOutboxRecordsIsRefusedAndTheOutboxKept(@TempDir Path dir) throws Exception {
        EmbeddedNeo4j.withRelay(dir, "outbox", "a recorder", () -> new Publisher(new AtomicInteger(), 3_600_000), (db, metrics) -> {
            db.executeTransactionally("CREATE (:Probe {k: 1}), (:Probe {k: 2})");
            EmbeddedNeo4j.await(() -> metrics.publishStalls.get() >= 1, "the relay waits for the broker");
            Exception refused = null;
            try {
                db.executeTransactionally("MATCH (n) DETACH DELETE n");
            } catch (Exception e) {
                refused = e;
            }
            assertTrue(refused != null, "deleting the unpublished outbox is refused");
            String why = String.valueOf(refused) + " " + refused.getCause();
            assertTrue(why.contains("deletes 1 of its outbox records") && why.contains("WHERE NOT n:GraphperfCdcOutbox"), why);
            assertEquals(1L, (long) db.executeTransactionally("MATCH (o:GraphperfCdcOutbox) RETURN count(o) AS n", Map.of(), r -> (Long) r.next().get("n")),
                    "the outbox is whole");
            assertEquals(2L, (long) db.executeTransactionally("MATCH (p:Probe) RETURN count(p) AS n", Map.of(), r -> (Long) r.next().get("n")),
                    "the refused transaction deleted nothing");
            db.executeTransactionally("MATCH (n) WHERE NOT n:GraphperfCdcOutbox DETACH DELETE n");
            assertEquals(0L, (long) db.executeTransactionally("MATCH (p:Probe) RETURN count(p) AS n", Map.of(), r -> (Long) r.next().get("n")));
            assertEquals(2L, (long) db.executeTransactionally("MATCH (o:GraphperfCdcOutbox) RETURN count(o) AS n", Map.of(),
                    r -> (Long) r.next().get("n")), "the deletions are captured into the outbox beside the creations");
        });
    }
}
