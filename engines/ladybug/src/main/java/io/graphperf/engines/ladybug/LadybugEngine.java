package io.graphperf.engines.ladybug;

import io.graphperf.core.engine.HostProcess;
import io.graphperf.engines.hosted.HostedEngine;
import io.graphperf.engines.kuzu.KuzuTables;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A running LadybugDB server and the engine host that reaches it, on one store. It speaks Kuzu's Cypher (LadybugDB continues
 * Kuzu's codebase), so the studies' Kuzu queries run on it unchanged. Administrative calls and result checks go through the host's
 * requests; cells run in the host, across the boundary to the Python process.
 */
final class LadybugEngine extends HostedEngine {

    LadybugEngine(HostProcess host, String openReply, Map<String, Object> settings) {
        super(host, LadybugDescriptor.NAME, openReply, settings);
    }

    /** Names the boundary's own round trip, which every latency measured on LadybugDB includes. */
    @Override
    public String description() {
        return "LadybugDB " + environment().getOrDefault("version", LadybugPackage.VERSION) + " embedded in Python " + environment().getOrDefault("python", "?")
                + " (pid " + environment().getOrDefault("serverPid", -1) + "), measured from an engine host (pid " + host.pid().orElse(-1)
                + ") over loopback TCP: every latency includes the boundary's round trip, " + roundTrip("noopRoundTripMicros") + " with no work, "
                + roundTrip("emptyQueryRoundTripMicros") + " for RETURN 1";
    }

    private String roundTrip(String key) {
        return environment().get(key) instanceof Map<?, ?> m ? "p50 " + m.get("p50") + " µs / p99 " + m.get("p99") + " µs" : "not measured";
    }

    /** LadybugDB speaks Kuzu's Cypher. */
    @Override
    public String dialect() {
        return "kuzu";
    }

    @Override
    public List<Long> serverPids() {
        List<Long> pids = new ArrayList<>();
        if (environment().get("serverPid") instanceof Number n) pids.add(n.longValue());
        host.pid().ifPresent(pids::add);
        return pids;
    }

    @Override
    public void reset() throws Exception {
        KuzuTables.dropAll(this);
    }

    @Override
    public String resetMethod() {
        return KuzuTables.RESET_METHOD;
    }

    /** Closes the host (which stops its server); a server still running after that (its host killed outright) is killed too. */
    @Override
    public void close() {
        super.close();
        if (environment().get("serverPid") instanceof Number n) ProcessHandle.of(n.longValue()).ifPresent(p -> {
            try {
                p.onExit().get(60, TimeUnit.SECONDS);
            } catch (Exception e) {
                p.destroyForcibly();
            }
        });
    }
}
