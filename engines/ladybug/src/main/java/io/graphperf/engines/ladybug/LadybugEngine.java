package io.graphperf.engines.ladybug;

import io.graphperf.core.engine.DialectName;
import io.graphperf.engines.hosted.HostProcess;
import io.graphperf.engines.hosted.HostedEngine;
import io.graphperf.engines.kuzu.KuzuDialect;
import io.graphperf.engines.kuzu.KuzuTables;

import java.util.Map;

/**
 * A running LadybugDB server and the engine host that reaches it, on one store. It speaks Kuzu's Cypher (LadybugDB continues
 * Kuzu's codebase), so the studies' Kuzu queries run on it unchanged. Administrative calls and result checks go through the host's
 * requests; cells run in the host, across the boundary to the Python process.
 */
final class LadybugEngine extends HostedEngine {

    LadybugEngine(HostProcess host, Map<String, Object> openReply, Map<String, Object> settings) {
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

    /** LadybugDB speaks Kuzu's Cypher. */
    @Override
    public DialectName dialect() {
        return KuzuDialect.NAME;
    }

    @Override
    public void reset() throws Exception {
        KuzuTables.dropAll(this);
    }

    @Override
    public String resetMethod() {
        return KuzuTables.RESET_METHOD;
    }
}
