package io.graphperf.core.engine;

import java.util.List;
import java.util.Optional;

/** Per-client-thread state of a transport. Used by one thread only. */
public interface Session extends AutoCloseable {

    /** The client work every graphperf transport does with a result, so transports are compared alike. */
    String READS_EVERY_ROW = "every row of every result read into a list of Java values (as a client would use them)";

    /**
     * Executes the operation and returns only when its effects are acknowledged (committed) and every row of
     * its results has been read into Java values. Throws on any failure; a thrown operation counts as an
     * error and as not acknowledged.
     */
    void execute(Operation operation) throws Exception;

    /**
     * The time the server reported for the last {@link #execute} (e.g. Bolt's result-available-after
     * plus result-consumed-after), in nanoseconds, or -1 when the transport does not report one. This
     * is the server's own figure, read by the measuring layer, never a timing taken by the adapter.
     */
    default long serverNanos() {
        return -1;
    }

    /**
     * The client library's own work for the last {@link #execute}: encoding (and compressing) the request and
     * decoding (and decompressing) the response, in nanoseconds, as the library reports it; -1 when it does not.
     * The measuring layer splits the rest of the client-measured time by it (client, server, network).
     */
    default long clientNanos() {
        return -1;
    }

    /** The last {@link #execute}'s bytes on the wire as the client library counted them; empty when it does not count them. */
    default Optional<Wire> wire() {
        return Optional.empty();
    }

    /** Runs one statement and returns its rows, values as the transport delivers them (result checks; never timed). */
    default List<List<Object>> fetch(Statement statement) throws Exception {
        throw new UnsupportedOperationException("this transport does not return rows");
    }

    @Override
    default void close() throws Exception {
    }
}
