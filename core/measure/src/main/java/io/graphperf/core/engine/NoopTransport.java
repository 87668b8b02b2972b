package io.graphperf.core.engine;

/**
 * A transport that does nothing: running it measures the harness's own cost per operation
 * ({@code graphperf overhead}).
 */
public final class NoopTransport implements Transport {

    @Override
    public Session openSession() {
        return op -> {
        };
    }

    @Override
    public String clientWork() {
        return "none (no-op)";
    }
}
