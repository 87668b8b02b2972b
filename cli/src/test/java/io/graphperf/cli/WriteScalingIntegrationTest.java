package io.graphperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The real thing end to end: graphperf starts Neo4j in a child JVM, runs two E4 scenarios for 2 s over
 * Bolt and HTTP, counts the database, and writes the results folder.
 */
class WriteScalingIntegrationTest {

    @Test
    void twoScenariosOverBoltAndHttp(@TempDir Path out) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "writes", "--scenarios", "create-labelled-indexed,unwind-100",
                "--clients", "4", "--warmup", "500ms", "--duration", "2s", "--out", out.toString());
        assertEquals(0, o.code(), o.err() + o.out());
        assertTrue(o.out().contains("Report:  "), o.out());

        Path run;
        try (Stream<Path> dirs = Files.list(out)) {
            run = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        for (String f : List.of("run.json", "summary.csv", "report.html")) assertTrue(Files.size(run.resolve(f)) > 0, f);
        assertTrue(!Files.exists(run.resolve("engine").resolve("data")), "the store is deleted after the run");
        assertTrue(Files.exists(run.resolve("engine").resolve("logs").resolve("debug.log")), "the server's logs are kept");

        JsonNode json = new ObjectMapper().readTree(run.resolve("run.json").toFile());
        assertEquals(4, json.get("scenarios").size());
        assertEquals(0, json.get("failures").size());
        for (String key : List.of("graphperf.commit", "java.version", "cpu.model", "cpu.cores", "memory.total", "driver", "server.Neo4j Kernel")) {
            assertTrue(json.get("environment").hasNonNull(key), "environment has " + key);
        }
        assertTrue(json.get("environment").get("server.Neo4j Kernel").asText().contains("5.26.30"));
        for (JsonNode s : json.get("scenarios")) {
            String label = s.get("scenario").asText() + "/" + s.get("transport").asText();
            JsonNode m = s.get("measurement");
            long acked = m.get("acknowledgedOps").asLong();
            assertTrue(acked > 0, label);
            assertTrue(m.get("windowOps").asLong() > 0 && m.get("opsPerSecond").asDouble() > 0, label);
            assertEquals(0, m.get("errors").asLong(), label + " " + m.get("errorSamples"));
            // the database held exactly what was acknowledged
            for (JsonNode v : s.get("verifications")) {
                assertEquals(v.get("expected").asLong(), v.get("actual").asLong(), label);
                long perOp = s.get("scenario").asText().equals("unwind-100") ? 100 : 1;
                assertEquals(perOp * acked, v.get("actual").asLong(), label);
            }
            // every scenario's histogram log holds as many operations as its latency summary
            Path hlog = run.resolve("histograms").resolve(m.get("histogramLog").asText());
            long logged = 0;
            HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                logged += ((AbstractHistogram) h).getTotalCount();
            }
            assertTrue(logged > 0, label);
            assertEquals(m.get("latency").get("count").asLong(), logged, label);
            assertTrue(m.get("latency").get("p99Ms").asDouble() >= m.get("latency").get("p50Ms").asDouble());
        }
        List<String> csv = Files.readAllLines(run.resolve("summary.csv"));
        assertEquals(5, csv.size());
        assertTrue(csv.get(1).startsWith("writes,create-labelled-indexed,bolt,closed,4,"), csv.get(1));
    }

    @Test
    void batchWriterScenarioWithItsBaselinesOverBoltAndHttp(@TempDir Path out) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "writes", "--scenarios", "create-labelled-indexed-c8,batch-writer-applied-c8,batch-writer-durable-c8",
                "--warmup", "500ms", "--duration", "2s", "--out", out.toString());
        assertEquals(0, o.code(), o.err() + o.out());
        assertTrue(o.out().contains("targets (entities/s ratios") && o.out().contains("batch writer (applied acks) vs one transaction per write, 8 clients over bolt"),
                o.out());
        Path run;
        try (Stream<Path> dirs = Files.list(out)) {
            run = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        JsonNode json = new ObjectMapper().readTree(run.resolve("run.json").toFile());
        assertEquals(0, json.get("failures").size(), json.get("failures").toString());
        int writerScenarios = 0;
        for (JsonNode s : json.get("scenarios")) {
            String label = s.get("scenario").asText() + "/" + s.get("transport").asText();
            JsonNode m = s.get("measurement");
            assertEquals(8, m.get("clients").asInt(), label + ": the scenario fixes its clients");
            assertEquals(0, m.get("errors").asLong(), label + " " + m.get("errorSamples"));
            if (!s.get("scenario").asText().startsWith("batch-writer")) continue;
            writerScenarios++;
            JsonNode c = s.get("component");
            // the writer applied exactly what the clients were acknowledged, and the graph holds it
            assertTrue(c.get("drainedAfterWindow").asBoolean(), label);
            assertEquals(m.get("acknowledgedOps").asLong(), c.get("submitted").asLong(), label);
            assertEquals(m.get("acknowledgedOps").asLong(), c.get("appliedWrites").asLong(), label);
            assertEquals(m.get("acknowledgedOps").asLong(), s.get("verifications").get(0).get("actual").asLong(), label);
            assertTrue(c.get("batches").asLong() > 0 && c.get("batches").asLong() <= c.get("appliedWrites").asLong(), label);
            assertTrue(c.get("fsyncs").asLong() > 0 && c.get("fsyncs").asLong() <= c.get("submitted").asLong() + 2, label + ": group commit");
            assertEquals(0, c.get("rejected").asLong(), label);
            assertEquals(0, c.get("deadLetters").asLong(), label);
            JsonNode t = s.get("targets");
            assertEquals(1, t.size(), label + ": one baseline of the two ran");
            assertEquals("create-labelled-indexed-c8", t.get(0).get("baseline").asText());
            assertTrue(t.get(0).get("ratio").asDouble() > 0, label);
        }
        assertEquals(4, writerScenarios, "two ack modes over Bolt and HTTP");
        String html = Files.readString(run.resolve("report.html"));
        assertTrue(html.contains("<h2>Batch writer</h2>") && html.contains("<h2>Targets</h2>"));
    }
}
