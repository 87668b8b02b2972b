package io.graphperf.core.engine;

/**
 * How a client reaches an engine (Bolt, HTTP, embedded, a WebSocket format …): an adapter that only
 * executes operations. Transports never time themselves: the measuring layer
 * ({@link io.graphperf.core.measure.Runner}) wraps every call, so every transport is measured alike.
 * Adding a transport means adding one implementation of this interface.
 */
public interface Transport extends AutoCloseable {

    /** Short name shown in reports and used on the command line, e.g. {@code bolt} or {@code http}. */
    String name();

    /** Opens the per-client state (a session, a connection). Called once per client thread, untimed. */
    Session openSession() throws Exception;

    /**
     * What every operation's result goes through on the client, stated in reports so that transports are
     * compared on equal client work (e.g. "every row read into a list of Java values").
     */
    default String clientWork() {
        return Session.READS_EVERY_ROW;
    }

    @Override
    default void close() throws Exception {
    }
}
