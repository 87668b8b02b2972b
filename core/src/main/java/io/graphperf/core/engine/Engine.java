package io.graphperf.core.engine;

/**
 * An adapter that executes operations over one transport (for example Bolt or HTTP). Engines never
 * time themselves: the measuring layer ({@link io.graphperf.core.measure.Runner}) wraps every call.
 * Adding a database or a transport means adding one implementation of this interface.
 */
public interface Engine extends AutoCloseable {

    /** Short transport name shown in reports, e.g. {@code bolt} or {@code http}. */
    String transport();

    /** Opens the per-client state (a session, a connection). Called once per client thread, untimed. */
    EngineSession openSession() throws Exception;

    @Override
    default void close() throws Exception {
    }
}
