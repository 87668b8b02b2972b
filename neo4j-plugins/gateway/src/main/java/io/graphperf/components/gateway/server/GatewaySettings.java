package io.graphperf.components.gateway.server;

import io.graphperf.components.batchwriter.neo4j.GraphperfConf;
import org.neo4j.configuration.Config;
import org.neo4j.configuration.SettingValueParsers;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;

/**
 * The gateway's settings, in graphperf.conf beside neo4j.conf (see {@link GraphperfConf}):
 *
 * <pre>
 * graphperf.gateway.enabled=true
 * graphperf.gateway.listen_address=127.0.0.1
 * graphperf.gateway.port=7688
 * graphperf.gateway.database=neo4j
 * graphperf.gateway.threads=8                 (the worker pool that runs requests)
 * graphperf.gateway.max_connections=256
 * graphperf.gateway.max_unauthenticated_connections=32   (of those, not yet logged in; beyond either limit: HTTP 503)
 * graphperf.gateway.hello_timeout=5s          (from accept to a successful hello, else closed)
 * graphperf.gateway.max_in_flight=256         (per connection; beyond it the gateway stops reading that connection)
 * graphperf.gateway.max_message_bytes=4194304     (a request; before login 64 KiB)
 * graphperf.gateway.max_result_bytes=33554432     (a response's encoded size; a larger result is refused, its query stopped)
 * graphperf.gateway.max_connection_bytes=67108864 (bytes held for one connection: requests, results, unread responses)
 * graphperf.gateway.max_total_bytes=           (bytes held for all: default a quarter of the heap, at most 256 MiB)
 * graphperf.gateway.idle_timeout=10m
 * graphperf.gateway.procedures_only=false     (true: free Cypher is refused, only named procedures run)
 * graphperf.gateway.token=                    (a shared secret accepted instead of a Neo4j user)
 * graphperf.gateway.tls_certificate=          (PEM; with tls_key: wss:// only)
 * graphperf.gateway.tls_key=
 * </pre>
 */
record GatewaySettings(Serving serving, Limits limits, Access access) {

    /** Where and on what the gateway serves, and its worker pool. */
    record Serving(boolean enabled, String listenAddress, int port, String database, int threads) {
    }

    /** What one client, and all of them, may hold or take. */
    record Limits(int maxConnections, int maxUnauthenticatedConnections, Duration helloTimeout, int maxInFlight, int maxMessageBytes, long maxResultBytes, long maxConnectionBytes, long maxTotalBytes, Duration idleTimeout) {
    }

    /** Who may run what, and TLS. */
    record Access(boolean proceduresOnly, String token, Path tlsCertificate, Path tlsKey) {
    }

    boolean enabled() {
        return serving.enabled();
    }

    String listenAddress() {
        return serving.listenAddress();
    }

    int port() {
        return serving.port();
    }

    String database() {
        return serving.database();
    }

    int threads() {
        return serving.threads();
    }

    int maxConnections() {
        return limits.maxConnections();
    }

    int maxUnauthenticatedConnections() {
        return limits.maxUnauthenticatedConnections();
    }

    Duration helloTimeout() {
        return limits.helloTimeout();
    }

    int maxInFlight() {
        return limits.maxInFlight();
    }

    int maxMessageBytes() {
        return limits.maxMessageBytes();
    }

    long maxResultBytes() {
        return limits.maxResultBytes();
    }

    long maxConnectionBytes() {
        return limits.maxConnectionBytes();
    }

    long maxTotalBytes() {
        return limits.maxTotalBytes();
    }

    Duration idleTimeout() {
        return limits.idleTimeout();
    }

    boolean proceduresOnly() {
        return access.proceduresOnly();
    }

    String token() {
        return access.token();
    }

    Path tlsCertificate() {
        return access.tlsCertificate();
    }

    Path tlsKey() {
        return access.tlsKey();
    }

