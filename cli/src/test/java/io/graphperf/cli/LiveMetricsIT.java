package io.graphperf.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real run's live metrics, scraped while its cell is measured and parsed by the reference OpenMetrics parser (prometheus_client's,
 * installed into a fresh virtual environment): the running cell's throughput, latencies, operations and the engine's CPU; the
 * endpoint gone once the run ends.
 */
class LiveMetricsIT {

    @Test
    void aRunsMetricsAreScrapedAndParsedWhileItRuns(@TempDir Path dir) throws Exception {
        Path venv = dir.resolve("venv");
        exec(dir, List.of("python3", "-m", "venv", venv.toString()), null);
        exec(dir, List.of(venv.resolve("bin/pip").toString(), "install", "-q", "prometheus_client"), null);
        Path parser = dir.resolve("parse.py");
        Files.writeString(parser, """
                import sys
                from prometheus_client.openmetrics.parser import text_string_to_metric_families
                for family in text_string_to_metric_families(sys.stdin.read()):
                    for s in family.samples:
                        print(family.type, s.name, s.labels.get("phase", "-"), s.value)
                """);
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String address = "http://127.0.0.1:" + port + "/metrics";
        CompletableFuture<CliErrorsTest.Outcome> run = CompletableFuture.supplyAsync(() -> CliErrorsTest.cli("run", "writes", "--scenarios",
                "create-labelled-indexed", "--transports", "bolt", "--clients", "4", "--warmup", "3s", "--duration", "8s", "--server-warmup", "0s",
                "--metrics-port", "127.0.0.1:" + port, "--out", dir.resolve("results").toString()));
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        List<String> parsedInWindow = new ArrayList<>();
        int scrapes = 0;
        while (!run.isDone()) {
            Thread.sleep(250);
            HttpResponse<String> r;
            try {
                r = http.send(HttpRequest.newBuilder(URI.create(address)).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            } catch (IOException notYetOrGone) {
                continue;
            }
            scrapes++;
            assertEquals(200, r.statusCode());
            if (!parsedInWindow.isEmpty() || !r.body().contains("phase=\"window\"")) continue;
            String parsed = exec(dir, List.of(venv.resolve("bin/python").toString(), parser.toString()), r.body());
            if (sample(parsed, "graphperf_operations_total") > 0) parsedInWindow.add(parsed);
        }
        CliErrorsTest.Outcome o = run.get(10, TimeUnit.MINUTES);
        assertEquals(0, o.code(), o.failure());
        assertTrue(o.out().contains("live metrics: " + address), o.out());
        assertTrue(scrapes > 0 && !parsedInWindow.isEmpty(), "scraped " + scrapes + " times; none parsed in the window");
        String p = parsedInWindow.get(0);
        assertTrue(p.contains("gauge graphperf_throughput_ops_per_second window ") && sample(p, "graphperf_throughput_ops_per_second") > 0, p);
        assertTrue(sample(p, "graphperf_latency_p99_seconds") > 0 && sample(p, "graphperf_latency_p50_seconds") <= sample(p, "graphperf_latency_p99_seconds"), p);
        assertTrue(p.contains("counter graphperf_engine_cpu_seconds_total") && sample(p, "graphperf_engine_cpu_seconds_total") > 0, "the engine's CPU: " + p);
        assertEquals(4.0, sample(p, "graphperf_clients"), p);
        assertTrue(p.contains("info graphperf_run_info"), p);
        assertThrows(ConnectException.class, () -> http.send(HttpRequest.newBuilder(URI.create(address)).build(), HttpResponse.BodyHandlers.ofString()),
                "the endpoint closes with the run");
    }

    /** The value of the first sample named {@code name} in the parser's lines (type, name, phase, value). */
    private static double sample(String parsed, String name) {
        for (String line : parsed.split("\n")) {
            String[] f = line.trim().split(" ");
            if (f.length == 4 && f[1].equals(name)) return Double.parseDouble(f[3]);
        }
        return Double.NaN;
    }

    private static String exec(Path dir, List<String> cmd, String stdin) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        if (stdin != null) {
            try (var in = p.getOutputStream()) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        } else {
            p.getOutputStream().close();
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), String.join(" ", cmd) + " ends");
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + ": " + out);
        return out;
    }
}
