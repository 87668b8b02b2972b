package io.graphperf.cli;

import io.graphperf.core.UserError;
import io.graphperf.core.measure.Closed;
import io.graphperf.core.measure.Interval;
import io.graphperf.core.measure.Open;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.measure.RunListener;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Warmup;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The live metrics endpoint on its own: what a scrape reads as a cell runs, the events passed on to the console, bad addresses. */
class LiveMetricsTest {

    private static String scrape(LiveMetrics m) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(m.address())).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        assertEquals(MetricsEndpoint.CONTENT_TYPE, r.headers().firstValue("Content-Type").orElse(""));
        return r.body();
    }

    @Test
    void aScrapeReadsTheRunningCellAndTheConsoleStillSeesEveryEvent() throws Exception {
        List<String> seen = new ArrayList<>();
        ProgressListener console = new ProgressListener() {
            @Override
            public void phase(String label) {
                seen.add("phase " + label);
            }

            @Override
            public void interval(Interval sample) {
                seen.add("interval " + sample.ops());
            }

            @Override
            public void windowStarted(long nanos, double warmupSeconds, RunListener.WarmupEnd why) {
                seen.add("window");
            }
        };
        try (LiveMetrics m = LiveMetrics.start("0", "writes", console)) {
            String before = scrape(m);
            assertTrue(before.contains("graphperf_run_info{experiment=\"writes\",step=\"starting\"} 1"), before);
            assertTrue(before.endsWith("# EOF\n"), "OpenMetrics ends with # EOF");
            m.phase("cell 2/9: unwind-1000 over bolt");
            m.planned(new RunPlan(new Open(500, 8), new Warmup.Fixed(Duration.ZERO), Duration.ofSeconds(10)), List.of(ProcessHandle.current().pid()));
            m.interval(new Interval(1, 1, Interval.Phase.WARMUP, 400, 400, 1.5, 12, 2, 0.3));
            m.windowStarted(0, 1, RunListener.WarmupEnd.FIXED);
            m.interval(new Interval(2, 1, Interval.Phase.WINDOW, 480, 480, 2.0, 20, 1, 0.1));
            String during = scrape(m);
            String labels = "{experiment=\"writes\",cell=\"unwind-1000 over bolt\",phase=\"window\"}";
            for (String line : List.of("graphperf_throughput_ops_per_second" + labels + " 480", "graphperf_latency_p50_seconds" + labels + " 0.002",
                    "graphperf_latency_p99_seconds" + labels + " 0.02", "graphperf_operations_total" + labels + " 880",
                    "graphperf_errors_total" + labels + " 3", "graphperf_offered_ops_per_second" + labels + " 500", "graphperf_clients" + labels + " 8",
                    "graphperf_cells_started_total{experiment=\"writes\"} 1", "# TYPE graphperf_operations counter")) {
                assertTrue(during.contains(line + "\n"), "expected " + line + " in:\n" + during);
            }
            assertTrue(during.matches("(?s).*graphperf_engine_cpu_seconds_total\\{[^}]*} [0-9.]+\n.*"), "this JVM's CPU as the engine's: " + during);
            m.planned(new RunPlan(new Closed(4), new Warmup.Fixed(Duration.ZERO), Duration.ofSeconds(10)), List.of());
            String next = scrape(m);
            assertTrue(next.contains("graphperf_offered_ops_per_second{experiment=\"writes\",cell=\"unwind-1000 over bolt\",phase=\"warmup\"} NaN")
                    && next.contains("graphperf_operations_total{experiment=\"writes\",cell=\"unwind-1000 over bolt\",phase=\"warmup\"} 0"),
                    "a new cell starts its counts again; the closed model offers no rate: " + next);
        }
        assertEquals(List.of("phase cell 2/9: unwind-1000 over bolt", "interval 400", "window", "interval 480"), seen);
    }

    @Test
    void aBadAddressIsRefusedNamingTheOption() {
        UserError e = assertThrows(UserError.class, () -> LiveMetrics.start("localhost:http", "writes", ProgressListener.NONE));
        assertTrue(e.getMessage().contains("--metrics-port localhost:http"), e.getMessage());
        e = assertThrows(UserError.class, () -> LiveMetrics.start("70000", "writes", ProgressListener.NONE));
        assertTrue(e.getMessage().contains("0 to 65535"), e.getMessage());
    }
}
