package io.graphperf.engines.arcadedb;

import io.graphperf.core.measure.InProcess;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.ImportFixtures;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;
import io.graphperf.core.measure.IdWrites;
import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.OperationMix;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Warmup;
import io.graphperf.core.measure.Closed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ArcadeDB's engine host on a small dataset in the bulk-import layout: its loader, queries, the in-process Runner, resets, concurrent writers, and nothing left behind. */
class ArcadeDbEngineIT {

    static final Path HOME = Path.of(System.getProperty("graphperf.home", "../.."));

    static List<String> dataset(Path d) throws Exception {
        return ImportFixtures.people(d);
    }

    static ArcadeDbEngines engines(Path dir) {
        return new ArcadeDbEngines(new EngineDescriptor.Context(dir, dir, HOME, "512m", 128L << 20, Map.of(), false));
    }

    static RunPlan plan(int clients, long ops) {
        return plan(clients, ops, Duration.ofMinutes(2));
    }

    /** A closed model of {@code clients} until {@code ops} operations or {@code window}, whichever comes first. */
    static RunPlan plan(int clients, long ops, Duration window) {
        return new RunPlan(new Closed(clients), new Warmup.Fixed(Duration.ZERO), window, ops, Duration.ofMillis(200), RunPlan.DEFAULT_BATCHES, null);
    }

