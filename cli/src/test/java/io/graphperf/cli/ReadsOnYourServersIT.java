package io.graphperf.cli;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineGroup;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.engines.neo4j.HostSettings;
import io.graphperf.engines.neo4j.Neo4jBulkImport;
import io.graphperf.engines.neo4j.Neo4jEngine;
import io.graphperf.workloads.Experiments;
import io.graphperf.workloads.imports.ImportDataset;
import io.graphperf.workloads.imports.ImportDatasets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * E2 on "your" servers: two Neo4j servers this test starts itself and loads with the social dataset stand for a user's,
 * given to graphperf only by their Bolt addresses. graphperf checks the results on them, measures the first alone and
 * both as a round-robin group, and leaves them running and their data in place; a server without the data is named.
 */
class ReadsOnYourServersIT {

    static {
        Experiments.all();
    }

    @Test
    void aListOfServersIsARoundRobinGroup(@TempDir Path dir) throws Exception {
        ImportDataset ds = ImportDatasets.generated("social", 0.05, 1, 0, 2, dir.resolve("ds"), List.of(), ProgressListener.NONE);
        Neo4jBulkImport store = new Neo4jBulkImport(new HostSettings(dir.resolve("yours"), "1g", "128m", null, null, 0, 0, Map.of()), Home.get(), "1G");
        store.importFiles(ds.importArguments(10_000), ProgressListener.NONE);
        try (Engine group = store.startGroup(2, Map.of(), 0)) {
            List<Engine> yours = ((EngineGroup) group).members();
            String list = yours.stream().map(e -> ((Neo4jEngine) e).boltUri()).collect(Collectors.joining(","));
            String http = yours.stream().map(e -> ((Neo4jEngine) e).httpUrl()).collect(Collectors.joining(","));
            CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "reads", "--server", list, "--http-url", http, "--scale", "0.05", "--dataset-cache",
                    dir.resolve("ds").toString(),
                    "--queries", "q01,q10,q13", "--repeat-factor", "0.02", "--check-samples", "3", "--threads", "1,4", "--rates", "50", "--connections", "1",
                    "--sweep-clients", "4", "--warmup", "500ms", "--duration", "1s", "--server-warmup", "0s", "--out", dir.resolve("out").toString());
            assertEquals(0, o.code(), o.failure());
            Path runDir;
            try (var l = Files.list(dir.resolve("out"))) {
                runDir = l.filter(p -> p.getFileName().toString().endsWith("-reads")).findFirst().orElseThrow();
            }
            RunResult run = JsonExporter.read(runDir);
            assertTrue(run.passed(), run.failures().toString());
            assertEquals(Set.of("bolt", "http"), run.cells().stream().map(Cell::transport).collect(Collectors.toSet()), "embedded and ws-* need graphperf's engine");
            Set<String> grouped = run.cells().stream().filter(c -> Objects.equals(c.dimensions().get("servers"), 2))
                    .map(Cell::transport).collect(Collectors.toSet());
            assertEquals(Set.of("bolt", "http"), grouped, "both given servers as one round-robin group, over each transport");
            assertTrue(run.cells().stream().filter(c -> c.dimensions().containsKey("servers")).allMatch(c -> c.measurement().outcomes().errors() == 0
                    && c.measurement().throughput().opsPerSecond() > 0));
            assertTrue(run.cells().stream().noneMatch(c -> c.dimensions().containsKey("serverThreads")), "your servers' pools are yours to set");
            for (Engine e : yours) {
                e.checkHealthy();
                assertTrue(e.queryLong("MATCH (p:Person) RETURN count(p)") > 0, "your data stays");
            }
        } finally {
            store.deleteStore();
        }
        // a server without the dataset: the run fails, saying what to load
        try (Neo4jEngine empty = Neo4jEngine.embedded(new HostSettings(dir.resolve("empty"), "512m", "64m", null, null, 0, 0, Map.of()), Home.get())) {
            CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "reads", "--server", empty.boltUri(), "--http-url", empty.httpUrl(), "--scale", "0.05",
                    "--dataset-cache", dir.resolve("ds").toString(),
                    "--queries", "q01", "--check-samples", "2", "--out", dir.resolve("out2").toString());
            assertNotEquals(0, o.code());
            assertTrue(o.out().contains("does not hold the social dataset at scale 0.05") && o.out().contains("graphperf datagen social"), o.out() + o.err());
        }
    }
}
