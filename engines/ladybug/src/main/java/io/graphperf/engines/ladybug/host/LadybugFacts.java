package io.graphperf.engines.ladybug.host;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the run's environment says of a LadybugDB server: its version and Python's, its pid and port, and the boundary's own cost,
 * measured by graphperf here: the round trip of a request that does no work in LadybugDB and of a query that does nothing
 * ({@code RETURN 1}), {@value #ROUND_TRIPS} each on one connection, their median and 99th percentile in microseconds. Every
 * latency measured on LadybugDB includes such a round trip.
 */
final class LadybugFacts {

    static final int ROUND_TRIPS = 2_000;

    private LadybugFacts() {
    }

    static Map<String, Object> of(LadybugServer server) {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("version", server.started().get("version"));
        env.put("python", server.started().get("python"));
        env.put("serverPid", server.pid());
        env.put("port", server.port());
        try (LadybugTransport.Connection c = new LadybugTransport.Connection(server.port())) {
            env.put("noopRoundTripMicros", roundTrips("a request that does no work", c::noop));
            env.put("emptyQueryRoundTripMicros", roundTrips("RETURN 1", () -> c.rows("RETURN 1", Map.of())));
        }
        return env;
    }

    private static Map<String, Object> roundTrips(String what, Runnable call) {
        long[] nanos = new long[ROUND_TRIPS];
        for (int i = 0; i < ROUND_TRIPS; i++) {
            long t0 = System.nanoTime();
            call.run();
            nanos[i] = System.nanoTime() - t0;
        }
        Arrays.sort(nanos);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("p50", Math.round(nanos[ROUND_TRIPS / 2] / 100.0) / 10.0);
        m.put("p99", Math.round(nanos[ROUND_TRIPS * 99 / 100] / 100.0) / 10.0);
        m.put("request", what);
        return m;
    }
}
