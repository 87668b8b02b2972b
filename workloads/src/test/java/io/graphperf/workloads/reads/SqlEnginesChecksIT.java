package io.graphperf.workloads.reads;

import io.graphperf.core.engine.DialectName;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.results.Check;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.Engines;
import io.graphperf.workloads.options.EngineCatalog;
import io.graphperf.workloads.imports.ImportDataset;
import io.graphperf.workloads.imports.ImportDatasets;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * E2's 19 queries in an engine's own texts (ArcadeDB's and OrientDB's SQL, FalkorDB's Cypher) on that engine's load of the generated
 * dataset, checked against the oracle; then the engine's answers made wrong (every person's first name changed in the store) and the same checks must fail,
 * naming the queries that read it and the engine.
 */
class SqlEnginesChecksIT {

    @ParameterizedTest
    @ValueSource(strings = {"arcadedb", "orientdb", "falkordb"})
    void everyAnswerMatchesTheFilesAndAWrongStoreFailsItsChecks(String engine, @TempDir Path dir) throws Exception {
        ImportDataset ds = ImportDatasets.generated("social", 0.05, 1, 0, 2, dir.resolve("ds"), List.of(), ProgressListener.NONE);
        Path home = Path.of(System.getProperty("graphperf.home", "../"));
        Engines engines = EngineCatalog.onClassPath().modules().get(engine).engines(new EngineDescriptor.Context(dir.resolve("trial"), dir.resolve("trial"), home,
                engine.equals("falkordb") ? "256m" : "512m", 128L << 20, Map.of(), false));
        boolean cypher = engine.equals("falkordb");
        String sql = engine.equals("arcadedb") ? "sql:" : "";
        BulkImport store = engines.bulkImport("reads", Map.of());
        BulkImport.Outcome out = store.importFiles(ds.importArguments(10_000), ProgressListener.NONE);
        assertEquals(0, out.badEntries(), "the loader took every row: " + out);
        ReadWorkload w = new ReadWorkload(ds.dir());
        try (Engine e = store.start()) {
            assertEquals(w.people(), e.queryLong(cypher ? "MATCH (p:Person) RETURN count(p)" : sql + "SELECT count(*) AS c FROM Person"), "every person loaded");
            for (String st : SocialDialects.schema(DialectName.of(engine))) e.execute(st);
            List<String> failures = new ArrayList<>();
            Map<String, Check> checks = w.check(e, List.of(TransportName.EMBEDDED), List.of(ReadWorkload.CYPHER), SocialQueries.all(), 5, ProgressListener.NONE, failures);
            assertEquals(List.of(), failures, engine + "'s answers equal the files'");
            assertEquals(19, checks.size(), "every query checked: " + checks.keySet());
            assertTrue(checks.values().stream().allMatch(Check::passed), checks.toString());

            e.execute(cypher ? "MATCH (p:Person) SET p.firstName = 'Wrong'" : sql + "UPDATE Person SET firstName = 'Wrong'");
            List<String> wrong = new ArrayList<>();
            Map<String, Check> after = w.check(e, List.of(TransportName.EMBEDDED), List.of(ReadWorkload.CYPHER), SocialQueries.all(), 5, ProgressListener.NONE, wrong);
            for (String q : List.of("q10", "q11", "q13")) {
                assertTrue(!after.get(ReadWorkload.key(q, TransportName.EMBEDDED, ReadWorkload.CYPHER)).passed(), q + " reads first names and must fail: " + after);
            }
            assertTrue(after.get(ReadWorkload.key("q01", TransportName.EMBEDDED, ReadWorkload.CYPHER)).passed(), "q01 reads no first name: " + after);
            assertTrue(wrong.stream().anyMatch(f -> f.startsWith("wrong result: q13") && f.contains("on " + engine)), wrong.toString());
        } finally {
            store.deleteStore();
        }
    }
}
