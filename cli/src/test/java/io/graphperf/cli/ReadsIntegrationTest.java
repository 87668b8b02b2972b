package io.graphperf.cli;

import io.graphperf.core.export.JsonExporter;
import io.graphperf.core.results.Measurement;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.ScenarioResult;
import io.graphperf.workloads.reads.SocialQueries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * E2 end to end on the scale-1 social dataset: every query's results checked over every transport and
 * form, a short latency and throughput run over each, the time split adding up.
 */
class ReadsIntegrationTest {

    @Test
    void nineteenQueriesCheckedAndMeasuredOverEveryTransport(@TempDir Path dir) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "reads", "--scale", "1", "--out", dir.toString(), "--dataset-cache", dir.resolve("ds").toString(),
                "--repeat-factor", "0.02", "--check-samples", "5", "--threads", "1,4", "--warmup", "500ms", "--duration", "1s", "--rates", "50",
                "--connections", "1", "--bolt-threads", "2", "--sweep-clients", "4", "--heap", "1g", "--page-cache", "256m");
        assertEquals(0, o.code(), o.err() + o.out());
        Path runDir;
        try (var l = Files.list(dir)) {
            runDir = l.filter(p -> p.getFileName().toString().endsWith("-reads")).findFirst().orElseThrow();
        }
        RunResult run = JsonExporter.read(runDir);
        assertTrue(run.passed(), run.failures().toString());
        int combos = 3 * 2; // bolt, http, embedded × cypher, procedure
        assertEquals((19 * 5 * combos) + " of " + (19 * 5 * combos) + " passed", run.configuration().get("resultChecks"));

        Set<String> transports = run.scenarios().stream().map(ScenarioResult::transport).collect(Collectors.toSet());
        assertEquals(Set.of("bolt", "http", "embedded", "bolt/procedure", "http/procedure", "embedded/procedure"), transports);
        for (var q : SocialQueries.all()) {
            for (String t : transports) {
                ScenarioResult s = find(run, q.id(), t);
                long expected = Math.max(1, Math.round(q.repeat() * 0.02));
                assertEquals(expected, s.measurement().latency().count(), q.id() + " over " + t + ": the study's repeat count × 0.02");
                assertEquals(1, s.verifications().size());
                assertTrue(s.verified(), s.verifications().toString());
            }
        }
        for (String t : transports) {
            for (int n : List.of(1, 4)) assertTrue(find(run, "mix@" + n, t).measurement().opsPerSecond() > 0, t + " at " + n + " threads");
        }
        assertTrue(find(run, "open@50", "bolt").measurement().latency().count() > 10);
        assertTrue(find(run, "mix@4 conns=1", "bolt").measurement().opsPerSecond() > 0);
        assertTrue(find(run, "mix@4 boltThreads=2", "bolt").measurement().opsPerSecond() > 0);

        // the split of a Bolt request: server time (as the server reported it) plus the rest is the client-measured time,
        // within HdrHistogram's precision (3 significant digits) and the rounding of means
        for (ScenarioResult s : run.scenarios()) {
            Measurement m = s.measurement();
            if (!s.transport().startsWith("bolt")) continue;
            assertTrue(m.serverTime() != null && m.remainderTime() != null, s.scenario());
            double total = m.serviceTime().meanMs(), parts = m.serverTime().meanMs() + m.remainderTime().meanMs();
            assertEquals(total, parts, 0.01 * total + 0.01, s.scenario() + " over " + s.transport());
        }
        assertTrue(run.scenarios().stream().filter(s -> s.transport().startsWith("http")).allMatch(s -> s.measurement().serverTime() == null),
                "HTTP reports no server time");
        String html = Files.readString(runDir.resolve("report.html"));
        assertTrue(html.contains("E2: result checks") && html.contains("reads-throughput") && html.contains("Where the time goes"));
    }

    private static ScenarioResult find(RunResult run, String scenario, String transport) {
        return run.scenarios().stream().filter(s -> s.scenario().equals(scenario) && s.transport().equals(transport)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + scenario + " over " + transport));
    }
}
