package io.graphperf.workloads;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/** An engine for tests that use only a part of it: no transports, no process, nothing to reset; a test overrides what it asks. */
public abstract class StandInEngine implements Engine {

    @Override
    public String description() {
        return "a stand-in engine";
    }

    @Override
    public List<TransportName> transports() {
        return List.of();
    }

    @Override
    public Transport transport(TransportName name) {
        throw new UnsupportedOperationException(name.id());
    }

    @Override
    public void execute(String statement) {
    }

    @Override
    public long queryLong(String statement) {
        return 0;
    }

    @Override
    public void awaitIndexesOnline() {
    }

    @Override
    public void reset() {
    }

    @Override
    public String resetMethod() {
        return "none";
    }

    @Override
    public Map<String, Object> environment() {
        return Map.of();
    }

    @Override
    public OptionalLong serverPid() {
        return OptionalLong.empty();
    }

    @Override
    public void close() {
    }
}
