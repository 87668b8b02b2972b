package io.graphperf.cli;

import com.sun.net.httpserver.HttpServer;
import io.graphperf.core.UserError;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * An HTTP endpoint serving {@code /metrics} in the OpenMetrics text format ({@code --metrics-port [HOST:]PORT}), the text made by
 * {@code body} at each scrape; with the helpers that write that format's gauges and counters.
 */
final class MetricsEndpoint implements AutoCloseable {

    static final String CONTENT_TYPE = "application/openmetrics-text; version=1.0.0; charset=utf-8";
    private final HttpServer server;

    private MetricsEndpoint(HttpServer server) {
        this.server = server;
    }

    /** Serves {@code /metrics} on {@code [HOST:]PORT} (host 127.0.0.1 unless given; port 0 picks a free one). */
    static MetricsEndpoint start(String address, Supplier<String> body) {
        int colon = address.lastIndexOf(':');
        String host = colon < 0 ? "127.0.0.1" : address.substring(0, colon);
        int port;
        try {
            port = Integer.parseInt(address.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new UserError("--metrics-port " + address + ": give a port, or HOST:PORT (e.g. 9464 or 0.0.0.0:9464)");
        }
        if (port < 0 || port > 65535) throw new UserError("--metrics-port " + address + ": a port is 0 to 65535");
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(host, port), 16);
        } catch (IOException e) {
            throw new UserError("--metrics-port " + address + ": cannot listen there (" + e.getMessage() + ")");
        }
        server.createContext("/metrics", exchange -> {
            byte[] text = body.get().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
            exchange.sendResponseHeaders(200, text.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(text);
            }
        });
        server.setExecutor(null);
        server.start();
        return new MetricsEndpoint(server);
    }

    String address() {
        return "http://" + server.getAddress().getHostString() + ":" + server.getAddress().getPort() + "/metrics";
    }

    static void gauge(StringBuilder b, String name, String help, String labels, double v) {
        b.append("# TYPE ").append(name).append(" gauge\n# HELP ").append(name).append(' ').append(help).append('\n')
                .append(name).append('{').append(labels).append("} ").append(number(v)).append('\n');
    }

    static void counter(StringBuilder b, String name, String help, String labels, double v) {
        b.append("# TYPE ").append(name).append(" counter\n# HELP ").append(name).append(' ').append(help).append('\n')
                .append(name).append("_total{").append(labels).append("} ").append(number(v)).append('\n');
    }

    static void info(StringBuilder b, String name, String help, String labels) {
        b.append("# TYPE ").append(name).append(" info\n# HELP ").append(name).append(' ').append(help).append('\n')
                .append(name).append("_info{").append(labels).append("} 1\n");
    }

    static String number(double v) {
        if (Double.isNaN(v)) return "NaN";
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    /** A label value as the format quotes it. */
    static String esc(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
