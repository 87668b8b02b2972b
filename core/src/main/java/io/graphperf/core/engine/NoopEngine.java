package io.graphperf.core.engine;

/**
 * An engine that does nothing: running it measures the harness's own cost per operation
 * ({@code graphperf overhead}).
 */
public final class NoopEngine implements Engine {
    @Override
    public String transport() {
        return "noop";
    }

    @Override
    public EngineSession openSession() {
        return op -> {
        };
    }
}
