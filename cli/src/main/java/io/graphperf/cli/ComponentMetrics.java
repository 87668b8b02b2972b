package io.graphperf.cli;

import io.graphperf.core.engine.Engine;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static io.graphperf.cli.MetricsEndpoint.counter;
import static io.graphperf.cli.MetricsEndpoint.esc;
import static io.graphperf.cli.MetricsEndpoint.gauge;
import static io.graphperf.cli.MetricsEndpoint.info;

/**
 * {@code graphperf serve}'s live metrics ({@code --metrics-port}): the components' own counters, read at each scrape from the
 * server — {@code graphperf.batch.metrics()} (the batch writer's queue, batches, acknowledgements, lags) and, when the change
 * stream runs, {@code graphperf.cdc.metrics()} — with the server's CPU, in the OpenMetrics text format (docs/metrics.md).
 * A number becomes a gauge named after its component and key ({@code graphperf_batch_writer_queued}); a text value an info.
 */
final class ComponentMetrics {

    private final Engine engine;
    private final boolean cdc;

    ComponentMetrics(Engine engine, boolean cdc) {
        this.engine = engine;
        this.cdc = cdc;
    }

    /** The metrics now; a component that cannot be read (the server stopping) is left out, with the reason as an info. */
    String render() {
        StringBuilder b = new StringBuilder();
        component(b, "graphperf_batch_writer", "CALL graphperf.batch.metrics() YIELD name, value RETURN [name, value]");
        if (cdc) component(b, "graphperf_cdc", "CALL graphperf.cdc.metrics() YIELD name, value RETURN [name, value]");
        double cpu = 0;
        for (long pid : engine.serverPids()) {
            Optional<Duration> d = ProcessHandle.of(pid).flatMap(p -> p.info().totalCpuDuration());
            if (d.isPresent()) cpu += d.get().toNanos() / 1e9;
        }
        counter(b, "graphperf_engine_cpu_seconds", "CPU time of the server's processes (rate() gives cores).", "", cpu);
        return b.append("# EOF\n").toString();
    }

    private void component(StringBuilder b, String prefix, String query) {
        List<Object> rows;
        try {
            rows = engine.queryColumn(query);
        } catch (Exception e) {
            info(b, prefix + "_unreadable", "Why the component's metrics could not be read.", "reason=\"" + esc(String.valueOf(e.getMessage())) + "\"");
            return;
        }
        for (Object row : rows) {
            List<?> nv = (List<?>) row;
            String name = prefix + "_" + String.valueOf(nv.get(0)).replaceAll("([a-z0-9])([A-Z])", "$1_$2").replaceAll("[^A-Za-z0-9_]", "_")
                    .toLowerCase(Locale.ROOT);
            Object value = nv.get(1);
            String help = "The " + prefix.substring("graphperf_".length()).replace('_', ' ') + "'s " + nv.get(0) + ".";
            if (value instanceof Number n) gauge(b, name, help, "", n.doubleValue());
            else if (value instanceof Boolean flag) gauge(b, name, help + " (1 true, 0 false)", "", flag ? 1 : 0);
            else if (value != null) info(b, name, help, "value=\"" + esc(String.valueOf(value)) + "\"");
        }
    }
}
