package io.graphperf.engines.orientdb;

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
import io.graphperf.engines.hosted.SqlFamilyReads;
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

/** OrientDB's engine host of the multi-engine studies on a small dataset: its loader, queries, the in-process Runner, resets, concurrent writers. */
class OrientEngineIT {

    static final Path HOME = Path.of(System.getProperty("graphperf.home", "../..")).toAbsolutePath();

    static OrientEngines engines(Path dir) {
        return new OrientEngines(new EngineDescriptor.Context(dir, dir, HOME, "512m", 128L << 20, Map.of(), false));
    }

    static RunPlan plan(int clients, long ops) {
        return new RunPlan(new Closed(clients), new Warmup.Fixed(Duration.ZERO), Duration.ofMinutes(2), ops, Duration.ofMillis(200), RunPlan.DEFAULT_BATCHES, null);
    }

    @Test
    void loadsTheDatasetAnswersQueriesMeasuresInsideTheHostAndExits(@TempDir Path dir) throws Exception {
        Path data = Files.createDirectories(dir.resolve("data"));
        OrientEngines engines = engines(dir.resolve("trial"));
        BulkImport store = engines.bulkImport("reads", Map.of());
        BulkImport.Outcome out = store.importFiles(ImportFixtures.people(data), null);
        assertEquals(3, out.nodes(), "nodes loaded: " + out);
        assertEquals(2, out.relationships(), "relationships loaded: " + out);
        assertEquals(1, out.badEntries(), "the friendship with a person not in the files is a bad entry: " + out);
        assertTrue(Files.readString(engines.hostLog()).contains("FRIEND_OF-part-00000.csv, line 3"), "the bad entry is listed with its file and line");
        long pid;
        try (Engine e = store.start()) {
            pid = e.serverPid().orElseThrow();
            assertEquals("orientdb", e.dialect().id());
            assertEquals(128L, ((Number) e.environment().get("diskCacheMiB")).longValue(), "the page cache given is OrientDB's disk cache: " + e.environment());
            assertEquals(3, e.queryLong("SELECT count(*) AS c FROM Person"));
            e.execute("CREATE INDEX Person_personKey IF NOT EXISTS ON Person (personKey) UNIQUE");
            assertTrue(e.indexStates().stream().anyMatch(i -> i.name().equals("graphperf_person_personKey_unique") && i.online()), e.indexStates().toString());
            e.execute("CREATE CLASS Organization EXTENDS V");
            e.execute("CREATE PROPERTY Organization.name STRING");
            e.execute("CREATE INDEX Organization_name ON Organization (name) NOTUNIQUE");
            assertTrue(e.indexStates().stream().anyMatch(i -> i.name().equals("graphperf_organization_name")), "a class whose name starts with O: " + e.indexStates());
            assertTrue(e.indexStates().stream().noneMatch(i -> i.name().contains("ouser")), "OrientDB's own indexes left out: " + e.indexStates());
            List<List<Object>> rows = e.fetchInProcess(new Statement("SELECT personKey AS k, name, active, in('FRIEND_OF')[0].name AS friendOf FROM (SELECT expand(both('FRIEND_OF'))"
                    + " FROM Person WHERE personKey = :k) ORDER BY k", Map.of("k", 2)));
            assertEquals(List.of(Arrays.asList(1, "Ann", true, null), Arrays.asList(3, null, true, "Bo, \"the\" second")), rows,
                    "the empty field is no value, as Neo4j's importer makes it; a quoted field keeps its comma and quotes");
            OperationMix mix = new OperationMix(List.of(new OperationMix.Type("friends", "SELECT expand(both('FRIEND_OF')) FROM Person WHERE personKey = :k", null,
                    List.of(Map.of("k", 1), Map.of("k", 2)), 1, 1)));
            Measurement m = InProcess.measure(e, InProcessPlan.of(mix, plan(2, 200), null));
            assertEquals(400, m.throughput().ops(), "every operation of the plan measured: " + m);
            assertEquals(0, m.outcomes().errors(), "no errors: " + m.outcomes().errorSamples());
            UserError bad = assertThrows(UserError.class, () -> e.fetchInProcess(new Statement("SELECT FROM Nobody", Map.of())));
            assertTrue(bad.getMessage().contains("Nobody"), "OrientDB's own message comes back: " + bad.getMessage());
            UserError parse = assertThrows(UserError.class, () -> e.fetchInProcess(new Statement("SELECT name AS by FROM Person", Map.of())));
            assertTrue(parse.getMessage().contains("line 1, column") && parse.getMessage().length() < 1000, "a parse error says where, briefly: " + parse.getMessage());
            assertEquals(3, e.queryLong("SELECT count(*) AS c FROM Person"), "the host serves on after an error");
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the engine host exited at close");
        store.deleteStore();
        assertFalse(Files.exists(engines.storeDir("reads")), "the store is deleted");
    }

    /**
     * A store opened again after resets opens the newest database, where the writes went (it opened the first, dropped one, empty) —
     * on OrientDB 3.2.51, the version whose orientdb-core jar is fetched from Maven at first use (a store of 3.2.49's layout).
     */
    @Test
    void aStoreOpenedAgainAfterResetsHoldsItsLastWrites(@TempDir Path dir) throws Exception {
        OrientEngines engines = new OrientEngines(new EngineDescriptor.Context(dir, dir, HOME, "512m", 128L << 20, Map.of(), false, "3.2.51"));
        try (Engine e = engines.start("again", Map.of(), 1)) {
            assertEquals("3.2.51", e.environment().get("version"), "the fetched version runs, by its own word: " + e.environment());
            e.execute("CREATE CLASS Note IF NOT EXISTS EXTENDS V");
            e.reset();
            e.reset();
            e.execute("CREATE CLASS Note IF NOT EXISTS EXTENDS V");
            e.execute("CREATE VERTEX Note SET k = 7");
        }
        try (Engine e = engines.start("again", Map.of(), 1)) {
            assertEquals(1, e.queryLong("SELECT count(*) AS c FROM Note WHERE k = 7"), "the record written after two resets");
            e.reset(); // and the generations count on from the newest (a new database, made without this engine's earlier schema)
            e.execute("CREATE CLASS Note IF NOT EXISTS EXTENDS V");
            assertEquals(0, e.queryLong("SELECT count(*) AS c FROM Note"));
        }
    }

    /**
     * 16 writers of 100 records a transaction, then 16 of one record a transaction, with the writes study's schema: every
     * acknowledged record is there by id, none twice, the host's id summary agrees, every one is found by key (its
     * index: small ids reach the host as Integer, the LONG index wants Long), and a reset empties the class and keeps its index.
     */
    @Test
    void everyAcknowledgedRecordOfManyWritersIsThereAndAResetKeepsTheSchema(@TempDir Path dir) throws Exception {
        try (Engine e = engines(dir.resolve("trial")).start("writes", Map.of(), 1)) {
            for (String st : List.of("CREATE CLASS User IF NOT EXISTS EXTENDS V", "CREATE PROPERTY User.user_id IF NOT EXISTS LONG",
                    "CREATE INDEX User_user_id IF NOT EXISTS ON User (user_id) UNIQUE")) e.execute(st);
            IdWrites rows = new IdWrites("rows", "script:FOREACH ($row IN :rows) { CREATE VERTEX User SET user_id = $row.id; }", IdWrites.Shape.ROWS, 100,
                    TxMode.EXPLICIT, 100);
            IdWrites single = new IdWrites("one", "CREATE VERTEX User SET user_id = :id", IdWrites.Shape.EACH_STATEMENT, 1, TxMode.EXPLICIT, 1);
            for (var round : List.of(Map.entry(rows, plan(16, 200)), Map.entry(single, plan(16, 1500)))) {
                long per = round.getKey().perOperation();
                Measurement m = InProcess.measure(e, InProcessPlan.of(round.getKey(), round.getValue(), null));
                long acked = m.accounting().clients().stream().mapToLong(c -> c.acknowledged()).sum();
                List<Object> ids = e.queryColumn("SELECT user_id FROM User", Map.of());
                assertTrue(acked > 0, "writes were acknowledged: " + m.outcomes().errorSamples());
                assertEquals(acked * per, new HashSet<>(ids).size(), round.getKey().type() + ": every acknowledged id present (errors: "
                        + m.outcomes().errorSamples() + ")");
                assertEquals(ids.size(), new HashSet<>(ids).size(), "no id twice");
                List<Object> byKey = e.queryColumn(SqlFamilyReads.idLookup("User", "user_id"), Map.of("ids", ids));
                assertEquals(new HashSet<>(ids), new HashSet<>(byKey), "every id found by key, through the index");
                long summed = e.queryColumn("idsummary:User.user_id", Map.of()).stream().mapToLong(r -> ((Number) ((List<?>) r).get(2)).longValue()).sum();
                assertEquals(acked * per, summed, "the host's id summary counts the same distinct ids");
                e.reset();
                assertEquals(0, e.queryLong("SELECT count(*) AS c FROM User"), "a reset empties the class");
                assertTrue(e.indexStates().stream().anyMatch(i -> i.name().equals("graphperf_user_user_id_unique")), "and keeps its index: " + e.indexStates());
            }
        }
    }

    @Test
    void aFieldThatIsNotWhatItsHeaderSaysIsNamedWithItsFileAndLine(@TempDir Path dir) throws Exception {
        Path data = Files.createDirectories(dir.resolve("data"));
        List<String> args = ImportFixtures.people(data);
        Files.writeString(data.resolve("Person-part-00002.csv"), "4,Di,1999,true\n5,Ed,nineteen,false\n");
        BulkImport store = engines(dir.resolve("trial")).bulkImport("bad", Map.of());
        RuntimeException e = assertThrows(RuntimeException.class, () -> store.importFiles(args, null));
        assertTrue(e.getMessage().contains("Person-part-00002.csv, line 2") && e.getMessage().contains("'nineteen' is not a long"), e.getMessage());
        store.deleteStore();
    }
}