    @Test
    void loadsTheDatasetAnswersQueriesMeasuresInsideTheHostResetsAndLeavesNothingBehind(@TempDir Path dir) throws Exception {
        Path data = Files.createDirectories(dir.resolve("data"));
        ArcadeDbEngines engines = engines(dir.resolve("trial"));
        BulkImport store = engines.bulkImport("reads", Map.of());
        BulkImport.Outcome out = store.importFiles(dataset(data), null);
        assertEquals(3, out.nodes(), "nodes loaded: " + out);
        assertEquals(2, out.relationships(), "relationships loaded: " + out);
        assertEquals(1, out.badEntries(), "the friendship with a person not in the files is a bad entry: " + out);
        assertTrue(store.storeFiles().values().stream().mapToLong(Long::longValue).sum() > 0, "the store has files: " + store.storeFiles());
        long pid;
        try (Engine e = store.start()) {
            pid = e.serverPid().orElseThrow();
            assertEquals("arcadedb", e.dialect().id());
            assertEquals(3, e.queryLong("sql:SELECT count(*) AS c FROM Person"));
            e.execute("sql:CREATE INDEX IF NOT EXISTS ON Person (personKey) UNIQUE");
            assertTrue(e.indexStates().stream().anyMatch(i -> i.name().equals("graphperf_person_personKey_unique") && i.online()), e.indexStates().toString());
            List<List<Object>> rows = e.fetchInProcess(new Statement("sql:SELECT personKey AS k, name, active FROM (SELECT expand(both('FRIEND_OF')) FROM Person"
                    + " WHERE personKey = :k) ORDER BY k", Map.of("k", 2)));
            assertEquals(List.of(List.of(1, "Ann", true), Arrays.asList(3, null, true)), rows, "the empty field is no value, as Neo4j's importer makes it");
            assertEquals(List.of(List.of("Bo, \"the\" second")), e.fetchInProcess(new Statement("MATCH (p:Person) WHERE p.personKey IN $ks RETURN p.name AS name",
                    Map.of("ks", List.of(2)))), "a quoted field, a list parameter, and ArcadeDB's Cypher");
            OperationMix mix = new OperationMix(List.of(new OperationMix.Type("friends", "sql:SELECT expand(both('FRIEND_OF')) FROM Person WHERE personKey = :k", null,
                    List.of(Map.of("k", 1), Map.of("k", 2)), 1, 1)));
            Measurement m = InProcess.measure(e, InProcessPlan.of(mix, plan(2, 200), null));
            assertEquals(400, m.throughput().ops(), "every operation of the plan measured: " + m);
            assertEquals(0, m.outcomes().errors(), "no errors: " + m.outcomes().errorSamples());
            UserError bad = assertThrows(UserError.class, () -> e.fetchInProcess(new Statement("sql:SELECT FROM Nobody", Map.of())));
            assertTrue(bad.getMessage().contains("Nobody"), "ArcadeDB's own message comes back: " + bad.getMessage());
            assertEquals(3, e.queryLong("sql:SELECT count(*) AS c FROM Person"), "the host serves on after an error");
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the engine host exited at close");
        store.deleteStore();
        assertFalse(Files.exists(engines.storeDir("reads")), "the store is deleted");
    }

    @Test
    void aResetEmptiesTheDatabaseAndRunsItsSchemaStatementsAgain(@TempDir Path dir) throws Exception {
        try (Engine e = engines(dir.resolve("trial")).start("notes", Map.of(), 1)) {
            for (String st : List.of("sql:CREATE VERTEX TYPE Note IF NOT EXISTS", "sql:CREATE PROPERTY Note.k IF NOT EXISTS LONG",
                    "sql:CREATE INDEX IF NOT EXISTS ON Note (k) UNIQUE")) {
                e.execute(st);
            }
            e.execute("sql:CREATE VERTEX Note SET k = 1");
            e.reset();
            assertEquals(0, e.queryLong("sql:SELECT count(*) AS c FROM Note"), "a reset empties the database");
            assertTrue(e.indexStates().stream().anyMatch(i -> i.name().equals("graphperf_note_k_unique")), "and keeps the schema made on it: " + e.indexStates());
            e.execute("sql:CREATE VERTEX Note SET k = 1");
            assertThrows(UserError.class, () -> e.execute("sql:CREATE VERTEX Note SET k = 1"), "the unique index is there again");
        }
    }

    /** A store opened again after resets opens the newest database, where the writes went (it opened the first, deleted one, empty). */
    @Test
    void aStoreOpenedAgainAfterResetsHoldsItsLastWrites(@TempDir Path dir) throws Exception {
        var engines = engines(dir.resolve("trial"));
        try (Engine e = engines.start("again", Map.of(), 1)) {
            e.execute("sql:CREATE VERTEX TYPE Note IF NOT EXISTS");
            e.reset();
            e.reset();
            e.execute("sql:CREATE VERTEX TYPE Note IF NOT EXISTS");
            e.execute("sql:CREATE VERTEX Note SET k = 7");
        }
        try (Engine e = engines.start("again", Map.of(), 1)) {
            assertEquals(1, e.queryLong("sql:SELECT count(*) AS c FROM Note WHERE k = 7"), "the record written after two resets");
            e.reset(); // and the generations count on from the newest (a new database, made without this engine's earlier schema)
            e.execute("sql:CREATE VERTEX TYPE Note IF NOT EXISTS");
            assertEquals(0, e.queryLong("sql:SELECT count(*) AS c FROM Note"));
        }
    }

    /**
     * One writer of 100 records a transaction, then 16 writers of one record a transaction, with the writes study's schema: every
     * acknowledged record is in a scan of the type, by id, however often the optimistic transactions retried, and a reset between
     * them leaves the schema. (Several writers of many records a transaction lose some in ArcadeDB 25.3.1 itself:
     * bench/arcadedb-scan-misses.sh; graphperf's id check reports it.)
     */
    @Test
    void everyAcknowledgedRecordIsThereAfterResets(@TempDir Path dir) throws Exception {
        try (Engine e = engines(dir.resolve("trial")).start("writes", Map.of(), 1)) {
            for (String st : List.of("sql:CREATE VERTEX TYPE User IF NOT EXISTS BUCKETS 32", "sql:ALTER TYPE User BucketSelectionStrategy `thread`",
                    "sql:CREATE PROPERTY User.user_id IF NOT EXISTS LONG", "sql:CREATE INDEX IF NOT EXISTS ON User (user_id) NOTUNIQUE")) e.execute(st);
            IdWrites rows = new IdWrites("rows", "sqlscript:FOREACH ($row IN :rows) { CREATE VERTEX User SET user_id = $row.id; }", IdWrites.Shape.ROWS, 100,
                    TxMode.EXPLICIT, 100);
            IdWrites single = new IdWrites("one", "sql:CREATE VERTEX User SET user_id = :id", IdWrites.Shape.EACH_STATEMENT, 1, TxMode.EXPLICIT, 1);
            for (var round : List.of(Map.entry(rows, plan(1, 300)), Map.entry(single, plan(16, 3000, Duration.ofSeconds(30))))) {
                long per = round.getKey().perOperation();
                Measurement m = InProcess.measure(e, InProcessPlan.of(round.getKey(), round.getValue(), null));
                long acked = m.accounting().clients().stream().mapToLong(c -> c.acknowledged()).sum();
                List<Object> ids = e.queryColumn("sql:SELECT user_id FROM User", Map.of());
                assertTrue(acked > 0, "writes were acknowledged: " + m.outcomes().errorSamples());
                assertEquals(acked * per, new HashSet<>(ids).size(), round.getKey().type() + ": every acknowledged id present (errors: "
                        + m.outcomes().errorSamples() + ")");
                assertEquals(ids.size(), new HashSet<>(ids).size(), "no id twice");
                if (per > 1) { // one client: ids 0 .. acked × per − 1
                    assertEquals(List.of(List.of(0, acked * per, acked * per, 0, acked * per - 1)).toString(), e.queryColumn("idsummary:User.user_id", Map.of()).toString(),
                            "the host's id summary: client, ids, distinct, smallest, largest");
                }
                e.reset();
                assertEquals(0, e.queryLong("sql:SELECT count(*) AS c FROM User"), "a reset empties the type and keeps it");
            }
        }
    }

    @Test
    void aFieldThatIsNotWhatItsHeaderSaysIsNamedWithItsFileAndLine(@TempDir Path dir) throws Exception {
        Path data = Files.createDirectories(dir.resolve("data"));
        List<String> args = dataset(data);
        Files.writeString(data.resolve("Person-part-00002.csv"), "4,Di,1999,true\n5,Ed,nineteen,false\n");
        BulkImport store = engines(dir.resolve("trial")).bulkImport("bad", Map.of());
        RuntimeException e = assertThrows(RuntimeException.class, () -> store.importFiles(args, null));
        assertTrue(e.getMessage().contains("Person-part-00002.csv, line 2") && e.getMessage().contains("'nineteen' is not a long"), e.getMessage());
        store.deleteStore();
    }

    @Test
    void aHostWithoutArcadeDbsJarsSaysWhatToBuild(@TempDir Path dir) throws Exception {
        UserError e = assertThrows(UserError.class, () -> new ArcadeDbEngines(new EngineDescriptor.Context(dir.resolve("trial"), dir.resolve("trial"),
                dir, "256m", 64L << 20, Map.of(), false)).start("x"));
        assertTrue(e.getMessage().contains("com.arcadedb:arcadedb-engine") && e.getMessage().contains("mvn -B package"), e.getMessage());
        assertTrue(ArcadeDbEngines.whyNotRunnable(dir).orElseThrow().contains("source checkout"), ArcadeDbEngines.whyNotRunnable(dir).toString());
        UserError heap = assertThrows(UserError.class, () -> new ArcadeDbEngines(new EngineDescriptor.Context(dir, dir, HOME, "256m", 512L << 20,
                Map.of(), false)).start("x"));
        assertTrue(heap.getMessage().contains("on the JVM's heap"), heap.getMessage());
    }
}
