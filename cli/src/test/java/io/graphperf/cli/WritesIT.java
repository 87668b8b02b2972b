package io.graphperf.cli;

import io.graphperf.core.measure.Measurement;
import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Check;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.TargetCheck;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The real thing end to end: graphperf starts Neo4j in a child JVM, warms it, measures cells over Bolt and HTTP
 * until steady, checks the engine id by id, and writes the results folder.
 */
class WritesIT {

    static Path onlyRun(Path out) throws Exception {
        try (Stream<Path> dirs = Files.list(out)) {
            // a results folder is named by its start and experiment (20261126-011827-quick); datasets and caches are not
            return dirs.filter(Files::isDirectory).filter(p -> p.getFileName().toString().matches("\\d{8}-\\d{6}-.+")).findFirst().orElseThrow();
        }
    }

    @Test
    void twoScenariosOverBoltAndHttp(@TempDir Path out) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "writes", "--scenarios", "create-labelled-indexed,unwind-100",
                "--clients", "4", "--warmup-max", "8s", "--duration", "2s", "--server-warmup", "4s", "--server-warmup-on", "create-labelled,unwind-100",
                "--seed", "11", "--out", out.toString());
        assertEquals(0, o.code(), o.failure());
        assertTrue(o.out().contains("Report:  ") && o.out().contains("seed 11"), o.out());
        Path run = onlyRun(out);
        for (String f : List.of("run.json", "results.csv", "report.html")) assertTrue(Files.size(run.resolve(f)) > 0, f);
        assertTrue(!Files.exists(run.resolve("engine-writes").resolve("data")), "the store is deleted after the run");
        assertTrue(Files.exists(run.resolve("engine-writes").resolve("logs").resolve("debug.log")), "the server's logs are kept");

        RunResult r = JsonExporter.read(run);
        assertEquals(4, r.cells().size());
        assertEquals(List.of(), r.failures());
        for (String key : List.of("graphperf.commit", "java.version", "cpu.model", "cpu.cores", "memory.total", "driver", "server.Neo4j Kernel")) {
            assertTrue(r.environment().get(key) != null, "environment has " + key);
        }
        assertTrue(String.valueOf(r.environment().get("server.Neo4j Kernel")).contains("5.26.30"));
        assertTrue(String.valueOf(r.configuration().get("cellOrder")).contains("seed 11"), r.configuration().toString());
        assertTrue(String.valueOf(r.configuration().get("serverWarmup")).contains("round"), r.configuration().toString());
        assertEquals("a fixed set (--server-warmup-on): create-labelled/bolt, create-labelled/http, unwind-100/bolt, unwind-100/http",
                r.configuration().get("serverWarmupOn"), "the warm-up ran the named set, not the cells");
        assertTrue(Files.readString(run.resolve("report.html")).contains("workloads: a fixed set (--server-warmup-on): create-labelled/bolt"),
                "the report says what the engine was warmed on");
        for (Cell c : r.cells()) {
            Measurement m = c.measurement();
            assertTrue(m.outcomes().acknowledgedOps() > 0 && m.throughput().ops() > 0 && m.throughput().opsPerSecond() > 0, c.label());
            assertEquals(0, m.outcomes().errors(), c.label() + " " + m.outcomes().errorSamples());
            // capped at 8 s; the sampler thread that notices the cap may run late on a busy machine (by far less than a second)
            assertTrue(m.warmupEnd().seconds() > 0 && m.warmupEnd().seconds() <= 9, "warm-up until steady, capped: " + m.warmupEnd().seconds());
            assertTrue(!m.throughput().timeline().isEmpty() && m.throughput().batchRates().size() >= 2, c.label());
            // the engine held exactly the acknowledged ids, each once
            Check id = c.checks().get(0);
            assertTrue(id.what().contains("by id"), id.what());
            assertTrue(id.passed(), id + "");
            long perOp = c.scenario().equals("unwind-100") ? 100 : 1;
            assertEquals(perOp * m.outcomes().acknowledgedOps(), id.actual(), c.label());
            assertTrue(id.detail().startsWith("0 missing, 0 duplicated, 0 never issued"), id.detail());
            // every cell's histogram log holds as many window operations as its latency summary
            Path hlog = run.resolve("histograms").resolve(m.latencies().histogramLog());
            long logged = 0;
            HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                if (!List.of("warmup", "errors", "service").contains(h.getTag())) logged += ((AbstractHistogram) h).getTotalCount();
            }
            assertEquals(m.latencies().all().count(), logged, c.label());
        }
        List<String> csv = Files.readAllLines(run.resolve("results.csv"));
        assertEquals(5, csv.size());
        assertTrue(csv.get(0).startsWith("experiment,scenario,transport,clients,load,offered_per_s,variant,repeat,scale,ops,ops_per_s,entities_per_s,"
                + "p50_ms,p90_ms,p99_ms,p999_ms,max_ms,errors,"), csv.get(0));
        assertTrue(csv.get(0).contains(",steady,warmup_s,trend_pct_per_s,"), csv.get(0));
        assertTrue(csv.get(1).startsWith("writes,create-labelled-indexed,bolt,4,closed,,baseline,1,,"), csv.get(1));
    }

    @Test
    void batchWriterScenarioWithItsBaselinesOverBoltAndHttp(@TempDir Path out) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "writes", "--scenarios", "create-labelled-indexed-c8,batch-writer-applied-c8,batch-writer-durable-c8",
                "--warmup", "1s", "--duration", "2s", "--server-warmup", "0s", "--out", out.toString());
        assertEquals(0, o.code(), o.failure());
        assertTrue(o.out().contains("targets (entities/s ratios") && o.out().contains("batch writer (applied acks) vs one transaction per write, 8 clients over bolt"),
                o.out());
        RunResult r = JsonExporter.read(onlyRun(out));
        assertEquals(List.of(), r.failures());
        int writerCells = 0;
        for (Cell c : r.cells()) {
            Measurement m = c.measurement();
            assertEquals(8, m.loadModel().clients(), c.label() + ": the scenario fixes its clients");
            assertEquals(0, m.outcomes().errors(), c.label() + " " + m.outcomes().errorSamples());
            if (!c.scenario().startsWith("batch-writer")) continue;
            writerCells++;
            Map<String, Object> w = c.component();
            // the writer applied exactly what the clients were acknowledged, and the engine holds those ids
            assertEquals(true, w.get("drainedAfterWindow"), c.label());
            assertEquals(m.outcomes().acknowledgedOps(), ((Number) w.get("submitted")).longValue(), c.label());
            assertEquals(m.outcomes().acknowledgedOps(), ((Number) w.get("appliedWrites")).longValue(), c.label());
            assertEquals(m.outcomes().acknowledgedOps(), c.checks().get(0).actual(), c.label());
            assertTrue(c.checks().get(0).passed(), c.checks().toString());
            assertEquals(0L, ((Number) w.get("rejected")).longValue(), c.label());
            assertEquals(0L, ((Number) w.get("deadLetters")).longValue(), c.label());
        }
        assertEquals(4, writerCells, "two ack modes over Bolt and HTTP");
        List<TargetCheck> targets = r.targets();
        assertEquals(4, targets.size(), "each writer cell against the one baseline that ran, per transport");
        for (TargetCheck t : targets) {
            assertEquals("create-labelled-indexed-c8", t.baseline());
            assertTrue(t.ratio() > 0 && (Double.isNaN(t.low()) || t.low() <= t.ratio() && t.ratio() <= t.high()), t.toString());
        }
        String html = Files.readString(onlyRun(out).resolve("report.html"));
        assertTrue(html.contains("Batch writer</h2>") && html.contains("Targets</h2>"));
    }

    /**
     * A duet on real engines: the baseline and a variant (each of its operations made twice as long) run at once, two Neo4j processes,
     * every cell started together; each round's two cells are paired and the slowed side is found slower, with where the noise
     * lives; every acknowledged id is checked on both sides.
     */
    @Test
    void aDuetPairsTwoEnginesCellForCellAndFindsAnInjectedSlowdown(@TempDir Path out) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "writes", "--scenarios", "create-labelled-indexed", "--transports", "bolt", "--clients", "4",
                "--warmup", "2s", "--duration", "3s", "--server-warmup", "0s", "--variant", "slow:graphperf.slowdown=100%", "--pairing", "duet", "--repeat", "3",
                "--heap", "512m", "--page-cache", "128m", "--out", out.toString());
        assertEquals(0, o.code(), o.failure());
        RunResult r = JsonExporter.read(onlyRun(out));
        assertEquals(List.of(), r.failures());
        assertEquals(6, r.cells().size(), "both sides in each of 3 rounds");
        for (Cell c : r.cells()) assertTrue(c.verified(), c.label() + " " + c.checks());
        var vc = r.comparisons().get(0);
        assertTrue(vc.test().startsWith("a duet"), vc.test());
        assertEquals(io.graphperf.core.stats.Verdicts.Outcome.WORSE, vc.figures().get(0).outcome(), vc.figures().get(0).reason());
        assertEquals(1, vc.noise().size());
        assertTrue(o.out().contains("where the noise lives: "), o.out());
    }

    /** The issue's own command: the writer through the gateway, pipelined, beside its baselines over Bolt and over the gateway (Cypher). */
    @Test
    void batchWriterThroughTheGatewayBesideItsBaselines(@TempDir Path out) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "writes", "--transports", "bolt,ws-bson", "--scenarios",
                "create-labelled-indexed,unwind-1000,batch-writer-ws-durable", "--warmup", "1s", "--duration", "2s", "--server-warmup", "0s",
                "--out", out.toString());
        assertEquals(0, o.code(), o.failure());
        RunResult r = JsonExporter.read(onlyRun(out));
        assertEquals(List.of(), r.failures());
        assertEquals(java.util.Set.of("create-labelled-indexed/bolt", "create-labelled-indexed/ws-bson", "unwind-1000/bolt", "unwind-1000/ws-bson",
                "batch-writer-ws-durable/ws-bson"), r.cells().stream().map(c -> c.scenario() + "/" + c.transport()).collect(java.util.stream.Collectors.toSet()),
                "the gateway's writer scenario over the gateway only");
        Cell w = r.cells().stream().filter(c -> c.scenario().equals("batch-writer-ws-durable")).findFirst().orElseThrow();
        Measurement m = w.measurement();
        assertEquals(0, m.outcomes().errors(), m.outcomes().errorSamples().toString());
        assertEquals(64 * m.outcomes().acknowledgedOps(), m.outcomes().acknowledgedEntities(), "64 submits in flight per operation");
        assertEquals(m.outcomes().acknowledgedEntities(), ((Number) w.component().get("submitted")).longValue());
        assertEquals(m.outcomes().acknowledgedEntities(), ((Number) w.component().get("appliedWrites")).longValue(), "each acknowledged write applied once");
        assertTrue(w.checks().get(0).passed(), w.checks().toString());
        assertEquals(m.outcomes().acknowledgedEntities(), w.checks().get(0).actual());
        assertTrue(r.targets().stream().anyMatch(t -> t.label().contains("through the gateway") && t.baseline().equals("unwind-1000")), r.targets().toString());
        CliErrorsTest.Outcome wrong = CliErrorsTest.cli("run", "writes", "--transports", "bolt", "--scenarios", "batch-writer-ws-durable", "--out", out.toString());
        assertTrue(wrong.code() != 0, "refused");
        assertTrue(wrong.err().contains("batch-writer-ws-durable runs over the gateway's ws-* transports"), wrong.err());
    }
}
