package io.graphperf.workloads.reads;

import io.graphperf.core.engine.TransportName;
import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.results.Check;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.Engines;
import io.graphperf.workloads.options.EngineCatalog;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import io.graphperf.workloads.imports.ImportDataset;
import io.graphperf.workloads.imports.ImportDatasets;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * E2's 19 queries in Kuzu's dialect on Kuzu's own load of the generated dataset (and on LadybugDB's, its fork's, which speaks it), checked against the oracle; then one
 * engine's answers made wrong (every person's first name changed in the store) and the same checks must fail, naming
 * the queries that read it and the engine.
 */
class KuzuChecksIT {

    @ParameterizedTest
    @ValueSource(strings = {"kuzu", "ladybug"})
    void everyAnswerMatchesTheFilesAndAWrongStoreFailsItsChecks(String engine, @TempDir Path dir) throws Exception {
        Path home = Path.of(System.getProperty("graphperf.home", "../"));
        EngineDescriptor d = EngineCatalog.onClassPath().modules().get(engine);
        Assumptions.assumeTrue(d.whyNotRunnable(home).isEmpty(), () -> engine + " cannot run here: " + d.whyNotRunnable(home).orElseThrow());
        ImportDataset ds = ImportDatasets.generated("social", 0.05, 1, 0, 2, dir.resolve("ds"), List.of(), ProgressListener.NONE);
        Engines engines = d.engines(new EngineDescriptor.Context(dir.resolve("trial"), dir.resolve("trial"), home, "512m", 128L << 20, Map.of(), false));
        BulkImport store = engines.bulkImport("reads", Map.of());
        BulkImport.Outcome out = store.importFiles(ds.importArguments(10_000), ProgressListener.NONE);
        assertEquals(0, out.badEntries(), engine + "'s COPY took every row: " + out);
        ReadWorkload w = new ReadWorkload(ds.dir());
        try (Engine e = store.start()) {
            assertEquals(w.people(), e.queryLong("MATCH (p:Person) RETURN count(p)"), "every person loaded");
            List<String> failures = new ArrayList<>();
            Map<String, Check> checks = w.check(e, List.of(TransportName.EMBEDDED), List.of(ReadWorkload.CYPHER), SocialQueries.all(), 5, ProgressListener.NONE, failures);
            assertEquals(List.of(), failures, engine + "'s answers equal the files'");
            assertEquals(19, checks.size(), "every query checked: " + checks.keySet());
            assertTrue(checks.values().stream().allMatch(Check::passed), checks.toString());

            e.execute("MATCH (p:Person) SET p.firstName = 'Wrong'");
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
