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
 * graphperf.gateway.max_in_flight=256         (per connection; beyond it the gateway stops reading that connection)
 * graphperf.gateway.max_message_bytes=16777216
 * graphperf.gateway.idle_timeout=10m
 * graphperf.gateway.procedures_only=false     (true: free Cypher is refused, only named procedures run)
 * graphperf.gateway.token=                    (a shared secret accepted instead of a Neo4j user)
 * graphperf.gateway.tls_certificate=          (PEM; with tls_key: wss:// only)
 * graphperf.gateway.tls_key=
 * </pre>
 */
record GatewaySettings(boolean enabled, String listenAddress, int port, String database, int threads, int maxConnections, int maxInFlight,
                       int maxMessageBytes, Duration idleTimeout, boolean proceduresOnly, String token, Path tlsCertificate, Path tlsKey) {

    static final String PREFIX = "graphperf.gateway.";
    static final String ENABLED = PREFIX + "enabled", LISTEN = PREFIX + "listen_address", PORT = PREFIX + "port", DATABASE = PREFIX + "database",
            THREADS = PREFIX + "threads", MAX_CONNECTIONS = PREFIX + "max_connections", MAX_IN_FLIGHT = PREFIX + "max_in_flight",
            MAX_MESSAGE = PREFIX + "max_message_bytes", IDLE = PREFIX + "idle_timeout", PROCEDURES_ONLY = PREFIX + "procedures_only",
            TOKEN = PREFIX + "token", TLS_CERT = PREFIX + "tls_certificate", TLS_KEY = PREFIX + "tls_key";
    private static final Set<String> KNOWN = Set.of(ENABLED, LISTEN, PORT, DATABASE, THREADS, MAX_CONNECTIONS, MAX_IN_FLIGHT, MAX_MESSAGE, IDLE,
            PROCEDURES_ONLY, TOKEN, TLS_CERT, TLS_KEY);

    static GatewaySettings read(Config config) throws IOException {
        GraphperfConf c = GraphperfConf.read(config, PREFIX, KNOWN);
        String cert = c.raw(TLS_CERT, ""), key = c.raw(TLS_KEY, "");
        if (cert.isEmpty() != key.isEmpty()) throw c.bad(cert.isEmpty() ? TLS_CERT : TLS_KEY, "TLS needs both tls_certificate and tls_key");
        GatewaySettings s = new GatewaySettings(c.parse(ENABLED, SettingValueParsers.BOOL, true), c.raw(LISTEN, "127.0.0.1"),
                c.parse(PORT, SettingValueParsers.INT, 7688), c.raw(DATABASE, "neo4j"), c.parse(THREADS, SettingValueParsers.INT, 8),
                c.parse(MAX_CONNECTIONS, SettingValueParsers.INT, 256), c.parse(MAX_IN_FLIGHT, SettingValueParsers.INT, 256),
                c.parse(MAX_MESSAGE, SettingValueParsers.INT, 16 << 20), c.parse(IDLE, SettingValueParsers.DURATION, Duration.ofMinutes(10)),
                c.parse(PROCEDURES_ONLY, SettingValueParsers.BOOL, false), c.raw(TOKEN, ""),
                cert.isEmpty() ? null : Path.of(cert), key.isEmpty() ? null : Path.of(key));
        if (s.threads < 1) throw c.bad(THREADS, "must be at least 1");
        if (s.port < 0 || s.port > 65535) throw c.bad(PORT, "must be a port number");
        if (s.maxInFlight < 1 || s.maxConnections < 1 || s.maxMessageBytes < 1024) throw new IllegalArgumentException(
                "gateway limits in " + c.source() + ": max_in_flight and max_connections at least 1, max_message_bytes at least 1024");
        return s;
    }

    boolean tls() {
        return tlsCertificate != null;
    }
}