    static final String PREFIX = "graphperf.gateway.";
    static final String ENABLED = PREFIX + "enabled", LISTEN = PREFIX + "listen_address", PORT = PREFIX + "port", DATABASE = PREFIX + "database",
            THREADS = PREFIX + "threads", MAX_CONNECTIONS = PREFIX + "max_connections", MAX_IN_FLIGHT = PREFIX + "max_in_flight",
            MAX_MESSAGE = PREFIX + "max_message_bytes", IDLE = PREFIX + "idle_timeout", PROCEDURES_ONLY = PREFIX + "procedures_only",
            TOKEN = PREFIX + "token", TLS_CERT = PREFIX + "tls_certificate", TLS_KEY = PREFIX + "tls_key",
            MAX_UNAUTHENTICATED = PREFIX + "max_unauthenticated_connections", HELLO_TIMEOUT = PREFIX + "hello_timeout",
            MAX_RESULT = PREFIX + "max_result_bytes", MAX_CONNECTION_BYTES = PREFIX + "max_connection_bytes", MAX_TOTAL = PREFIX + "max_total_bytes";
    private static final Set<String> KNOWN = Set.of(ENABLED, LISTEN, PORT, DATABASE, THREADS, MAX_CONNECTIONS, MAX_IN_FLIGHT, MAX_MESSAGE, IDLE,
            PROCEDURES_ONLY, TOKEN, TLS_CERT, TLS_KEY, MAX_UNAUTHENTICATED, HELLO_TIMEOUT, MAX_RESULT, MAX_CONNECTION_BYTES, MAX_TOTAL);
    /** The default of max_total_bytes: a quarter of the heap, at most 256 MiB. */
    static final long TOTAL_DEFAULT = Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 4);

    static GatewaySettings read(Config config) throws IOException {
        GraphperfConf c = GraphperfConf.read(config, PREFIX, KNOWN);
        String cert = c.raw(TLS_CERT, ""), key = c.raw(TLS_KEY, "");
        if (cert.isEmpty() != key.isEmpty()) throw c.bad(cert.isEmpty() ? TLS_CERT : TLS_KEY, "TLS needs both tls_certificate and tls_key");
        GatewaySettings s = new GatewaySettings(new Serving(c.parse(ENABLED, SettingValueParsers.BOOL, true), c.raw(LISTEN, "127.0.0.1"),
                c.parse(PORT, SettingValueParsers.INT, 7688), c.raw(DATABASE, "neo4j"), c.parse(THREADS, SettingValueParsers.INT, 8)),
                new Limits(c.parse(MAX_CONNECTIONS, SettingValueParsers.INT, 256), c.parse(MAX_UNAUTHENTICATED, SettingValueParsers.INT, 32),
                        c.parse(HELLO_TIMEOUT, SettingValueParsers.DURATION, Duration.ofSeconds(5)), c.parse(MAX_IN_FLIGHT, SettingValueParsers.INT, 256),
                        c.parse(MAX_MESSAGE, SettingValueParsers.INT, 4 << 20), c.parse(MAX_RESULT, SettingValueParsers.BYTES, 32L << 20),
                        c.parse(MAX_CONNECTION_BYTES, SettingValueParsers.BYTES, 64L << 20), c.parse(MAX_TOTAL, SettingValueParsers.BYTES, TOTAL_DEFAULT),
                        c.parse(IDLE, SettingValueParsers.DURATION, Duration.ofMinutes(10))),
                new Access(c.parse(PROCEDURES_ONLY, SettingValueParsers.BOOL, false), c.raw(TOKEN, ""), cert.isEmpty() ? null : Path.of(cert),
                        key.isEmpty() ? null : Path.of(key)));
        if (s.threads() < 1) throw c.bad(THREADS, "must be at least 1");
        if (s.port() < 0 || s.port() > 65535) throw c.bad(PORT, "must be a port number");
        if (s.maxInFlight() < 1) throw c.bad(MAX_IN_FLIGHT, "must be at least 1");
        if (s.maxConnections() < 1) throw c.bad(MAX_CONNECTIONS, "must be at least 1");
        if (s.maxUnauthenticatedConnections() < 1 || s.maxUnauthenticatedConnections() > s.maxConnections()) {
            throw c.bad(MAX_UNAUTHENTICATED, "must be at least 1 and at most max_connections (" + s.maxConnections() + ")");
        }
        if (s.helloTimeout().isZero() || s.helloTimeout().isNegative()) throw c.bad(HELLO_TIMEOUT, "must be positive");
        if (s.maxMessageBytes() < 1024 || s.maxMessageBytes() > (1 << 30)) throw c.bad(MAX_MESSAGE, "must be between 1024 and 1 GiB");
        if (s.maxResultBytes() < 1024) throw c.bad(MAX_RESULT, "must be at least 1024");
        if (s.maxConnectionBytes() < Math.max(s.maxResultBytes(), 2L * s.maxMessageBytes())) {
            throw c.bad(MAX_CONNECTION_BYTES, "must hold one result and one request decoded: at least max_result_bytes (" + s.maxResultBytes()
                    + ") and twice max_message_bytes (" + 2L * s.maxMessageBytes() + ")");
        }
        if (s.maxTotalBytes() < s.maxConnectionBytes()) throw c.bad(MAX_TOTAL, "must be at least max_connection_bytes (" + s.maxConnectionBytes() + ")");
        return s;
    }

    boolean tls() {
        return access.tlsCertificate() != null;
    }
}
