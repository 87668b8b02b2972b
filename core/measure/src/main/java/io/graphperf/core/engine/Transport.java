package io.graphperf.core.engine;

/**
 * How a client reaches an engine (Bolt, HTTP, embedded, a WebSocket format …): an adapter that only
 * executes operations. Transports never time themselves: the measuring layer
 * ({@link io.graphperf.core.measure.Runner}) wraps every call, so every transport is measured alike.
 * Adding a transport means adding one implementation of this interface. Its name is a {@link TransportName}: what an engine offers
 * ({@link Engine#transports()}) and opens ({@link Engine#transport}); the adapter itself needs none.
 */
public interface Transport extends AutoCloseable {

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
