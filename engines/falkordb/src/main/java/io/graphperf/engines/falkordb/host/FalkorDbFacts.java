package io.graphperf.engines.falkordb.host;

import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a FalkorDB server says of itself, for the run's environment: the module's and Redis's versions, the settings that decide
 * durability (appendonly, appendfsync) and the module's threads; and the protocol's own cost, measured by graphperf here: the
 * round trip of a command that does nothing (PING) and of a query that does nothing ({@code RETURN 1}), {@value #ROUND_TRIPS}
 * each on one connection, their median and 99th percentile in microseconds. Every latency measured over the protocol includes
 * such a round trip.
 */
final class FalkorDbFacts {

    static final int ROUND_TRIPS = 2_000;

    private FalkorDbFacts() {
    }

    static Map<String, Object> of(int port, long pid, String graph) throws IOException {
        Map<String, Object> env = new LinkedHashMap<>();
        try (Resp c = new Resp("127.0.0.1", port)) {
            for (Object m : (List<?>) c.call("MODULE", "LIST")) {
                List<?> kv = (List<?>) m;
                if ("graph".equals(FalkorDbValues.text(kv.get(1)))) env.put("version", version(((Number) kv.get(3)).longValue()));
            }
            String info = FalkorDbValues.text(c.call("INFO", "server"));
            for (String line : info.split("\r\n")) if (line.startsWith("redis_version:")) env.put("redisVersion", line.substring("redis_version:".length()));
            for (String setting : List.of("appendonly", "appendfsync", "maxmemory")) {
                List<?> kv = (List<?>) c.call("CONFIG", "GET", setting);
                env.put(setting, FalkorDbValues.text(kv.get(1)));
            }
            List<?> threads = (List<?>) c.call("GRAPH.CONFIG", "GET", "THREAD_COUNT");
            env.put("threadCount", threads.get(1));
            env.put("serverPid", pid);
            env.put("port", port);
            env.put("graph", graph);
            env.put("pingRoundTripMicros", roundTrips(c, "PING"));
            env.put("emptyQueryRoundTripMicros", roundTrips(c, "GRAPH.QUERY", graph, "RETURN 1", "--compact"));
        }
        return env;
    }

    /** FalkorDB's module version as a number (41603) as a release (4.16.3). */
    static String version(long v) {
        return (v / 10000) + "." + (v / 100 % 100) + "." + (v % 100);
    }

    private static Map<String, Object> roundTrips(Resp c, String... command) throws IOException {
        long[] nanos = new long[ROUND_TRIPS];
        for (int i = 0; i < ROUND_TRIPS; i++) {
            long t0 = System.nanoTime();
            c.call(command);
            nanos[i] = System.nanoTime() - t0;
        }
        Arrays.sort(nanos);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("p50", Math.round(nanos[ROUND_TRIPS / 2] / 100.0) / 10.0);
        m.put("p99", Math.round(nanos[ROUND_TRIPS * 99 / 100] / 100.0) / 10.0);
        m.put("command", String.join(" ", command).replace(" --compact", ""));
        return m;
    }
}
