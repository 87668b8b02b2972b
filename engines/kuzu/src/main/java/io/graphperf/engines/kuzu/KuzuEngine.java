package io.graphperf.engines.kuzu;

import io.graphperf.core.engine.DialectName;
import io.graphperf.engines.hosted.HostProcess;
import io.graphperf.engines.hosted.HostedEngine;

import java.util.Map;

/**
 * A running Kuzu engine host on one store. Administrative calls and result checks go through the host's requests; cells
 * run over the embedded transport only, Kuzu having no server protocol.
 */
final class KuzuEngine extends HostedEngine {

    KuzuEngine(HostProcess host, Map<String, Object> openReply, Map<String, Object> settings) {
        super(host, "kuzu", openReply, settings);
    }

    @Override
    public String description() {
        return "embedded Kuzu " + environment().getOrDefault("version", KuzuEngines.VERSION) + " (child JVM, pid " + host.pid().orElse(-1) + ")";
    }

    @Override
    public DialectName dialect() {
        return KuzuDialect.NAME;
    }

    @Override
    public void awaitIndexesOnline() {
        // Kuzu's only index, the primary key's, is built with its table
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
