package io.graphperf.cli;

import io.graphperf.core.engine.IndexState;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.workloads.imports.SchemaPhase;
import io.graphperf.datagen.Datagen;
import io.graphperf.datagen.Manifest;
import io.graphperf.engines.neo4j.BulkImporter;
import io.graphperf.engines.neo4j.HostSettings;
import io.graphperf.engines.neo4j.Neo4jEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Tiny generated datasets, with injected defects, through Neo4j's real importer: the counts match the manifest. */
class ImportGeneratedDatasetIT {

    @Test
    void socialAndB2bImportWithTheCountsTheManifestPromises(@TempDir Path tmp) throws Exception {
        check("social", 0.02, tmp);
        check("b2b", 0.00005, tmp);
    }

    private static void check(String dataset, double scale, Path tmp) throws Exception {
        Path data = tmp.resolve(dataset + "-data");
        Manifest m = Datagen.generate(new Datagen.Request(dataset, scale, 3, true, 2, 2, false), data, ProgressListener.NONE).manifest();
        HostSettings settings = new HostSettings(tmp.resolve(dataset + "-engine"), "512m", "64m", null, null, 0, 0, Map.of());
        BulkImporter.Result r = BulkImporter.run(settings, Home.get(), m.importArguments(data), "1G");
        String report = Files.readString(r.report());
        // what the importer said about itself, and what graphperf measured around it
        assertEquals(java.util.List.of("Node import", "Relationship import", "Relationship linking", "Post processing"),
                java.util.List.copyOf(r.output().stages().keySet()), r.output().toString());
        assertTrue(r.output().stages().values().stream().allMatch(v -> v > 0), r.output().toString());
        assertTrue(r.output().totalSeconds() > 0 && r.output().totalSeconds() <= r.seconds(), r.toString());
        assertEquals(m.totalNodes(), r.output().nodes());
        assertEquals(m.totalRelationships(), r.output().relationships());
        assertTrue(r.output().properties() > m.totalNodes(), "every node has properties");
        assertTrue(r.peakRssBytes() > 50L << 20, "peak RSS " + r.peakRssBytes());
        assertTrue(r.storeBytes() > 0 && r.storeFiles().keySet().stream().anyMatch(f -> f.startsWith("databases/")), r.storeFiles().toString());
        long dropped = m.defects().stream().filter(d -> d.dropped()).count();
        assertEquals(4, dropped, "2 duplicate ids and 2 dangling relationships");
        // the importer reports what it dropped, and also each extra column it ignored
        long extra = m.defects().stream().filter(d -> d.kind().equals(io.graphperf.datagen.format.Defect.EXTRA_COLUMNS)).count();
        assertEquals(dropped + extra, report.lines().filter(l -> !l.isBlank()).count(), "bad-entries report: " + report);
        assertEquals(dropped + extra, r.badEntries());
        for (var d : m.defects()) {
            if (d.dropped() || d.kind().equals(io.graphperf.datagen.format.Defect.EXTRA_COLUMNS)) {
                assertTrue(report.contains(d.file()) || report.contains(d.row().split(",")[1]), d + " in " + report);
            }
        }
        try (Neo4jEngine t = Neo4jEngine.embedded(settings, Home.get())) {
            for (var e : m.nodes().entrySet()) {
                assertEquals(e.getValue().expected(), t.queryLong("MATCH (n:`" + e.getKey() + "`) RETURN count(n)"), dataset + " :" + e.getKey());
            }
            for (var e : m.relationships().entrySet()) {
                assertEquals(e.getValue().expected(), t.queryLong("MATCH ()-[r:`" + e.getKey() + "`]->() RETURN count(r)"), dataset + " :" + e.getKey());
            }
            assertEquals(m.totalNodes(), t.queryLong("MATCH (n) RETURN count(n)"));
            // schema phase: one uniqueness constraint per label key, timed until ONLINE
            List<SchemaPhase.Step> steps = new ArrayList<>();
            for (String label : m.nodes().keySet()) steps.add(SchemaPhase.Step.uniqueness(label, label.substring(0, 1).toLowerCase() + label.substring(1) + "Key"));
            if (dataset.equals("b2b")) steps.add(SchemaPhase.Step.index("Individual", "lastName"));
            else steps.add(SchemaPhase.Step.index("Person", "lastName"));
            List<SchemaPhase.Timing> timings = SchemaPhase.run(t, steps, ProgressListener.NONE);
            assertEquals(steps.size(), timings.size());
            for (SchemaPhase.Timing st : timings) assertTrue(st.onlineSeconds() >= st.statementSeconds() && st.statementSeconds() > 0, st.toString());
            assertTrue(t.indexStates().stream().allMatch(IndexState::online), t.indexStates().toString());
            // the constraints hold on the imported keys (the duplicate ids were dropped by the importer)
            assertEquals(m.nodes().size(), t.queryLong("SHOW CONSTRAINTS YIELD type WHERE type = 'UNIQUENESS' RETURN count(*)"));
            assertTrue(m.totalRelationships() > 0);
        }
    }
}
